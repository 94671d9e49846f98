// @vitest-environment node
// docs/testing.md, "What runs where", against the code that decides it: the table of Chromium-only
// files is test/browser/engine-rules.ts's CHROMIUM_ONLY, and every browser test file that skips a
// case in some engine (skipIn) or runs one in Chromium only (itInChromium) has its cases in the
// table of those.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserTestFiles, CHROMIUM_ONLY, filesFor } from '../browser/engine-rules';
import { REPO } from '../esm/snippet';

const BROWSER_DIR = path.join(REPO, 'test', 'browser');
const DOC = readFileSync(path.join(REPO, 'docs', 'testing.md'), 'utf8');

/** The first column of the markdown table under `heading`. */
function firstColumn(heading: string): string[] {
  const start = DOC.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const rows = DOC.slice(start).split('\n').slice(1);
  const table = rows.slice(rows.findIndex((l) => l.startsWith('|')));
  return table
    .slice(
      0,
      table.findIndex((l) => !l.startsWith('|')),
    )
    .slice(2)
    .map((l) => l.split('|')[1]!.trim());
}

describe('which browser test runs where', () => {
  it('the Chromium-only table of docs/testing.md is CHROMIUM_ONLY of test/browser/engine-rules.ts', () => {
    expect(firstColumn('### Files that run in Chromium only').sort()).toEqual(Object.keys(CHROMIUM_ONLY).sort());
  });

  it('the rule holds: Firefox and WebKit run every file but the Chromium-only ones, Chromium all', () => {
    const all = browserTestFiles(BROWSER_DIR);
    expect(filesFor('chromium', BROWSER_DIR)).toEqual(all);
    expect(filesFor('firefox', BROWSER_DIR)).toEqual(all.filter((f) => !(f in CHROMIUM_ONLY)));
    expect(filesFor('webkit', BROWSER_DIR).length).toBeGreaterThan(0);
  });

  /** The files (without .test.ts) whose source matches `call`, and the files the table under `heading` names. */
  const usersAndListed = (call: RegExp, heading: string) => ({
    users: browserTestFiles(BROWSER_DIR)
      .filter((f) => call.test(readFileSync(path.join(BROWSER_DIR, f), 'utf8')))
      .map((f) => f.replace(/\.test\.ts$/, '')),
    listed: firstColumn(heading).map((c) => c.split(':')[0]),
  });

  it('every file that skips a case in some engine has its cases in the table of skipped cases', () => {
    const { users, listed } = usersAndListed(
      /\bskipIn\(ctx/,
      '### Cases skipped in some engines (inside files that run in all three)',
    );
    expect(users.length).toBeGreaterThan(0);
    for (const file of users) expect(listed, file).toContain(file);
  });

  it('every file with a case in Chromium only (itInChromium) has its cases in that table, and only those', () => {
    const { users, listed } = usersAndListed(
      /\bitInChromium\b/,
      '### Cases that run in Chromium only (inside files that run in all three)',
    );
    expect(users.length).toBeGreaterThan(0);
    expect([...new Set(listed)].sort()).toEqual(users.sort());
  });
});

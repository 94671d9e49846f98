// @vitest-environment node
// docs/testing.md, "What runs where", against the code that decides it: the table of Chromium-only
// files is test/browser/engine-rules.ts's CHROMIUM_ONLY, and every browser test file that skips a
// case in some engine (skipIn) has its cases in the table of skipped cases.
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

  it('every file that skips a case in some engine has its cases in the table of skipped cases', () => {
    const listed = firstColumn('### Cases skipped in some engines (inside files that run in all three)').map(
      (c) => c.split(':')[0],
    );
    const skipping = browserTestFiles(BROWSER_DIR)
      .filter((f) => /\bskipIn\(ctx/.test(readFileSync(path.join(BROWSER_DIR, f), 'utf8')))
      .map((f) => f.replace(/\.test\.ts$/, ''));
    expect(skipping.length).toBeGreaterThan(0);
    for (const file of skipping) expect(listed, file).toContain(file);
  });
});

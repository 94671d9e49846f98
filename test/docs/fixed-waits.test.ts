// @vitest-environment node
// No test sleeps and then looks (docs/testing.md, "Waiting"): a test waits for the state a visitor
// would see (expect.poll, waitFor, locator.waitFor, an event the page resolves), never for time.
// Real time may pass on purpose only to show that something did NOT happen, through passTime
// (test/browser/pass-time.ts, test/helpers/time.ts), and then the next assertion must be one of
// absence or of no change. This file reads every test file and fails on anything else.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../esm/snippet';

const TEST_DIR = path.join(REPO, 'test');

/**
 * Files that may hold a timer wait, and why: none of them waits before an assertion. Keep it short.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  'browser/fault-server.ts': 'the faulty service itself: its latency and pauses are the faults under test',
  'browser/engines/locator.ts': 'the poll interval inside the locators’ own waits for a condition',
  'browser/engines/webkit.ts': 'the poll interval while WebKitGTK applies a window size, read until it holds',
  'browser/engines/processes.ts': 'the poll interval while WebKitWebDriver starts',
  'browser/pass-time.ts': 'passTime itself, the one wait before an assertion of absence',
  'voice/fakes.ts':
    'fakes of the browser: a socket that closes and a recorder that delivers on a later task, as the real ones do',
  'browser/hardening/lifecycle-leaks.test.ts':
    'init/destroy cycles at a visitor’s pace inside the page: the time is the input of the leak census, not a wait',
  'browser/media-recorder.test.ts':
    'a safety stop inside the page for a recorder that never delivers; the test waits for the data',
};

/** Waits that are never right in a test: they ask the page or the code for nothing. */
const BANNED = [
  { name: 'waitForTimeout', re: /\bwaitForTimeout\s*\(/ },
  { name: 'sleep()', re: /\bsleep\s*\(/ },
];

/** Real time passing: passTime, the browser tests' old name for it (settle(page)), voice's tick(), a timer promise. */
const TIME_PASSES =
  /\bawait (passTime|settle|tick)\(\s*(wp\.page|page|\d+|\))|new Promise\b[^;]*?\bsetTimeout\s*\(\s*\w+\s*,/;

/** What may follow real time passing: an assertion that something did not happen, or did not change. */
const ABSENCE =
  /\.not\.|toEqual\(\[\]\)|toBe\((0|false|null|undefined)\)|toHaveLength\(\d\)|toBeUndefined\(\)|toBeNull\(\)|\.toBe\([\w.]+\)|\.toEqual\([\w.]+\)/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name) && !e.parentPath.includes('fixtures'))
    .map((e) => path.relative(TEST_DIR, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => f !== 'docs/fixed-waits.test.ts')
    .sort();
}

/** The code lines of a file (comments dropped), with their numbers. */
function codeLines(file: string): { n: number; text: string }[] {
  return readFileSync(path.join(TEST_DIR, file), 'utf8')
    .split('\n')
    .map((text, i) => ({ n: i + 1, text: text.replace(/^\s*\/\/.*$/, '').trim() }))
    .filter((l) => l.text !== '');
}

/**
 * Every fixed wait in `file` that the rules above do not allow, as `file:line: why`. Time that
 * passes in a poll loop (`for`/`while` with its condition) or before the next step of a test (no
 * assertion in the next three lines) is not a wait before an assertion.
 */
export function fixedWaits(file: string): string[] {
  if (file in ALLOWED) return [];
  const found: string[] = [];
  const lines = codeLines(file);
  lines.forEach(({ n, text }, i) => {
    for (const { name, re } of BANNED) if (re.test(text)) found.push(`${file}:${n}: ${name}`);
    if (!TIME_PASSES.test(text) || /^(for|while) \(/.test(text)) return;
    const next = lines
      .slice(i + 1, i + 4)
      .map((l) => l.text)
      .join(' ');
    if (/\bexpect\b/.test(next) && !ABSENCE.test(next)) found.push(`${file}:${n}: time passes before an assertion`);
  });
  return found;
}

describe('no fixed wait before an assertion', () => {
  it('in any file of test/ (docs/testing.md, "Waiting")', () => {
    expect(testFiles(TEST_DIR).flatMap(fixedWaits)).toEqual([]);
  });

  it('the allowed files exist and still need their entry', () => {
    for (const file of Object.keys(ALLOWED)) {
      const text = readFileSync(path.join(TEST_DIR, file), 'utf8');
      expect(/setTimeout\s*\(|\bsleep\s*\(/.test(text), file).toBe(true);
    }
  });

  it('catches the waits it is there for', () => {
    expect(BANNED.some(({ re }) => re.test('await page.waitForTimeout(500);'))).toBe(true);
    expect(BANNED.some(({ re }) => re.test('await sleep(100);'))).toBe(true);
    expect(TIME_PASSES.test('await new Promise((r) => setTimeout(r, 50));')).toBe(true);
    expect(TIME_PASSES.test('await passTime(wp.page, 300);')).toBe(true);
    expect(TIME_PASSES.test('await expect.poll(() => count()).toBe(2);')).toBe(false);
    expect(ABSENCE.test('expect(await wp.violations()).toEqual([]);')).toBe(true);
    expect(ABSENCE.test("expect(await title()).toContain('Türkçe');")).toBe(false);
  });
});

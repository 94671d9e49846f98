// @vitest-environment node
// The browser runs' reporter (test/browser/named-outcomes.ts) names each failed test with its
// error's first line and the value it got, whatever that value's type: CI's log of 28 Nov 2026
// lost a name when the value was a count.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestCase } from 'vitest/node';
import NamedOutcomes from '../browser/named-outcomes';

const failedCase = (name: string, error: { message: string; actual?: unknown }) =>
  ({
    fullName: name,
    module: { relativeModuleId: 'test/browser/example.test.ts' },
    result: () => ({ state: 'failed', errors: [error] }),
  }) as unknown as TestCase;

function report(...cases: TestCase[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'outcomes-'));
  const file = path.join(dir, 'outcomes.json');
  vi.stubEnv('OUTCOMES_FILE', file);
  const reporter = new NamedOutcomes();
  for (const c of cases) reporter.onTestCaseResult(c);
  reporter.onTestRunEnd();
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { failed: string[] }).failed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('named outcomes', () => {
  it('gives the value a failed assertion got: a number, 0, a string on one line, or nothing', () => {
    expect(
      report(
        failedCase('counts replies', {
          message: 'AssertionError: expected 1 to be greater than or equal to 2',
          actual: 1,
        }),
        failedCase('counts items', {
          message: 'AssertionError: expected 0 to be greater than or equal to 20',
          actual: 0,
        }),
        failedCase('reads errors', {
          message: 'AssertionError: expected [ Array(1) ] to deeply equal []\nmore',
          actual: '[\n  "loop"\n]',
        }),
        failedCase('times out', { message: 'Error: Test timed out in 30000ms.' }),
      ),
    ).toEqual([
      'test/browser/example.test.ts > counts replies (AssertionError: expected 1 to be greater than or equal to 2; got: 1)',
      'test/browser/example.test.ts > counts items (AssertionError: expected 0 to be greater than or equal to 20; got: 0)',
      'test/browser/example.test.ts > reads errors (AssertionError: expected [ Array(1) ] to deeply equal []; got: [ "loop" ])',
      'test/browser/example.test.ts > times out (Error: Test timed out in 30000ms.)',
    ]);
  });
});

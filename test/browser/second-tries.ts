// A vitest reporter for the browser runs (test/browser/run.mjs): writes the names of the tests that
// failed once and passed on their second try (the `retry: 1` of vitest.config.ts) to the file in
// SECOND_TRIES_FILE, so that the run's summary names them instead of counting them as plain passes.
// A WebDriver click racing a layout change fails one run in a few hundred (docs/testing.md,
// "Second tries"); a test that fails twice fails the run.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class SecondTries implements Reporter {
  private names: string[] = [];

  onTestCaseResult(test: TestCase): void {
    if (test.diagnostic()?.flaky) this.names.push(`${test.module.relativeModuleId} > ${test.fullName}`);
  }

  onTestRunEnd(): void {
    const file = process.env.SECOND_TRIES_FILE;
    if (file) writeFileSync(file, JSON.stringify(this.names));
  }
}

// A vitest reporter for the browser runs (test/browser/run.mjs): writes to the file in
// OUTCOMES_FILE the names of the tests that failed, and of those that failed once and passed on
// their second try (the `retry: 1` of vitest.config.ts). The run's last lines, and `npm test`'s,
// name them: a CI log cut to its end still says which test it was (docs/testing.md, "Second tries").
import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class NamedOutcomes implements Reporter {
  private failed: string[] = [];
  private secondTries: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const name = `${test.module.relativeModuleId} > ${test.fullName}`;
    if (test.result().state === 'failed') this.failed.push(name);
    else if (test.diagnostic()?.flaky) this.secondTries.push(name);
  }

  onTestRunEnd(): void {
    const file = process.env.OUTCOMES_FILE;
    if (file) writeFileSync(file, JSON.stringify({ failed: this.failed, secondTries: this.secondTries }));
  }
}

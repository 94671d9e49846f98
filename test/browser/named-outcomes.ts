// A vitest reporter for the browser runs (test/browser/run.mjs): writes to the file in
// OUTCOMES_FILE the names of the tests that failed, and of those that failed once and passed on
// their second try (the `retry: 1` of vitest.config.ts), each with its (first) error's first line.
// The run's last lines, and `npm test`'s, name them: a CI log cut to its end still says which test
// it was (docs/testing.md, "Second tries").
import { writeFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase } from 'vitest/node';

export default class NamedOutcomes implements Reporter {
  private failed: string[] = [];
  private secondTries: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const name = `${test.module.relativeModuleId} > ${test.fullName}`;
    const { state, errors } = test.result();
    // The first error's first line: a test that passed on its second try keeps its first try's
    // error, which the log above shows nowhere.
    const message = errors?.[0]?.message;
    const first = message && stripVTControlCharacters(message).split('\n')[0]!.slice(0, 300);
    const named = first ? `${name} (${state === 'failed' ? '' : 'first try: '}${first})` : name;
    if (state === 'failed') this.failed.push(named);
    else if (test.diagnostic()?.flaky) this.secondTries.push(named);
  }

  onTestRunEnd(): void {
    const file = process.env.OUTCOMES_FILE;
    if (file) writeFileSync(file, JSON.stringify({ failed: this.failed, secondTries: this.secondTries }));
  }
}

// A vitest reporter for the browser runs (test/browser/run.mjs): writes to the file in
// OUTCOMES_FILE the names of the tests that failed, each with its error's first line and, for an
// assertion, the value it got (chai's first line shortens it to `[ Array(1) ]`). The run's last
// lines, and `npm test`'s, name them: a CI log cut to its end still says which test it was.
import { writeFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase } from 'vitest/node';

export default class NamedOutcomes implements Reporter {
  private failed: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const { state, errors } = test.result();
    if (state !== 'failed') return;
    const message = errors?.[0]?.message;
    // Serialized by Vitest: a string for most values, but a number stays a number (a count of 0 or
    // 1 made this reporter throw, and the run's last lines lost the name).
    const actual: unknown = errors?.[0]?.actual;
    const got = actual === undefined || actual === '' ? '' : String(actual).replace(/\s+/g, ' ').slice(0, 600);
    const first =
      message && stripVTControlCharacters(message).split('\n')[0]!.slice(0, 300) + (got ? `; got: ${got}` : '');
    const name = `${test.module.relativeModuleId} > ${test.fullName}`;
    this.failed.push(first ? `${name} (${first})` : name);
  }

  onTestRunEnd(): void {
    const file = process.env.OUTCOMES_FILE;
    if (file) writeFileSync(file, JSON.stringify({ failed: this.failed }));
  }
}

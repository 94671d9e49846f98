// What a test leaves running that must end with it, before test/setup.ts resets the mock and the
// tab's storage (a widget left alive would go on sending into the next test's mock, or store its
// conversation in the next test's tab). A registry, not a hook of its own module: a module that
// files sharing modules import (vitest.config.ts) runs once per worker, and a hook it registered
// would serve its first file only; the setup file runs for every file.
const pending: Array<() => void> = [];

/** Runs `end` after the current test, before the shared clean-up. */
export const atEndOfTest = (end: () => void): void => void pending.push(end);

/** test/setup.ts, after each test. */
export function endTest(): void {
  for (const end of pending.splice(0)) end();
}

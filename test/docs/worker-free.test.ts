// @vitest-environment node
// The browser runs' reporter test/browser/worker-free.ts tells test/browser/run.mjs, by one line on
// its output, when the next engine may start: once fewer files are left than the run has workers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import WorkerFree from '../browser/worker-free';
import { WORKER_FREE } from '../browser/workers.mjs';

/** The lines the reporter printed after each step: the run's start, then each file's end. */
function said(files: number, workers: number): number[] {
  vi.stubEnv('BROWSER_WORKERS', String(workers));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  write.mockClear();
  const lines = () => write.mock.calls.filter(([text]) => text === `${WORKER_FREE}\n`).length;
  const reporter = new WorkerFree();
  reporter.onTestRunStart(Array.from({ length: files }, () => ({}) as TestSpecification));
  const after = [lines()];
  for (let i = 0; i < files; i++) {
    reporter.onTestModuleEnd();
    after.push(lines());
  }
  return after;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('worker-free reporter', () => {
  it('says it once, when the files left are fewer than the workers', () => {
    // 5 files on 2 workers: after the 4th file ends, one file is left and one worker has nothing.
    expect(said(5, 2)).toEqual([0, 0, 0, 0, 1, 1]);
    // 3 workers: after the 3rd file ends.
    expect(said(5, 3)).toEqual([0, 0, 0, 1, 1, 1]);
  });

  it('says it at once when the run has fewer files than workers', () => {
    expect(said(1, 2)).toEqual([1, 1]);
  });
});

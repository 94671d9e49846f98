// A vitest reporter for the browser runs (test/browser/run.mjs): prints WORKER_FREE (./workers.mjs) once fewer
// files are left to finish than the run has workers, that is once a worker has nothing more to run.
// run.mjs then starts the next engine, whose start-up (vitest, the browser's launch) takes that
// worker's core instead of leaving it idle while the last files finish.
import type { Reporter, TestSpecification } from 'vitest/node';
import { browserWorkers, WORKER_FREE } from './workers.mjs';

export default class WorkerFree implements Reporter {
  private left = Infinity;
  private said = false;

  onTestRunStart(specifications: readonly TestSpecification[]): void {
    this.left = specifications.length;
    this.check();
  }

  onTestModuleEnd(): void {
    this.left -= 1;
    this.check();
  }

  private check(): void {
    if (this.said || this.left >= browserWorkers()) return;
    this.said = true;
    process.stdout.write(`${WORKER_FREE}\n`);
  }
}

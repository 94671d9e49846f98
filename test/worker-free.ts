// A vitest reporter: prints WORKER_FREE (scripts/worker-free.mjs) once fewer files are left to
// finish than the run has workers, that is once a worker has nothing more to run. The script that
// started the run then starts the next one (scripts/test-all.mjs the browser tests,
// test/browser/run.mjs the next engine), whose start-up takes that worker's core instead of
// leaving it idle while the last files finish.
import type { Reporter, TestSpecification } from 'vitest/node';
import { WORKER_FREE } from '../scripts/worker-free.mjs';

export default class WorkerFree implements Reporter {
  private left = Infinity;
  private workers = 1;
  private said = false;

  onTestRunStart(specifications: readonly TestSpecification[]): void {
    this.left = specifications.length;
    this.workers = Math.max(1, ...specifications.map((spec) => spec.project.config.maxWorkers));
    this.check();
  }

  onTestModuleEnd(): void {
    this.left -= 1;
    this.check();
  }

  private check(): void {
    if (this.said || this.left >= this.workers) return;
    this.said = true;
    process.stdout.write(`${WORKER_FREE}\n`);
  }
}

// The line a vitest run prints once fewer files are left than it has workers, that is once a worker
// has nothing more to run (test/worker-free.ts, a reporter). Whoever started the run may then start
// the next one, whose start-up takes that worker's core while the last files finish:
// scripts/test-all.mjs starts the browser tests on it, test/browser/run.mjs the next engine.
import { createInterface } from 'node:readline';

export const WORKER_FREE = '[vitest] a worker is free';

/** Passes `stream`'s lines to `out` (each through `line`), but for WORKER_FREE, on which `free` is called instead. */
export function watchForFreeWorker(stream, out, free, line = (text) => text) {
  createInterface({ input: stream }).on('line', (text) => {
    if (text === WORKER_FREE) free();
    else out.write(`${line(text)}\n`);
  });
}

// How many workers each engine's browser run has, read by test/browser/run.mjs (its log line),
// vitest.config.ts (the browser project's maxWorkers) and global-setup.ts (one WebKitWebDriver per
// worker): BROWSER_WORKERS, or one per core. Measured on 2 cores (docs/testing.md, "Where the time
// goes"): one worker per core keeps the machine busy.
import { availableParallelism } from 'node:os';

export const browserWorkers = () => Number(process.env.BROWSER_WORKERS) || availableParallelism();

/**
 * The line a browser run prints once fewer files are left than it has workers (./worker-free.ts):
 * run.mjs then starts the next engine, so that its start-up takes the idle worker's core.
 */
export const WORKER_FREE = '[run.mjs] a worker is free';

// How many workers each engine's browser run has, read by test/browser/run.mjs (its log line),
// vitest.config.ts (the browser project's maxWorkers) and global-setup.ts (one WebKitWebDriver per
// worker): BROWSER_WORKERS, or one per core. Measured on 2 cores (docs/testing.md, "Where the time
// goes"): one worker per core keeps the machine busy.
import { availableParallelism } from 'node:os';

export const browserWorkers = () => Number(process.env.BROWSER_WORKERS) || availableParallelism();

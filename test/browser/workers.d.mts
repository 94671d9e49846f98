/** BROWSER_WORKERS, or one per core: the workers of each engine's browser run. */
export declare const browserWorkers: () => number;
/** The line a browser run prints once a worker has nothing more to run (./worker-free.ts). */
export declare const WORKER_FREE: string;

/** BROWSER_WORKERS, or one per core: the workers of each engine's browser run. */
export declare const browserWorkers: () => number;

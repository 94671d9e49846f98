/** The line a vitest run prints once a worker has nothing more to run (test/worker-free.ts). */
export declare const WORKER_FREE: string;
/** Passes `stream`'s lines to `out` (each through `line`), but for WORKER_FREE, on which `free` is called instead. */
export declare function watchForFreeWorker(
  stream: NodeJS.ReadableStream,
  out: NodeJS.WritableStream,
  free: () => void,
  line?: (text: string) => string,
): void;

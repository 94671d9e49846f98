// Long work on a table (sorting thousands of rows, taking them out of the tab order) cut into
// tasks: the widget runs inside someone else's page, and no task of ours may hold it for more
// than 50 ms (docs/hardening.md). The work is a generator that yields often; each task runs it
// until its slice of time is spent, then the rest waits for a later task.

/** Time one task may spend, well under the 50 ms budget: layout and paint follow it. */
export const SLICE_MS = 12;

export type Work<T> = Generator<void, T, void>;

/**
 * Runs `work` now, for at most `SLICE_MS`, then in later tasks until it ends, then calls
 * `done` with its result. A small job ends within the first slice: synchronously. Returns a
 * function that stops it (between two yields).
 */
export function runChunked<T>(work: Work<T>, done: (result: T) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = () => {
    const start = performance.now();
    // oxlint-disable-next-line no-unmodified-loop-condition -- `stop()` sets it, from a step's callback
    while (!stopped) {
      const step = work.next();
      if (step.done) return done(step.value);
      if (performance.now() - start > SLICE_MS) {
        timer = setTimeout(slice);
        return;
      }
    }
  };
  slice();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

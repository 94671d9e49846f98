// Retry timing (contract 4.2): pure, so tests pin the jitter with an injected `random`.

export const RETRY_BASE_MS = 500;
export const RETRY_CAP_MS = 8_000;
/**
 * Longest `Retry-After` the client waits for silently. A longer one is not shortened (that would
 * call the service earlier than it asked): the client gives up and the visitor gets a retry button.
 */
export const RETRY_AFTER_MAX_MS = 30_000;

/**
 * Delay before retry number `attempt` (0 for the first retry). A `Retry-After` wins when given;
 * otherwise exponential backoff with equal jitter: at least half the step is kept, so widgets on
 * many pages that failed together do not come back together, nor at once.
 */
export function retryDelay(
  attempt: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) {
    return Math.min(retryAfterMs, RETRY_AFTER_MAX_MS);
  }
  const step = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** attempt);
  return step / 2 + random() * (step / 2);
}

/** `Retry-After` as ms from `now`: delta-seconds or an HTTP date; undefined when absent/garbled. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Resolves after `ms`; an abort rejects at once with the signal's reason and clears the timer. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

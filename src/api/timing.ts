// When the transport waits: retry backoff, Retry-After, and how long a silent stream is trusted.
// Kept apart from request.ts so the numbers of docs/protocol.md "Retries and idempotency" sit in one place.

/** At most 3 automatic retries of a request that failed before its answer began. */
const MAX_RETRIES = 3;

/** A Retry-After longer than this is not waited for: the visitor gets a retry button instead. */
const MAX_RETRY_AFTER_MS = 30_000;

/** A chat stream that delivers no bytes (comments count) for this long is stalled. */
export const STALL_MS = 60_000;

/**
 * `Retry-After` in ms from `now`: delta-seconds or an HTTP date; undefined when absent or garbled
 * ('' is a NaN date too). Headers.get already trims the value.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  // null reads as 'null': not digits, and a NaN date.
  const ms = /^\d+(\.\d+)?$/.test(value!) ? +value! * 1000 : Date.parse(value!) - now;
  return ms >= 0 ? Math.round(ms) : ms < 0 ? 0 : undefined;
}

/**
 * How long to wait before retry number `attempt + 1`, or undefined to give up. A Retry-After is
 * obeyed as given (never shortened: that would call the service earlier than it asked). Otherwise
 * exponential backoff with equal jitter: at least half the step is kept, so widgets on many pages
 * that failed together neither come back together nor at once (250–500, 500–1000, 1000–2000 ms).
 */
export function retryDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number | undefined {
  if (attempt < MAX_RETRIES && !(retryAfterMs! > MAX_RETRY_AFTER_MS)) {
    return retryAfterMs ?? 250 * 2 ** attempt * (1 + random());
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller then checks the signal). */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((wake) => {
    const timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', () => wake(clearTimeout(timer)), { once: true });
  });

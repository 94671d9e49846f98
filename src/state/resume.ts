// A reply in flight when the page went away (docs/protocol.md "A reply in flight survives a page
// load"): the service finishes and stores it, so the widget asks for the conversation again, with
// backoff, until the stored reply is there or two minutes have passed.
import { HttpError, NetworkError } from '../api/errors';
import { sleep } from '../api/timing';
import type { Conversation } from '../api/types';

/** How long the widget keeps asking before it offers the visitor a reload instead. */
export const RESUME_LIMIT_MS = 120_000;

/** The conversation still ends with the visitor's message: its reply is not stored yet. */
export const waitsForReply = (conv: Conversation): boolean => conv.messages[conv.messages.length - 1]?.role === 'user';

/**
 * Waits before ask number `n + 1`: 1 s, growing by half each time up to 8 s, with jitter (as in
 * api/timing.ts) so that many pages reloaded together do not ask together. About 20 asks in two minutes.
 */
export const resumeDelay = (n: number, random: () => number): number =>
  Math.round(Math.min(8_000, 1_000 * 1.5 ** n) * (0.75 + random() / 2));

/**
 * Asks `get` again until the conversation's last message is no longer the visitor's, and returns
 * it; null once `limitMs` has passed. A failed ask (network, 5xx) is asked again later; an answer
 * that can never change (401, 404, a refused id) and the caller's abort are thrown.
 */
export async function awaitStoredReply(
  get: (signal: AbortSignal) => Promise<Conversation>,
  signal: AbortSignal,
  random: () => number = Math.random,
  limitMs = RESUME_LIMIT_MS,
): Promise<Conversation | null> {
  const end = Date.now() + limitMs;
  for (let n = 0; ; n++) {
    const wait = Math.min(resumeDelay(n, random), end - Date.now());
    if (wait <= 0) return null;
    await sleep(wait, signal);
    signal.throwIfAborted();
    try {
      const conv = await get(signal);
      if (!waitsForReply(conv)) return conv;
    } catch (err) {
      signal.throwIfAborted();
      // A network failure, a time-out or a 5xx: the next ask may get through.
      if (!(err instanceof NetworkError || (err instanceof HttpError && err.status >= 500))) throw err;
    }
  }
}

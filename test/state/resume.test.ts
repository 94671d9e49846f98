// @vitest-environment node
// A reply pending when the last page went away (docs/protocol.md "A reply in flight survives a page
// load"): asked again with backoff until it is stored, for at most two minutes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '../../src/api/errors';
import type { Conversation, WireMessage } from '../../src/api/types';
import { awaitStoredReply, RESUME_LIMIT_MS, resumeDelay, waitsForReply } from '../../src/state/resume';

afterEach(() => vi.useRealTimers());

const msg = (role: 'user' | 'assistant', content = 'x'): WireMessage => ({
  id: content,
  role,
  content,
  created_at: '',
});
const conv = (...messages: WireMessage[]): Conversation => ({ id: 'c_1', title: 't', created_at: '', messages });
const asked = conv(msg('user', 'q'));
const answered = conv(msg('user', 'q'), msg('assistant', 'a'));

/** Runs `awaitStoredReply` under fake timers to its end; returns its result and the fake times of the asks. */
async function run(answers: (n: number) => Conversation | Error, random = () => 0.5) {
  vi.useFakeTimers({ now: 0 });
  const times: number[] = [];
  const get = vi.fn(async () => {
    times.push(Date.now());
    const a = answers(times.length);
    if (a instanceof Error) throw a;
    return a;
  });
  type Outcome = { v?: Conversation | null; e?: unknown };
  const result = awaitStoredReply(get, new AbortController().signal, random).then(
    (v): Outcome => ({ v }),
    (e: unknown): Outcome => ({ e }),
  );
  await vi.advanceTimersByTimeAsync(RESUME_LIMIT_MS + 10_000);
  return { ...(await result), times };
}

describe('awaiting a reply stored after the page went away', () => {
  it('the conversation waits while its last message is the visitor’s', () => {
    expect(waitsForReply(asked)).toBe(true);
    expect(waitsForReply(answered)).toBe(false);
    expect(waitsForReply(conv())).toBe(false);
  });

  it('asks again with growing waits (1 s, then half again each time, at most 8 s) until the reply is stored', async () => {
    const { v, times } = await run((n) => (n < 6 ? asked : answered));
    expect(v).toBe(answered);
    expect(times).toEqual([1000, 2500, 4750, 8125, 13188, 20782]);
  });

  it('jitter spreads the asks of many pages by a quarter either way', () => {
    expect(resumeDelay(0, () => 0)).toBe(750);
    expect(resumeDelay(0, () => 1)).toBe(1250);
    expect(resumeDelay(20, () => 0.5)).toBe(8000);
  });

  it('gives up after two minutes (null): never asks after that', async () => {
    const { v, times } = await run(() => asked);
    expect(v).toBeNull();
    expect(times.length).toBeGreaterThan(15);
    expect(times.length).toBeLessThan(25);
    expect(Math.max(...times)).toBeLessThanOrEqual(RESUME_LIMIT_MS);
  });

  it('a network failure or a 5xx is asked again; a 404 or 401 ends it at once', async () => {
    const flaky = await run((n) => (n === 1 ? new NetworkError(false) : n === 2 ? new HttpError(503, null) : answered));
    expect(flaky.v).toBe(answered);
    expect(flaky.times).toHaveLength(3);
    const gone = await run(() => new HttpError(404, { error: 'conversation_not_found' }));
    expect(gone.e).toBeInstanceOf(HttpError);
    expect(gone.times).toHaveLength(1);
    const expired = await run(() => new HttpError(401, { error: 'token_expired' }));
    expect(expired.times).toHaveLength(1);
  });

  it('an abort (Stop, a new conversation, destroy) ends the wait at once', async () => {
    vi.useFakeTimers({ now: 0 });
    const ctrl = new AbortController();
    const get = vi.fn(async () => asked);
    const result = awaitStoredReply(get, ctrl.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    const before = get.mock.calls.length;
    ctrl.abort();
    expect(await result).toHaveProperty('name', 'AbortError');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(get.mock.calls.length).toBe(before);
  });
});

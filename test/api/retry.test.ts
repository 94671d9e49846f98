import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError, StreamInterruptedError } from '../../src/api/errors';
import { parseRetryAfter } from '../../src/api/timing';
import { server } from '../msw-server';
import { API, chunk, DONE, fail, makeClient, sse } from './helpers';

describe('parseRetryAfter', () => {
  it('parses Retry-After seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('automatic retry (docs/protocol.md, "Retries and idempotency")', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  /** Counts the attempts and records what each carried. */
  function recordChat(answer: (n: number) => Response | Promise<Response>) {
    const seen: { auth: string | null; key: string | null }[] = [];
    server.use(
      http.post(`${API}/chat`, ({ request }) => {
        seen.push({ auth: request.headers.get('Authorization'), key: request.headers.get('Idempotency-Key') });
        return answer(seen.length);
      }),
    );
    return seen;
  }

  it('retries 503 with the same Idempotency-Key and a fresh token each time', async () => {
    const seen = recordChat((n) => (n < 3 ? fail(503, 'busy') : sse([chunk({ content: 'ok' }), DONE])));
    let t = 0;
    const getToken = vi.fn(() => Promise.resolve(`tok-${++t}`));
    const events: unknown[] = [];
    const pending = makeClient({ getToken }).chat({ message: 'hi' }, (e) => events.push(e));
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(pending).resolves.toEqual({ conversationId: null });
    expect(getToken).toHaveBeenCalledTimes(3);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer tok-1', 'Bearer tok-2', 'Bearer tok-3']);
    expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    expect(events).toEqual([{ type: 'start', conversationId: null }, { type: 'delta', text: 'ok' }, { type: 'done' }]);
  });

  it('gives each new send a new Idempotency-Key', async () => {
    const seen = recordChat(() => sse([DONE]));
    const client = makeClient();
    await client.chat({ message: 'a' }, () => {});
    await client.chat({ message: 'b' }, () => {});
    expect(seen[0]!.key).not.toBe(seen[1]!.key);
  });

  it('stops after 4 attempts of 503', async () => {
    const seen = recordChat(() => fail(503, null));
    const pending = makeClient()
      .chat({ message: 'hi' }, () => {})
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    const err = await pending;
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 503 });
    expect(seen).toHaveLength(4);
  });

  it('waits as long as Retry-After says', async () => {
    const seen = recordChat((n) => (n === 1 ? fail(503, null, {}, { 'Retry-After': '5' }) : sse([DONE])));
    const pending = makeClient({ random: () => 0 }).chat({ message: 'hi' }, () => {});
    await vi.advanceTimersByTimeAsync(4_999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(seen).toHaveLength(2);
  });

  it('gives up at once when Retry-After is longer than it will wait', async () => {
    const seen = recordChat(() => fail(503, null, {}, { 'Retry-After': '3600' }));
    const err = await makeClient()
      .chat({ message: 'hi' }, () => {})
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, retryAfterMs: 3_600_000 });
    expect(seen).toHaveLength(1);
  });

  it.each([
    [0, [250, 500, 1000]],
    [0.5, [375, 750, 1500]],
  ])('backs off exponentially with equal jitter (random %f)', async (r, waits) => {
    const seen = recordChat(() => fail(503, null));
    const pending = makeClient({ random: () => r })
      .chat({ message: 'hi' }, () => {})
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    for (const [i, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(seen).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toHaveLength(i + 2);
    }
    expect(await pending).toMatchObject({ name: 'HttpError', status: 503 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('backs off the same way for GETs', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/config`, () => (++calls < 3 ? fail(503, null) : HttpResponse.json({ read_only: true }))),
    );
    const pending = makeClient({ random: () => 0 }).getConfig();
    await vi.advanceTimersByTimeAsync(749);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ read_only: true });
  });

  it.each([
    ['0', 0],
    ['30', 30_000],
  ])('waits Retry-After: %s exactly, up to 30 s', async (header, ms) => {
    const seen = recordChat((n) => (n === 1 ? fail(503, null, {}, { 'Retry-After': header }) : sse([DONE])));
    const pending = makeClient({ random: () => 0.9 }).chat({ message: 'hi' }, () => {});
    await vi.advanceTimersByTimeAsync(0);
    if (ms) {
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(seen).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
    }
    await pending;
    expect(seen).toHaveLength(2);
  });

  it('retries a network failure before the answer', async () => {
    const seen = recordChat((n) =>
      n === 1 ? HttpResponse.error() : sse([DONE], 'close', { 'X-Conversation-Id': 'c9' }),
    );
    const pending = makeClient().chat({ message: 'hi' }, () => {});
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(pending).resolves.toEqual({ conversationId: 'c9' });
    expect(seen).toHaveLength(2);
  });

  it.each([
    [401, { error: 'token_expired' }],
    [429, { error: 'user_limit_reached', period: 'daily' }],
    [409, { error: 'confirmation_not_pending' }],
    [500, 'boom'],
    [502, null],
  ])('does not retry %i', async (status, detail) => {
    const seen = recordChat(() => fail(status, detail));
    const pending = makeClient()
      .chat({ message: 'hi' }, () => {})
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await pending).toMatchObject({ name: 'HttpError', status });
    expect(seen).toHaveLength(1);
  });

  it('stops retrying when aborted during the backoff', async () => {
    const seen = recordChat(() => fail(503, null));
    const ac = new AbortController();
    const pending = makeClient()
      .chat({ message: 'hi' }, () => {}, ac.signal)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(seen).toHaveLength(1);
    ac.abort();
    const err = await pending;
    expect(err).toBeInstanceOf(DOMException);
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
  });

  it('never re-sends a stream cut after it began', async () => {
    for (const end of ['error', 'close'] as const) {
      const events: unknown[] = [];
      const seen = recordChat(() => sse([chunk({ content: 'partial' })], end));
      const pending = makeClient()
        .chat({ message: 'hi' }, (e) => events.push(e))
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await pending).toBeInstanceOf(StreamInterruptedError);
      expect(seen).toHaveLength(1);
      expect(events).toEqual([
        { type: 'start', conversationId: null },
        { type: 'delta', text: 'partial' },
      ]);
    }
  });

  it('times out a silent attempt as a retryable NetworkError', async () => {
    const seen = recordChat(async (n) => {
      if (n <= 4) await delay('infinite');
      return sse([DONE]);
    });
    const pending = makeClient({ requestTimeoutMs: 1_000 })
      .chat({ message: 'hi' }, () => {})
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    const err = await pending;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ timedOut: true });
    expect(seen).toHaveLength(4);
  });

  it('does not time out a stream once its answer began', async () => {
    const enc = new TextEncoder();
    const seen = recordChat(
      () =>
        new HttpResponse(
          new ReadableStream<Uint8Array>({
            async pull(c) {
              await new Promise((r) => setTimeout(r, 5_000));
              c.enqueue(enc.encode(chunk({ content: 'late' }) + DONE));
              c.close();
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    );
    const events: unknown[] = [];
    const pending = makeClient({ requestTimeoutMs: 1_000 }).chat({ message: 'hi' }, (e) => events.push(e));
    await vi.advanceTimersByTimeAsync(6_000);
    await expect(pending).resolves.toEqual({ conversationId: null });
    expect(events).toContainEqual({ type: 'delta', text: 'late' });
    expect(seen).toHaveLength(1);
  });
});

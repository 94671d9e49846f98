// docs/protocol.md, "The chat stream": how a chat stream ends. A clean end after `finish_reason: "stop"` is a
// finished reply, `event: message` is the unnamed event, and 60 s without a byte is a cut.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamInterruptedError } from '../../src/api/errors';
import { createChatDecoder } from '../../src/api/sse';
import type { ChatEvent } from '../../src/api/types';
import { server } from '../msw-server';
import { API, chunk, DONE, makeClient, sse } from './helpers';

const decode = (text: string): ChatEvent[] => {
  const events: ChatEvent[] = [];
  const d = createChatDecoder((e) => events.push(e));
  d.feed(text);
  d.end();
  return events;
};

describe('how a stream ends', () => {
  it('a clean end after finish_reason "stop" finishes the reply without [DONE]', () => {
    expect(decode(chunk({ content: 'All ' }) + chunk({ content: 'done.' }) + chunk({}, 'stop'))).toEqual([
      { type: 'delta', text: 'All ' },
      { type: 'delta', text: 'done.' },
      { type: 'done' },
    ]);
  });

  it('a clean end after finish_reason "tool_calls" (or none) is still unfinished', () => {
    expect(decode(chunk({ content: 'Looking' }) + chunk({}, 'tool_calls'))).toEqual([
      { type: 'delta', text: 'Looking' },
    ]);
    expect(decode(chunk({}, 'stop') + chunk({ content: 'more' }, 'tool_calls'))).toEqual([
      { type: 'delta', text: 'more' },
    ]);
  });

  it('the client resolves such a stream as finished', async () => {
    server.use(http.post(`${API}/chat`, () => sse([chunk({ content: 'Hi' }), chunk({}, 'stop')])));
    const events: ChatEvent[] = [];
    await expect(makeClient().chat({ message: 'x' }, (e) => events.push(e))).resolves.toEqual({ conversationId: null });
    expect(events.at(-1)).toEqual({ type: 'done' });
  });

  it('an explicit `event: message` is the unnamed event', () => {
    const frame = chunk({ content: 'named message' });
    expect(decode(`event: message\n${frame}event:message\r\ndata: [DONE]\r\n\r\n`)).toEqual([
      { type: 'delta', text: 'named message' },
      { type: 'done' },
    ]);
  });
});

describe('a stream that goes silent (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  /** A chat answer whose body yields each part after its delay (ms) and then stays open. */
  function timed(parts: [delay: number, text: string][]) {
    const enc = new TextEncoder();
    const state = { cancelled: false };
    const queue = [...parts];
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        const next = queue.shift();
        if (!next) return new Promise<void>(() => {}); // silent from here on
        await new Promise((r) => setTimeout(r, next[0]));
        c.enqueue(enc.encode(next[1]));
      },
      cancel() {
        state.cancelled = true;
      },
    });
    const fetch = (() =>
      Promise.resolve(
        new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
      )) as typeof globalThis.fetch;
    return { fetch, state };
  }

  it('60 s without a byte mid-reply: the stream is aborted and treated as cut', async () => {
    const { fetch, state } = timed([[0, chunk({ content: 'partial' })]]);
    const events: ChatEvent[] = [];
    const pending = makeClient({ fetch })
      .chat({ message: 'x' }, (e) => events.push(e))
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(state.cancelled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err).toBeInstanceOf(StreamInterruptedError);
    expect(state.cancelled).toBe(true);
    expect(events).toEqual([
      { type: 'start', conversationId: null },
      { type: 'delta', text: 'partial' },
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a stall after finish_reason "stop" is still a cut, not a finished reply', async () => {
    const { fetch } = timed([[0, chunk({ content: 'all' }) + chunk({}, 'stop')]]);
    const pending = makeClient({ fetch })
      .chat({ message: 'x' }, () => {})
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await pending).toBeInstanceOf(StreamInterruptedError);
  });

  it('comments count as bytes: pings every 50 s keep a slow reply alive', async () => {
    const { fetch } = timed([
      [50_000, ': ping\n\n'],
      [50_000, ': ping\n\n'],
      [50_000, chunk({ content: 'late' })],
      [50_000, DONE],
    ]);
    const events: ChatEvent[] = [];
    const pending = makeClient({ fetch }).chat({ message: 'x' }, (e) => events.push(e));
    await vi.advanceTimersByTimeAsync(200_000);
    await expect(pending).resolves.toEqual({ conversationId: null });
    expect(events.at(-1)).toEqual({ type: 'done' });
    // This body stays open after [DONE]: it is read to its end for 10 s more (api/read.ts drain), then dropped.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the static token rule (token provider)', () => {
  it('a rejected static authToken is not sent again; a getAuthToken is asked again', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/config`, () => {
        calls++;
        return HttpResponse.json({ detail: { error: 'token_expired' } }, { status: 401 });
      }),
    );
    const fixed = makeClient({ getToken: () => 'static.jwt', staticToken: true });
    expect(await fixed.getConfig().catch((e: unknown) => e)).toMatchObject({ name: 'HttpError', status: 401 });
    expect(await fixed.getConfig().catch((e: unknown) => e)).toMatchObject({ name: 'AuthTokenError', expired: true });
    expect(calls).toBe(1);
    const getter = makeClient({ getToken: () => 'fresh.jwt' });
    await getter.getConfig().catch(() => {});
    await getter.getConfig().catch(() => {});
    expect(calls).toBe(3);
  });
});

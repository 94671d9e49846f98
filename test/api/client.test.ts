import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { StreamInterruptedError } from '../../src/api/errors';
import type { ChatEvent } from '../../src/api/types';
import { server } from '../msw-server';
import { API, BASE, chunk, DONE, makeClient, named, sse } from './helpers';

/** Captures every request the client makes, answering each with `answer`. */
function capture(answer: (req: Request) => Response) {
  const requests: { req: Request; body: string }[] = [];
  server.use(
    http.all(`${API}/*`, async ({ request }) => {
      requests.push({ req: request, body: await request.clone().text() });
      return answer(request);
    }),
  );
  return requests;
}

describe('createClient', () => {
  it('sends the contract headers, no cookies, and keeps the token out of the URL', async () => {
    const requests = capture(() => HttpResponse.json({ read_only: false }));
    const config = await makeClient({ getToken: () => 'secret.jwt' }).getConfig();
    expect(config).toMatchObject({ read_only: false });
    const { req, body } = requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.url).toBe(`${API}/config`);
    expect(req.credentials).toBe('omit');
    expect(req.headers.get('Authorization')).toBe('Bearer secret.jwt');
    expect(req.headers.get('X-Public-Id')).toBe('pk_test');
    expect(req.headers.get('Accept')).toBe('application/json');
    expect(req.headers.get('Content-Type')).toBeNull();
    expect(req.headers.get('Idempotency-Key')).toBeNull();
    expect(req.headers.get('Cookie')).toBeNull();
    expect(req.url).not.toContain('secret');
    expect(body).toBe('');
  });

  it('asks getToken again for every request', async () => {
    capture(() => HttpResponse.json({ data: [], next_cursor: null }));
    const getToken = vi.fn(() => 'tok');
    const client = makeClient({ getToken });
    await client.listConversations(null);
    await client.listConversations(null);
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it('builds list and conversation URLs with encoded parts', async () => {
    const requests = capture((req) =>
      req.url.includes('/conversations?')
        ? HttpResponse.json({ data: [], next_cursor: null })
        : HttpResponse.json({ id: 'a?b#c', messages: [] }),
    );
    const client = makeClient();
    await client.listConversations(null);
    await client.listConversations('c&d=1');
    await client.getConversation('a?b#c');
    expect(requests.map((r) => r.req.url)).toEqual([
      `${API}/conversations?limit=20`,
      `${API}/conversations?limit=20&cursor=c%26d%3D1`,
      `${API}/conversations/a%3Fb%23c`,
    ]);
  });

  it('streams a new conversation: no conversation_id key, events as they arrive, X-Conversation-Id', async () => {
    const requests = capture(() =>
      sse([named('conversation', { id: 'conv_1', title: 'Orders' }), chunk({ content: 'Hi' }), DONE], 'close', {
        'X-Conversation-Id': 'conv_1',
      }),
    );
    const events: ChatEvent[] = [];
    const out = await makeClient().chat({ message: 'orders today?' }, (e) => events.push(e));
    expect(out).toEqual({ conversationId: 'conv_1' });
    expect(events).toEqual([
      { type: 'start', conversationId: 'conv_1' },
      { type: 'conversation', id: 'conv_1', title: 'Orders' },
      { type: 'delta', text: 'Hi' },
      { type: 'done' },
    ]);
    const { req, body } = requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`${API}/chat`);
    expect(req.credentials).toBe('omit');
    expect(req.headers.get('Content-Type')).toBe('application/json');
    expect(req.headers.get('Accept')).toBe('text/event-stream');
    expect(req.headers.get('X-Public-Id')).toBe('pk_test');
    expect(req.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(JSON.parse(body)).toEqual({ message: 'orders today?' });
    expect(Object.keys(JSON.parse(body))).not.toContain('conversation_id');
  });

  it('sends a confirmation decision in an existing conversation', async () => {
    const requests = capture(() => sse([DONE]));
    const body = { conversation_id: 'c1', confirmation: { id: 'cf', decision: 'confirm' as const } };
    await makeClient().chat(body, () => {});
    expect(JSON.parse(requests[0]!.body)).toEqual(body);
  });

  it('delivers events before the stream ends, and an abort surfaces as AbortError', async () => {
    capture(() => sse([chunk({ content: 'first' })], 'open'));
    const ac = new AbortController();
    const events: ChatEvent[] = [];
    const pending = makeClient().chat(
      { message: 'x' },
      (e) => {
        events.push(e);
        if (e.type === 'delta') ac.abort();
      },
      ac.signal,
    );
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(events).toEqual([
      { type: 'start', conversationId: null },
      { type: 'delta', text: 'first' },
    ]);
  });

  it('an abort before sending makes no request', async () => {
    const requests = capture(() => HttpResponse.json({}));
    const err = await makeClient()
      .getConfig(AbortSignal.abort())
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(0);
  });

  it('voice session sends conversation_id only when known', async () => {
    const session = { token: 's', url: 'wss://v.test', expires_at: '2026-01-01T00:00:00Z' };
    const requests = capture(() => HttpResponse.json(session));
    const client = makeClient();
    expect(await client.voiceSession(null)).toEqual(session);
    await client.voiceSession('c1');
    expect(requests.map((r) => r.req.url)).toEqual([`${API}/voice/session`, `${API}/voice/session`]);
    expect(requests.map((r) => JSON.parse(r.body))).toEqual([{}, { conversation_id: 'c1' }]);
    expect(requests[0]!.req.headers.get('Idempotency-Key')).not.toBe(requests[1]!.req.headers.get('Idempotency-Key'));
  });

  it('portal code is a bodiless POST with an Idempotency-Key', async () => {
    const code = { code: 'abc', url: 'https://portal.test', expires_at: '2026-01-01T00:00:00Z' };
    const requests = capture(() => HttpResponse.json(code));
    expect(await makeClient().portalCode()).toEqual(code);
    const { req, body } = requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`${API}/portal/code`);
    expect(body).toBe('');
    expect(req.headers.get('Content-Type')).toBeNull();
    expect(req.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('makes v4 Idempotency-Keys without crypto.randomUUID (pages on plain http)', async () => {
    const keys = new Set<string>();
    const fetch = ((_: unknown, init: RequestInit) => {
      keys.add((init.headers as Record<string, string>)['Idempotency-Key']!);
      return Promise.resolve(new Response('{"code":"pc_1"}'));
    }) as typeof globalThis.fetch;
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      for (let i = 0; i < 50; i++) await makeClient({ fetch }).portalCode();
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('uses an injected fetch as a plain function', async () => {
    const fake = vi.fn(function (this: unknown, input: RequestInfo | URL) {
      expect(this).toBeUndefined();
      expect(String(input)).toBe(`${BASE}/sub/api/v1/widget/config`);
      return Promise.resolve(HttpResponse.json({ read_only: true }));
    });
    const client = makeClient({ baseUrl: `${BASE}/sub//`, fetch: fake as unknown as typeof fetch });
    expect(await client.getConfig()).toMatchObject({ read_only: true });
    expect(fake).toHaveBeenCalledOnce();
  });
});

/** A chat answer from an injected fetch (no msw), whose body reports being cancelled. */
function streamFetch(parts: string[], end: 'close' | 'error' | 'open') {
  const enc = new TextEncoder();
  const state = { cancelled: false, closed: false };
  const queue = [...parts];
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      const next = queue.shift();
      if (next !== undefined) c.enqueue(enc.encode(next));
      // Failing only once the parts were read: error() drops chunks still queued.
      else if (end === 'close') {
        c.close();
        state.closed = true;
      } else if (end === 'error') c.error(new TypeError('network'));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const fetch = (() =>
    Promise.resolve(
      new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    )) as typeof globalThis.fetch;
  return { fetch, state, body };
}

describe('chat stream reading', () => {
  it('resolves after [DONE] without waiting for the body to close, then reads it to its end: never cancelled', async () => {
    // Cancelling a finished reply's body ends its request as aborted (net::ERR_ABORTED in Chromium).
    const { fetch, state, body } = streamFetch([chunk({ content: 'a' }), DONE, ': trailing comment\n\n'], 'close');
    const events: ChatEvent[] = [];
    await expect(makeClient({ fetch }).chat({ message: 'x' }, (e) => events.push(e))).resolves.toEqual({
      conversationId: null,
    });
    expect(events).toEqual([{ type: 'start', conversationId: null }, { type: 'delta', text: 'a' }, { type: 'done' }]);
    // Read to the end, then the lock released: the stream is closed, not cancelled.
    await vi.waitFor(() => expect(body.locked).toBe(false));
    expect(state.cancelled).toBe(false);
    expect(state.closed).toBe(true);
  });

  it('a body still open after [DONE] is dropped after 10 s (fake timers), or at once on abort (destroy)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const open = streamFetch([chunk({ content: 'a' }), DONE], 'open');
      await makeClient({ fetch: open.fetch }).chat({ message: 'x' }, () => {});
      await vi.advanceTimersByTimeAsync(9_900);
      expect(open.state.cancelled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(open.state.cancelled).toBe(true);

      const ac = new AbortController();
      const aborted = streamFetch([chunk({ content: 'a' }), DONE], 'open');
      await makeClient({ fetch: aborted.fetch }).chat({ message: 'x' }, () => {}, ac.signal);
      expect(aborted.state.cancelled).toBe(false);
      ac.abort();
      await vi.waitFor(() => expect(aborted.state.cancelled).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });

  it('resolves when an error event ends the reply and the body then closes', async () => {
    const { fetch } = streamFetch([named('error', { error: 'x' })], 'close');
    const events: ChatEvent[] = [];
    await expect(makeClient({ fetch }).chat({ message: 'x' }, (e) => events.push(e))).resolves.toEqual({
      conversationId: null,
    });
    expect(events.at(-1)).toEqual({ type: 'error', error: 'x' });
  });

  it.each(['close', 'error'] as const)(
    'rejects with StreamInterruptedError when the body ends (%s) before [DONE]',
    async (end) => {
      const { fetch } = streamFetch([chunk({ content: 'part' })], end);
      const events: ChatEvent[] = [];
      const err = await makeClient({ fetch })
        .chat({ message: 'x' }, (e) => events.push(e))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StreamInterruptedError);
      expect(err).toMatchObject({ name: 'StreamInterruptedError' });
      expect(events).toEqual([
        { type: 'start', conversationId: null },
        { type: 'delta', text: 'part' },
      ]);
    },
  );

  it('an abort cancels a body that ignores the signal, surfaces as the AbortError itself, emits nothing after it', async () => {
    const { fetch, state } = streamFetch([chunk({ content: 'a' })], 'open');
    const ac = new AbortController();
    const events: ChatEvent[] = [];
    const pending = makeClient({ fetch }).chat({ message: 'x' }, (e) => events.push(e), ac.signal);
    await vi.waitFor(() => expect(events.at(-1)).toEqual({ type: 'delta', text: 'a' }));
    ac.abort();
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(state.cancelled).toBe(true);
    expect(events).toEqual([
      { type: 'start', conversationId: null },
      { type: 'delta', text: 'a' },
    ]);
  });

  it('a mistyped chat answer is not read: its body is cancelled', async () => {
    let cancelled = false;
    const body = new ReadableStream({
      cancel: () => {
        cancelled = true;
      },
    });
    const fetch = (() =>
      Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/plain' } }))) as typeof globalThis.fetch;
    const err = await makeClient({ fetch })
      .chat({ message: 'x' }, () => {})
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ProtocolError' });
    expect(cancelled).toBe(true);
  });
});

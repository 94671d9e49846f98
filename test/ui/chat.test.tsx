import { fireEvent, waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, TEST_BASE_URL } from '../msw-server';
import { advanceUntil, mock, mountWidget } from '../helpers/widget';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const lastReply = async (w: Awaited<ReturnType<typeof mountWidget>>) => {
  await w.settled();
  const replies = w.messages('assistant');
  return replies[replies.length - 1]!;
};

describe('chat', () => {
  it('sends on Enter, streams a sanitized markdown reply and announces it when finished', async () => {
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    await w.send('How did orders go last week?');
    await waitFor(() =>
      expect(w.messages('user')[0]).toHaveProperty('textContent', expect.stringContaining('How did orders go')),
    );
    const reply = await lastReply(w);
    expect(reply.querySelector('strong')).not.toBeNull();
    expect(reply.querySelector('table')).not.toBeNull();
    expect(w.composer().value).toBe('');
    const [chat] = w.chatRequests();
    expect(chat!.body).toEqual({ message: 'How did orders go last week?' });
    expect(chat!.headers['x-public-id']).toBe('demo-public-id');
    expect(chat!.headers.authorization).toMatch(/^Bearer ey/);
    expect(chat!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'message_sent' }));
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'reply_done' }));
    const live = w.host.shadowRoot!.querySelector('[aria-live="polite"]')!;
    await waitFor(() => expect(live.textContent).toMatch(/The assistant answered/));
  });

  it('continues the conversation named by X-Conversation-Id', async () => {
    const w = await mountWidget();
    await w.send('first');
    await lastReply(w);
    await w.send('second');
    await lastReply(w);
    const [first, second] = w.chatRequests();
    expect(first!.body).not.toHaveProperty('conversation_id');
    expect((second!.body as { conversation_id: string }).conversation_id).toMatch(/.+/);
  });

  it('Shift+Enter adds a line instead of sending', async () => {
    const w = await mountWidget();
    await w.findPart('composer-input');
    w.type('line one');
    fireEvent.keyDown(w.composer(), { key: 'Enter', shiftKey: true });
    // Had Shift+Enter sent 'line one', the Enter below would find a reply running and send nothing.
    w.type('line one\nline two');
    fireEvent.keyDown(w.composer(), { key: 'Enter' });
    await waitFor(() => expect(w.chatRequests()).toHaveLength(1));
    await w.settled();
    expect(w.chatRequests().map((r) => r.body)).toEqual([{ message: 'line one\nline two' }]);
  });

  it("an IME's Enter (composing, or WebKit's keyCode 229 as composition ends) picks the word and sends nothing", async () => {
    const w = await mountWidget();
    await w.findPart('composer-input');
    w.type('konnichiwa');
    fireEvent.keyDown(w.composer(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(w.composer(), { key: 'Enter', keyCode: 229 });
    w.type('こんにちは');
    fireEvent.keyDown(w.composer(), { key: 'Enter' });
    await waitFor(() => expect(w.chatRequests()).toHaveLength(1));
    await w.settled();
    expect(w.chatRequests().map((r) => r.body)).toEqual([{ message: 'こんにちは' }]);
  });

  it('disables sending while a reply streams, and the stop button keeps the partial reply', async () => {
    mock.setScenario('slow');
    const w = await mountWidget();
    await w.send('slow one');
    const stop = await w.findPart('stop-button');
    expect(w.part('send-button')).toBeNull();
    await waitFor(() => expect(w.messages('assistant')[0]?.textContent ?? '').toMatch(/\w{3}/), { timeout: 3000 });
    fireEvent.click(stop);
    const reply = await lastReply(w);
    expect(reply.textContent).toMatch(/Stopped/);
    expect(w.part('send-button')).not.toBeNull();
  });

  it('never shows tool names, SQL or arguments; shows a neutral looking-up state instead', async () => {
    mock.setScenario('tools');
    const w = await mountWidget();
    await w.send('top regions?');
    const reply = await lastReply(w);
    const text = w.host.shadowRoot!.textContent ?? '';
    expect(text).not.toMatch(/SELECT|run_sql|sales_db|arguments/);
    expect(reply.textContent).toMatch(/\w+/);
  });

  it('handles a messy stream (split frames, CRLF, pings, unknown events)', async () => {
    mock.setScenario('messy');
    const w = await mountWidget();
    await w.send('open orders?');
    const reply = await lastReply(w);
    expect(reply.textContent).toMatch(/17/);
  });
});

describe('chat errors (docs/protocol.md, "Errors")', () => {
  it('429: a limit notice naming the period and when it resets; the typed message stays', async () => {
    mock.setScenario('limit-daily');
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    await w.send('orders today?');
    const notice = await w.findNotice('limit');
    expect(notice.textContent).toMatch(/daily/i);
    expect(notice.textContent).toMatch(/write again/i);
    expect(w.composer().value).toBe('orders today?');
    expect(w.messages('user')).toHaveLength(0);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', code: 'limit' }));
  });

  it('429 per_minute: "sending too quickly" and when the visitor can write again, in seconds', async () => {
    mock.setScenario('limit-minute');
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    await w.send('and another');
    const notice = await w.findNotice('limit');
    expect(notice.textContent).toContain('You are sending messages too quickly.');
    expect(notice.textContent).toMatch(/You can write again (in \d+ seconds?|now)\./);
    expect(w.composer().value).toBe('and another');
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', code: 'limit' }));
  });

  it('a send into a conversation deleted meanwhile (POST /chat 404): says so, keeps the text, the next send starts anew', async () => {
    const w = await mountWidget();
    await w.send('first question');
    await lastReply(w);
    let gone: unknown;
    server.use(
      http.post(
        `${TEST_BASE_URL}/api/v1/widget/chat`,
        async ({ request }) => {
          gone = await request.json();
          return HttpResponse.json({ detail: { error: 'conversation_not_found' } }, { status: 404 });
        },
        { once: true },
      ),
    );
    await w.send('second question');
    const notice = await w.findNotice('error');
    expect(notice.textContent).toContain('This conversation is no longer available.');
    // It was sent into the conversation the first answer started.
    expect(gone).toEqual({ conversation_id: expect.stringMatching(/\S/), message: 'second question' });
    expect(w.composer().value).toBe('second question');
    expect(w.messages()).toHaveLength(0);
    fireEvent.keyDown(w.composer(), { key: 'Enter' });
    await waitFor(() => expect(w.chatRequests()).toHaveLength(2));
    await lastReply(w);
    // A new conversation: no conversation_id key at all.
    expect(w.chatRequests()[1]!.body).toEqual({ message: 'second question' });
  });

  it('"Try again" after a failed send is a new send: a fresh Idempotency-Key (automatic retries share one)', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(
        `${TEST_BASE_URL}/api/v1/widget/chat`,
        ({ request }) => {
          keys.push(request.headers.get('Idempotency-Key'));
          return HttpResponse.json({ detail: null }, { status: 500 });
        },
        { once: true },
      ),
    );
    const w = await mountWidget();
    await w.send('keep me');
    await w.findNotice('error');
    fireEvent.click(w.part('retry-button')!);
    await lastReply(w);
    keys.push(...w.chatRequests().map((r) => r.headers['idempotency-key'] ?? null));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('401 with getAuthToken: session notice, no retry, the next send asks for a fresh token', async () => {
    mock.setScenario('token-expired');
    const getAuthToken = vi.fn(async () => 'a.b.c');
    const w = await mountWidget({ getAuthToken });
    await w.send('hello');
    const notice = await w.findNotice('auth');
    expect(notice.textContent).toMatch(/session has expired/i);
    expect(w.composer().value).toBe('hello');
    const calls = getAuthToken.mock.calls.length;
    expect(w.chatRequests()).toHaveLength(1);
    mock.setScenario('normal');
    server.use(
      http.post(`${TEST_BASE_URL}/api/v1/widget/chat`, () =>
        HttpResponse.json({ detail: { error: 'token_expired' } }, { status: 401 }),
      ),
    );
    fireEvent.click(w.part('retry-button')!);
    await waitFor(() => expect(getAuthToken.mock.calls.length).toBeGreaterThan(calls));
  });

  it('401 invalid_token is a session notice too: no retry, the message kept', async () => {
    let sent = 0;
    server.use(
      http.post(`${TEST_BASE_URL}/api/v1/widget/chat`, () => {
        sent++;
        return HttpResponse.json({ detail: { error: 'invalid_token' } }, { status: 401 });
      }),
    );
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    await w.send('hello');
    const notice = await w.findNotice('auth');
    expect(notice.textContent).toMatch(/session has expired/i);
    expect(w.composer().value).toBe('hello');
    expect(sent).toBe(1);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', code: 'auth' }));
  });

  it('401 with a static authToken asks the visitor to reload the page', async () => {
    mock.setScenario('token-expired');
    const w = await mountWidget({ authToken: 'x.y.z' });
    await w.send('hello');
    const notice = await w.findNotice('auth');
    expect(notice.textContent).toMatch(/reload the page/i);
    expect(w.part('retry-button')).toBeNull();
  });

  it('401 invalid_public_id: an error notice and one console.error naming the option', async () => {
    mock.setScenario('bad-public-id');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const w = await mountWidget();
    await w.send('hello');
    await w.findNotice('error');
    await w.send('again');
    // The second refusal has arrived and been shown before the console is counted.
    await waitFor(() => expect(w.chatRequests()).toHaveLength(2));
    await w.findNotice('error');
    expect(error.mock.calls.filter((c) => /`publicId`/.test(String(c[0])))).toHaveLength(1);
  });

  it('503 twice then success: retried with the same Idempotency-Key (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.setScenario('unavailable');
    const w = await mountWidget();
    await vi.advanceTimersByTimeAsync(0);
    w.type('retry me');
    fireEvent.keyDown(w.composer(), { key: 'Enter' });
    // Two backoffs of at most 500 and 1000 ms, then the reply streams.
    await advanceUntil(() => !!w.messages('assistant')[0]?.textContent && !w.part('stop-button'));
    expect(w.messages('assistant')).toHaveLength(1);
    const keys = new Set(w.chatRequests().map((r) => r.headers['idempotency-key']));
    expect(w.chatRequests()).toHaveLength(3);
    expect(keys.size).toBe(1);
  });

  it('a failed send keeps the message and the retry button sends it again', async () => {
    server.use(
      http.post(
        `${TEST_BASE_URL}/api/v1/widget/chat`,
        () => HttpResponse.json({ detail: null, request_id: 'req_42' }, { status: 500 }),
        { once: true },
      ),
    );
    const w = await mountWidget();
    await w.send('keep me');
    const notice = await w.findNotice('error');
    expect(notice.textContent).toMatch(/req_42/);
    expect(w.composer().value).toBe('keep me');
    fireEvent.click(w.part('retry-button')!);
    await lastReply(w);
    await waitFor(() => expect(w.messages('user')[0]?.textContent).toMatch(/keep me/));
    expect(w.composer().value).toBe('');
  });

  it('a stream cut after it began keeps the partial reply and offers a reload', async () => {
    mock.setScenario('cut');
    const w = await mountWidget();
    await w.send('top customers?');
    const notice = await w.findNotice('interrupted');
    expect(w.messages('assistant')[0]?.textContent).toMatch(/top customers/i);
    expect(w.chatRequests()).toHaveLength(1);
    const before = mock.requests.length;
    fireEvent.click(notice.querySelector('[part="reload-button"]')!);
    await waitFor(() =>
      expect(mock.requests.slice(before).some((r) => /\/conversations\/[^?]+$/.test(r.path))).toBe(true),
    );
    expect(w.chatRequests()).toHaveLength(1);
  });

  it('an error event ends the reply with a notice and keeps the partial text', async () => {
    mock.setScenario('error-event');
    const w = await mountWidget();
    await w.send('stock?');
    await w.findNotice('error');
    expect(w.messages('assistant')[0]?.textContent).toMatch(/inventory/i);
  });

  it('409 llm_not_configured says so in plain words', async () => {
    mock.setScenario('llm-not-configured');
    const w = await mountWidget();
    await w.send('hi');
    expect((await w.findNotice('error')).textContent).toMatch(/not set up/i);
  });

  it('offline: nothing is sent, an offline notice shows, the message stays', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const w = await mountWidget();
    await w.send('offline question');
    await w.findNotice('offline');
    expect(w.chatRequests()).toHaveLength(0);
    expect(w.composer().value).toBe('offline question');
  });

  it('a browser that does not say whether it is online (navigator.onLine undefined) is not offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(undefined as unknown as boolean);
    const w = await mountWidget();
    await w.send('are you there?');
    await waitFor(() => expect(w.chatRequests()).toHaveLength(1));
    expect(w.part('notice')).toBeNull();
  });
});

describe('a service that never answers', () => {
  it('times out (timeoutMs), retries, then shows an error notice and keeps the message (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let attempts = 0;
    server.use(
      http.post(`${TEST_BASE_URL}/api/v1/widget/chat`, () => {
        attempts++;
        return new Promise<never>(() => {});
      }),
    );
    const w = await mountWidget({ timeoutMs: 150 });
    await vi.advanceTimersByTimeAsync(0);
    w.type('anyone there?');
    fireEvent.keyDown(w.composer(), { key: 'Enter' });
    // 4 attempts of 150 ms and 3 backoffs of at most 500, 1000 and 2000 ms. The fake clock may run
    // ahead of the real work between attempts on a loaded machine: the bound is generous, and once
    // the notice shows nothing else is scheduled.
    await advanceUntil(() => !!w.part('retry-button'), 60_000);
    expect(w.part('retry-button')).not.toBeNull();
    expect(w.part('notice')!.dataset.kind).toBe('error');
    expect(w.part('notice')!.textContent).toMatch(/not responding/i);
    expect(attempts).toBe(4); // the first attempt and 3 automatic retries
    expect(w.composer().value).toBe('anyone there?');
  });

  it('rejects a timeoutMs that is not a number of milliseconds', async () => {
    await expect(mountWidget({ timeoutMs: -1 })).rejects.toThrow(/`timeoutMs` must be a number of milliseconds/);
  });
});

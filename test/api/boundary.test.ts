// Requests go to baseUrl and nowhere else (docs/security.md; docs/protocol.md, "Every request"): no redirect is
// followed, and an id from the service that would move the path is refused without a request.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, ProtocolError } from '../../src/api/errors';
import type { ChatEvent } from '../../src/api/types';
import { server } from '../msw-server';
import { API, DONE, makeClient, named, sse } from './helpers';

const ELSEWHERE = 'https://elsewhere.test';

/** Every request that reached msw, anywhere. */
function record() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => void seen.push(`${request.method} ${request.url}`));
  return seen;
}

describe('redirects', () => {
  // A redirect is a network error, retried 3 times: the back-off between them moves on Vitest's
  // clock, not in real seconds.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  // msw cannot follow a POST's redirect at all; test/browser/hardening/page-steering.test.ts shows
  // Chromium following it to a real server before the fix.
  it('a 307 to another origin is not followed: the request fails, nothing reaches the other origin', async () => {
    const seen = record();
    let elsewhere = 0;
    server.use(
      http.post(
        `${API}/chat`,
        () => new HttpResponse(null, { status: 307, headers: { Location: `${ELSEWHERE}/api/v1/widget/chat` } }),
      ),
      http.all(`${ELSEWHERE}/*`, () => {
        elsewhere++;
        return sse([DONE]);
      }),
    );
    const events: ChatEvent[] = [];
    const sending = makeClient().chat({ message: 'Delete all orders of customer 42' }, (e) => events.push(e));
    const failed = expect(sending).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(60_000);
    await failed;
    expect(elsewhere).toBe(0);
    expect(seen.filter((r) => r.includes(ELSEWHERE))).toEqual([]);
    expect(events).toEqual([]);
  });

  it('a 302 on /config is an error too (msw follows redirects of GETs like a browser)', async () => {
    let elsewhere = 0;
    server.use(
      http.get(
        `${API}/config`,
        () => new HttpResponse(null, { status: 302, headers: { Location: `${ELSEWHERE}/config` } }),
      ),
      http.get(`${ELSEWHERE}/config`, () => {
        elsewhere++;
        return HttpResponse.json({ title: 'Not the service' });
      }),
    );
    const failed = expect(makeClient().getConfig()).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(60_000);
    await failed;
    expect(elsewhere).toBe(0);
  });
});

describe('ids from the service', () => {
  it.each(['', '.', '..', 'a/b', 7 as unknown as string])(
    'getConversation(%o) is refused without a request',
    async (id) => {
      const seen = record();
      await expect(makeClient().getConversation(id)).rejects.toBeInstanceOf(ProtocolError);
      expect(seen).toEqual([]);
    },
  );

  it('a chat or voice session for an unsafe conversation id is refused without a request', async () => {
    const seen = record();
    await expect(makeClient().chat({ conversation_id: '..', message: 'x' }, () => {})).rejects.toBeInstanceOf(
      ProtocolError,
    );
    await expect(makeClient().voiceSession('.')).rejects.toBeInstanceOf(ProtocolError);
    expect(seen).toEqual([]);
  });

  it.each(['', '.', '..', 'a/b'])(
    'X-Conversation-Id %o and a `conversation` event with it are not taken',
    async (id) => {
      server.use(
        http.post(`${API}/chat`, () =>
          sse([named('conversation', { id, title: 'x' }), DONE], 'close', { 'X-Conversation-Id': id }),
        ),
      );
      const events: ChatEvent[] = [];
      const { conversationId } = await makeClient().chat({ message: 'hi' }, (e) => events.push(e));
      expect(conversationId).toBeNull();
      expect(events).toEqual([{ type: 'start', conversationId: null }, { type: 'done' }]);
    },
  );
});

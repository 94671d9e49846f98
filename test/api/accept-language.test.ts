// `Accept-Language: <the UI locale>` on every request (docs/protocol.md, "Every request"). The
// endpoints are a list typed against the client's interface: a new method of `ApiClient` that is
// not in it fails to compile, and one that is not called here fails the count below.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { server } from '../msw-server';
import { API, chunk, DONE, makeClient, sse } from './helpers';

/** One call per endpoint of the service; the answer each needs to succeed. */
const ENDPOINTS = {
  getConfig: { call: (c) => c.getConfig(), answer: () => HttpResponse.json({ read_only: false }) },
  listConversations: {
    call: (c) => c.listConversations('next'),
    answer: () => HttpResponse.json({ data: [], next_cursor: null }),
  },
  getConversation: {
    call: (c) => c.getConversation('conv_1'),
    answer: () => HttpResponse.json({ id: 'conv_1', title: 't', created_at: 'x', messages: [] }),
  },
  chat: {
    call: (c) => c.chat({ message: 'hi' }, () => {}),
    answer: () => sse([chunk({ content: 'ok' }), chunk({}, 'stop'), DONE]),
  },
  voiceSession: {
    call: (c) => c.voiceSession(null),
    answer: () => HttpResponse.json({ token: 'vs_1', url: 'wss://svc.test/ws', expires_at: 'x' }),
  },
  portalCode: {
    call: (c) => c.portalCode(),
    answer: () => HttpResponse.json({ code: 'c1', url: 'https://svc.test/portal', expires_at: 'x' }),
  },
} satisfies Record<keyof ApiClient, { call: (c: ApiClient) => Promise<unknown>; answer: () => Response }>;

function capture(answer: (req: Request) => Response) {
  const requests: Request[] = [];
  server.use(
    http.all(`${API}/*`, ({ request }) => {
      requests.push(request);
      return answer(request);
    }),
  );
  return requests;
}

describe('Accept-Language', () => {
  it('the list names every endpoint of the client', () => {
    expect(Object.keys(makeClient()).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    it(`${name}: carries the UI locale as it is when the request starts`, async () => {
      let locale = 'tr';
      const client = makeClient({ locale: () => locale });
      const requests = capture(() => endpoint.answer());
      await endpoint.call(client);
      locale = 'en';
      await endpoint.call(client);
      expect(requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['tr', 'en']);
    });
  }

  it('every retry of a request carries it too', async () => {
    let attempts = 0;
    const requests = capture(() =>
      ++attempts < 3
        ? HttpResponse.json({ detail: { error: 'service_unavailable' } }, { status: 503 })
        : HttpResponse.json({ read_only: false }),
    );
    // The back-off between the attempts moves on Vitest's clock, not in real seconds.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const config = makeClient({ locale: () => 'tr' }).getConfig();
      await vi.advanceTimersByTimeAsync(60_000);
      await config;
    } finally {
      vi.useRealTimers();
    }
    expect(requests).toHaveLength(3);
    expect(requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['tr', 'tr', 'tr']);
  });
});

// Deployment mistakes named once in the console (src/api/diagnose.ts, docs/troubleshooting.md), and
// carried by the error as its cause; a healthy deployment logs nothing.
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { causeOf, forget, whyDropped } from '../../src/api/diagnose';
import { mintToken } from '../../mock/jwt';
import { server } from '../msw-server';
import { API, DONE, chunk, fail, makeClient, named, sse } from './helpers';

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  forget();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

const lines = () => errors.mock.calls.map((c: unknown[]) => String(c[0]));
const frames = [chunk({ content: 'a' }), chunk({ content: 'b' }), chunk({ content: 'c' }), chunk({}, 'stop'), DONE];
const refused = () => Promise.reject(new TypeError('Failed to fetch'));

/** The promise's outcome, the retry waits (api/timing.ts) passed on a fake clock. */
async function settled<T>(pending: Promise<T>): Promise<unknown> {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    return await outcome;
  } finally {
    vi.useRealTimers();
  }
}

/**
 * A fetch whose real requests fail as the browser refuses them; `probe` answers the no-cors one
 * (refused, as browsers do, unless its redirect mode is `follow`), `simple` a GET without headers.
 */
function browserFetch(probe: () => Promise<Response>, simple: () => Promise<Response> = refused): typeof fetch {
  return ((_url: string, init?: RequestInit) => {
    if (init?.mode === 'no-cors') return (init.redirect ?? 'follow') === 'follow' ? probe() : refused();
    return init?.headers ? refused() : simple();
  }) as typeof fetch;
}

describe('deployment diagnosis', () => {
  it('logs nothing for a healthy deployment that streams', async () => {
    server.use(http.post(`${API}/chat`, () => sse(frames, 'close', { 'X-Conversation-Id': 'c1' })));
    await makeClient().chat({ message: 'hi' }, () => {});
    expect(lines()).toEqual([]);
  });

  it("names CORS, the page's origin refused, when a no-cors request answers and a simple GET does not", async () => {
    const client = makeClient({ fetch: browserFetch(async () => new Response(null, { status: 401 })) });
    const err = await settled(client.getConfig());
    expect(err).toMatchObject({ name: 'NetworkError' });
    expect(causeOf(err)).toBe('cors');
    expect(lines()).toEqual([
      expect.stringMatching(
        /^ServiceWidget: the service at https:\/\/svc\.test refused this page's origin \S+ \(CORS\): allow \S+ in Access-Control-Allow-Origin \(README, Troubleshooting: docs\/troubleshooting\.md#cors-origin\)\.$/,
      ),
    ]);
    // Once per page.
    await settled(client.getConfig());
    expect(lines()).toHaveLength(1);
  });

  it("names CORS, the widget's headers refused, when a simple GET to the service gets through", async () => {
    const answer = async () => new Response(null, { status: 401 });
    const err = await settled(makeClient({ fetch: browserFetch(answer, answer) }).chat({ message: 'hi' }, () => {}));
    expect(causeOf(err)).toBe('cors');
    expect(lines()).toEqual([
      expect.stringMatching(
        /refused the widget's request headers \(CORS preflight\): allow Authorization, X-Public-Id, Idempotency-Key, Content-Type in Access-Control-Allow-Headers \(README, Troubleshooting: docs\/troubleshooting\.md#cors-header\)\.$/,
      ),
    ]);
  });

  it('names nothing when the service does not answer at all (a network that is down)', async () => {
    const err = await settled(makeClient({ fetch: browserFetch(refused) }).getConfig());
    expect(causeOf(err)).toBeUndefined();
    expect(lines()).toEqual([]);
  });

  it("names the page's CSP when a violation event names the service", async () => {
    const probe = () => {
      const event = Object.assign(new Event('securitypolicyviolation'), { blockedURI: `${API}/config` });
      document.dispatchEvent(event);
      return refused();
    };
    const err = await settled(makeClient({ fetch: browserFetch(probe) }).getConfig());
    expect(causeOf(err)).toBe('csp');
    expect(lines()).toEqual([
      "ServiceWidget: this page's Content-Security-Policy blocks https://svc.test: add it to connect-src (README, Troubleshooting: docs/troubleshooting.md#csp).",
    ]);
  });

  it('names the CSP for a voice socket whose violation event comes after the drop (Firefox queues it)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const why = whyDropped();
      await vi.advanceTimersByTimeAsync(100);
      document.dispatchEvent(
        Object.assign(new Event('securitypolicyviolation'), { blockedURI: 'wss://voice.test:8443/ws' }),
      );
      await vi.advanceTimersByTimeAsync(300);
      expect(await why).toBe('csp');
    } finally {
      vi.useRealTimers();
    }
    expect(lines()).toEqual([
      "ServiceWidget: this page's Content-Security-Policy blocks the voice socket at wss://voice.test:8443: add it to connect-src (README, Troubleshooting: docs/troubleshooting.md#csp-voice).",
    ]);
  });

  it('names a /chat answer that is not text/event-stream', async () => {
    server.use(
      http.post(
        `${API}/chat`,
        () => new Response(frames.join(''), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const err = await makeClient()
      .chat({ message: 'hi' }, () => {})
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ProtocolError' });
    expect(causeOf(err)).toBe('content-type');
    expect(lines()[0]).toContain('Content-Type application/json: send text/event-stream');
  });

  it('names a hidden X-Conversation-Id when the conversation event names a new one', async () => {
    server.use(http.post(`${API}/chat`, () => sse([named('conversation', { id: 'c1', title: 't' }), ...frames])));
    await makeClient().chat({ message: 'hi' }, () => {});
    expect(lines()[0]).toContain('does not expose X-Conversation-Id: add it to Access-Control-Expose-Headers');
  });

  it('names a buffered reply: the first byte late, every frame in one read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The headers come at once; every frame 1.5 s after them, in one read (the page's clock moved on meanwhile).
      const body = new ReadableStream<Uint8Array>(
        {
          pull(c) {
            vi.setSystemTime(Date.now() + 1500);
            c.enqueue(new TextEncoder().encode(frames.join('')));
            c.close();
          },
        },
        { highWaterMark: 0 }, // pulled when read, not when made
      );
      const late: typeof fetch = async () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      await makeClient({ fetch: late }).chat({ message: 'hi' }, () => {});
    } finally {
      vi.useRealTimers();
    }
    expect(lines()).toEqual([expect.stringContaining('arrived all at once: turn off buffering of text/event-stream')]);
  });

  it("names a token whose iat is ahead of the page's clock, or that lives over 24 h", async () => {
    const now = Math.floor(Date.now() / 1000);
    server.use(http.get(`${API}/config`, () => fail(401, { error: 'invalid_token' })));
    const ahead = await mintToken({ sub: 'v', iat: now + 3600 });
    const err = await makeClient({ getToken: () => ahead })
      .getConfig()
      .catch((e: unknown) => e);
    expect(causeOf(err)).toBe('token-clock');
    const long = await mintToken({ sub: 'v', iat: now, ttlSeconds: 48 * 3600 });
    const err2 = await makeClient({ getToken: () => long })
      .getConfig()
      .catch((e: unknown) => e);
    expect(causeOf(err2)).toBe('token-lifetime');
    expect(lines()).toEqual([
      expect.stringMatching(/the token's iat is 3\d{3} s ahead of this page's clock: sync .*#token-clock\)\.$/),
      expect.stringMatching(
        /the token lives 48 h; the service allows 24: sign exp ≤ iat \+ 86400 .*#token-lifetime\)\.$/,
      ),
    ]);
  });

  it('leaves an expired static authToken alone: the session simply ended', async () => {
    server.use(http.get(`${API}/config`, () => fail(401, { error: 'token_expired' })));
    const old = await mintToken({ sub: 'v', iat: Math.floor(Date.now() / 1000) - 7200 });
    const err = await makeClient({ getToken: () => old, staticToken: true })
      .getConfig()
      .catch((e: unknown) => e);
    expect(causeOf(err)).toBeUndefined();
    expect(lines()).toEqual([]);
  });
});

import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AuthTokenError, HttpError, NetworkError, ProtocolError } from '../../src/api/errors';
import { server } from '../msw-server';
import { API, fail, makeClient } from './helpers';

async function configError(answer: () => Response): Promise<unknown> {
  server.use(http.get(`${API}/config`, answer));
  return makeClient()
    .getConfig()
    .catch((e: unknown) => e);
}

describe('error mapping (docs/protocol.md, "Errors")', () => {
  it.each([
    [401, 'token_expired'],
    [401, 'invalid_token'],
    [401, 'invalid_public_id'],
    [404, 'conversation_not_found'],
    [409, 'confirmation_not_pending'],
    [409, 'voice_not_configured'],
    [409, 'llm_not_configured'],
  ])('%i %s → HttpError with that code', async (status, code) => {
    const err = await configError(() => fail(status, { error: code }));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ name: 'HttpError', status, code, detail: { error: code } });
    expect(err).toMatchObject({ name: 'HttpError', code });
    expect((err as HttpError).period).toBeUndefined();
  });

  it('429 user_limit_reached carries period, reset_at and Retry-After', async () => {
    const detail = { error: 'user_limit_reached', period: 'daily', reset_at: '2026-01-02T00:00:00Z' };
    const err = await configError(() => fail(429, detail, {}, { 'Retry-After': '120' }));
    expect(err).toMatchObject({
      status: 429,
      code: 'user_limit_reached',
      period: 'daily',
      resetAt: '2026-01-02T00:00:00Z',
      retryAfterMs: 120_000,
    });
  });

  it('429 with an HTTP-date Retry-After and an unknown period', async () => {
    const at = new Date(Date.now() + 60_000).toUTCString();
    const err = (await configError(() =>
      fail(429, { error: 'user_limit_reached', period: 'weekly' }, {}, { 'Retry-After': at }),
    )) as HttpError;
    expect(err.period).toBeUndefined();
    expect(err.retryAfterMs).toBeGreaterThan(55_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('500 keeps request_id', async () => {
    const err = await configError(() => fail(500, 'Internal error', { request_id: 'req_9' }));
    expect(err).toMatchObject({ status: 500, code: undefined, detail: 'Internal error', requestId: 'req_9' });
    expect((err as Error).message).toContain('req_9');
  });

  it('a non-JSON 502 body gives detail null', async () => {
    const err = await configError(
      () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    expect(err).toMatchObject({ name: 'HttpError', status: 502, detail: null, code: undefined });
  });

  it('an empty or null-detail body gives detail null', async () => {
    expect(await configError(() => new HttpResponse(null, { status: 400 }))).toMatchObject({
      status: 400,
      detail: null,
    });
    expect(await configError(() => fail(422, null))).toMatchObject({ status: 422, detail: null });
  });

  it('a 200 that is not JSON is a ProtocolError', async () => {
    const err = await configError(() => new HttpResponse('<html>', { headers: { 'Content-Type': 'text/html' } }));
    expect(err).toBeInstanceOf(ProtocolError);
    expect(err).toMatchObject({ name: 'ProtocolError' });
  });

  it('a chat 200 that is not text/event-stream is a ProtocolError', async () => {
    server.use(http.post(`${API}/chat`, () => HttpResponse.json({ ok: true })));
    const err = await makeClient()
      .chat({ message: 'hi' }, () => {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProtocolError);
  });

  it('a fetch rejection is a NetworkError (once its retries are spent)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = configError(() => HttpResponse.error());
      await vi.advanceTimersByTimeAsync(20_000);
      const err = await pending;
      expect(err).toBeInstanceOf(NetworkError);
      expect(err).toMatchObject({ name: 'NetworkError', timedOut: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failing getToken is an AuthTokenError that hides the page error text', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/config`, () => {
        calls++;
        return HttpResponse.json({});
      }),
    );
    for (const getToken of [
      () => {
        throw new Error('secret-token-in-message');
      },
      () => Promise.reject(new Error('nope')),
      () => '',
    ]) {
      const err = await makeClient({ getToken })
        .getConfig()
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AuthTokenError);
      expect((err as Error).name).toBe('AuthTokenError');
      expect((err as Error).message).not.toContain('secret-token');
    }
    expect(calls).toBe(0);
  });

  it('never puts the token in an error message', async () => {
    server.use(http.get(`${API}/config`, () => fail(401, { error: 'token_expired' })));
    const err = await makeClient({ getToken: () => 'eyJ.secret.sig' })
      .getConfig()
      .catch((e: unknown) => e);
    expect(String(err) + JSON.stringify(err)).not.toContain('eyJ.secret.sig');
  });
});

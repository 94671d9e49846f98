import { describe, expect, it } from 'vitest';
import { DEMO_SECRET, mintToken, signJwt, verifyJwt } from '../../mock/jwt';
import { mock } from '../msw-server';
import { call } from './helpers';

const now = () => Math.floor(Date.now() / 1000);

describe('verifyJwt', () => {
  it('accepts a token signed with the secret and returns its claims', async () => {
    const token = await mintToken({ sub: 'visitor-1', extra: { source_ids: ['s1'] } });
    const result = await verifyJwt(token, DEMO_SECRET);
    expect(result).toMatchObject({ ok: true, claims: { sub: 'visitor-1', source_ids: ['s1'] } });
  });

  it('reports an expired token as token_expired', async () => {
    const token = await mintToken({ sub: 'v', iat: now() - 1000, ttlSeconds: 500 });
    expect(await verifyJwt(token, DEMO_SECRET)).toEqual({ ok: false, error: 'token_expired' });
  });

  it('refuses a lifetime over 24 h', async () => {
    const token = await mintToken({ sub: 'v', ttlSeconds: 24 * 3600 + 1 });
    expect(await verifyJwt(token, DEMO_SECRET)).toEqual({ ok: false, error: 'invalid_token' });
    const exactly24h = await mintToken({ sub: 'v', ttlSeconds: 24 * 3600 });
    expect((await verifyJwt(exactly24h, DEMO_SECRET)).ok).toBe(true);
  });

  it('refuses a bad signature, a tampered payload, malformed tokens and missing claims', async () => {
    const other = await mintToken({ sub: 'v', secret: 'another-secret' });
    const good = await mintToken({ sub: 'v' });
    const [h, , s] = good.split('.');
    const forged = `${h}.${btoa(JSON.stringify({ sub: 'admin', iat: now(), exp: now() + 60 })).replace(/=+$/, '')}.${s}`;
    const noSub = await signJwt({ iat: now(), exp: now() + 60 }, DEMO_SECRET);
    for (const token of [other, forged, noSub, 'abc', 'a.b.c', '', `${good}x`]) {
      expect(await verifyJwt(token, DEMO_SECRET), token).toEqual({ ok: false, error: 'invalid_token' });
    }
  });
});

describe('the door of every endpoint', () => {
  const detail = async (response: Response) => ((await response.json()) as { detail: unknown }).detail;

  it('lets a valid token with the right public id through', async () => {
    const response = await call('/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ read_only: false, voice: { configured: true } });
  });

  it('answers 401 token_expired for an expired token', async () => {
    const token = await mintToken({ sub: 'v', iat: now() - 100, ttlSeconds: 50 });
    const response = await call('/conversations', { token });
    expect(response.status).toBe(401);
    expect(await detail(response)).toEqual({ error: 'token_expired' });
  });

  it('answers 401 invalid_token for a bad signature, a >24 h lifetime and no Authorization', async () => {
    const badSignature = await mintToken({ sub: 'v', secret: 'nope' });
    const tooLong = await mintToken({ sub: 'v', ttlSeconds: 25 * 3600 });
    for (const token of [badSignature, tooLong]) {
      const response = await call('/config', { token });
      expect(response.status).toBe(401);
      expect(await detail(response)).toEqual({ error: 'invalid_token' });
    }
    const bare = await fetch('https://service.test/api/v1/widget/config', {
      headers: { 'X-Public-Id': mock.publicId },
    });
    expect(bare.status).toBe(401);
    expect(await detail(bare)).toEqual({ error: 'invalid_token' });
  });

  it('answers 401 invalid_public_id for a wrong or missing X-Public-Id', async () => {
    const wrong = await call('/config', { headers: { 'X-Public-Id': 'someone-else' } });
    expect(wrong.status).toBe(401);
    expect(await detail(wrong)).toEqual({ error: 'invalid_public_id' });
  });

  it('applies the auth scenarios to every endpoint, whatever the token', async () => {
    mock.setScenario('token-expired');
    for (const path of ['/config', '/conversations', '/conversations/x']) {
      const response = await call(path);
      expect(response.status).toBe(401);
      expect(await detail(response)).toEqual({ error: 'token_expired' });
    }
    mock.setScenario('bad-public-id');
    const response = await call('/portal/code', { method: 'POST' });
    expect(await detail(response)).toEqual({ error: 'invalid_public_id' });
  });
});

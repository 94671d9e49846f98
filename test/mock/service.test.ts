import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationPage, PortalCode, VoiceSession } from '../../src/api/types';
import { SEED_COUNT } from '../../mock/seed';
import { mock } from '../msw-server';
import { call, chat } from './helpers';

const page = async (query: string, sub = 'demo-user-1') => {
  const response = await call(`/conversations${query}`, { sub });
  expect(response.status).toBe(200);
  return (await response.json()) as ConversationPage;
};

describe('history', () => {
  it('pages a demo visitor through all seeded conversations, newest first, 20 at a time', async () => {
    const seen: ConversationPage['data'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: ConversationPage = await page(`?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(result.data.length).toBeLessThanOrEqual(20);
      seen.push(...result.data);
      cursor = result.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(SEED_COUNT);
    expect(new Set(seen.map((c) => c.id)).size).toBe(SEED_COUNT);
    const times = seen.map((c) => c.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    // minutes to months ago
    const ageDays = (Date.now() - Date.parse(times[times.length - 1]!)) / 86_400_000;
    expect(ageDays).toBeGreaterThan(60);
  });

  it('honours a smaller limit, caps a larger one at 20 and refuses a bad cursor', async () => {
    expect((await page('?limit=5')).data).toHaveLength(5);
    expect((await page('?limit=100')).data).toHaveLength(20);
    expect((await call('/conversations?cursor=garbage', { sub: 'demo-user-1' })).status).toBe(422);
  });

  it('seeds pending and decided confirmations, a pending approval and a long table answer', async () => {
    const conversations = [...mock.state.visitor('demo-user-1').conversations.values()];
    const messages = conversations.flatMap((c) => c.messages);
    expect(messages.some((m) => m.confirmation?.status === 'pending')).toBe(true);
    expect(messages.some((m) => m.confirmation?.status === 'confirmed')).toBe(true);
    expect(messages.some((m) => m.approval?.status === 'pending')).toBe(true);
    expect(messages.some((m) => m.content.length > 20_000 && m.content.includes('|---'))).toBe(true);
  });

  it('gives a visitor without the demo prefix an empty history', async () => {
    expect(await page('', 'visitor-9')).toEqual({ data: [], next_cursor: null });
  });

  it("keeps visitors apart: another visitor's conversation is 404 conversation_not_found", async () => {
    const created = await chat({ message: 'hello' }, { sub: 'visitor-a' });
    const id = created.headers.get('X-Conversation-Id')!;
    await created.text();

    const own = await call(`/conversations/${id}`, { sub: 'visitor-a' });
    expect(own.status).toBe(200);
    expect(((await own.json()) as Conversation).messages.map((m) => m.role)).toEqual(['user', 'assistant']);

    const other = await call(`/conversations/${id}`, { sub: 'visitor-b' });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ detail: { error: 'conversation_not_found' } });
    expect((await page('', 'visitor-b')).data).toEqual([]);

    const intoOther = await chat({ conversation_id: id, message: 'hi' }, { sub: 'visitor-b' });
    expect(intoOther.status).toBe(404);
  });
});

describe('config, voice session and portal code', () => {
  it('reflects the settings in /config', async () => {
    mock.setSettings({ voiceConfigured: false, connectedAccounts: false, readOnly: true, title: 'T' });
    const config = await (await call('/config')).json();
    expect(config).toMatchObject({
      title: 'T',
      read_only: true,
      voice: { configured: false },
      connected_accounts: { enabled: false },
    });
  });

  it('gives a voice session with a ws url on the same host, or 409 when voice is not configured', async () => {
    const session = (await (await call('/voice/session', { body: {} })).json()) as VoiceSession;
    expect(session.url).toBe('wss://service.test/api/v1/widget/voice/ws');
    expect(session.token).not.toBe('');
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now());

    mock.setSettings({ voiceConfigured: false });
    const refused = await call('/voice/session', { body: {} });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ detail: { error: 'voice_not_configured' } });
  });

  it('gives a fresh one-time portal code pointing at the demo portal page', async () => {
    const first = (await (await call('/portal/code', { method: 'POST' })).json()) as PortalCode;
    const second = (await (await call('/portal/code', { method: 'POST' })).json()) as PortalCode;
    expect(first.url).toBe(`https://service.test/demo/portal.html?code=${first.code}`);
    expect(first.code).not.toBe(second.code);
  });
});

describe('recorded requests', () => {
  it('records method, path, lowercased headers and the parsed body', async () => {
    await (await chat({ message: 'orders?' }, { headers: { 'Idempotency-Key': 'k-1' } })).text();
    const [recorded] = mock.requests;
    expect(recorded).toMatchObject({
      method: 'POST',
      path: '/api/v1/widget/chat',
      body: { message: 'orders?' },
      headers: { 'idempotency-key': 'k-1', 'x-public-id': 'demo-public-id' },
    });
    expect(recorded!.headers.authorization).toMatch(/^Bearer /);
  });

  it('answers an unknown API path with the contract error body, and CORS headers everywhere', async () => {
    const response = await call('/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not Found' });
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Conversation-Id');
    const preflight = await fetch('https://service.test/api/v1/widget/chat', { method: 'OPTIONS' });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
  });
});

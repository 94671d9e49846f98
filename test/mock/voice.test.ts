import { describe, expect, it } from 'vitest';
import type { Conversation, VoiceSession } from '../../src/api/types';
import { mock } from '../msw-server';
import { call } from './helpers';

interface Received {
  text: Array<Record<string, unknown>>;
  binary: number;
}

/** Opens the voice socket the way the widget does and runs one spoken turn. */
async function speak(session: VoiceSession, start: Record<string, unknown>, url = session.url): Promise<Received> {
  const socket = new WebSocket(url);
  socket.binaryType = 'arraybuffer';
  const received: Received = { text: [], binary: 0 };
  return new Promise((resolve, reject) => {
    socket.addEventListener('error', () => reject(new Error('socket error')));
    socket.addEventListener('close', () => resolve(received));
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ type: 'start', token: session.token, locale: 'en', mime: 'audio/webm', ...start }));
      socket.send(new Uint8Array(64));
      socket.send(JSON.stringify({ type: 'stop' }));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') {
        received.binary++;
        return;
      }
      const frame = JSON.parse(event.data) as Record<string, unknown>;
      received.text.push(frame);
      if (frame.type === 'reply.done' || frame.type === 'error') {
        socket.close();
        resolve(received);
      }
    });
  });
}

const newSession = async (body: unknown = {}) =>
  (await (await call('/voice/session', { body })).json()) as VoiceSession;

describe('voice socket', () => {
  it('answers a spoken turn: transcript, reply deltas, one audio clip, reply.done; stores the turn', async () => {
    const session = await newSession();
    const { text, binary } = await speak(session, {});
    expect(text.map((f) => f.type)).toEqual([
      'transcript',
      'transcript',
      ...text.filter((f) => f.type === 'reply.delta').map(() => 'reply.delta'),
      'audio',
      'reply.done',
    ]);
    expect(text[1]).toEqual({ type: 'transcript', text: 'How many orders were shipped last week?', final: true });
    expect(binary).toBe(1);
    const done = text.at(-1)!;
    const stored = (await (await call(`/conversations/${String(done.conversation_id)}`)).json()) as Conversation;
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(mock.requests.filter((r) => r.method === 'WS')[0]?.body).toMatchObject({ type: 'start', locale: 'en' });
  });

  it('refuses an unknown session token and a token in the URL', async () => {
    const session = await newSession();
    const bad = await speak(session, { token: 'vs_forged' });
    expect(bad.text).toEqual([{ type: 'error', error: 'invalid_token', message: expect.any(String) }]);
    const inUrl = await speak(session, {}, `${session.url}?token=${session.token}`);
    expect(inUrl.text).toEqual([{ type: 'error', error: 'token_in_url' }]);
  });

  it('sends the confirmation object in the confirmation scenario', async () => {
    mock.setScenario('confirmation');
    const { text } = await speak(await newSession(), {});
    expect(text.find((f) => f.type === 'confirmation')).toMatchObject({
      id: expect.any(String),
      prompt: expect.any(String),
    });
  });
});

// @vitest-environment node
// The mock's voice socket on the real Node server (what the browser tests talk to): `ws` on the
// HTTP server's upgrade event.
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { VoiceSession } from '../../src/api/types';
import { mintToken } from '../../mock/jwt';
import { startMockServer, type RunningMockServer } from '../../mock/node-server';
import type { RecordedRequest } from '../../mock/types';
import { MAX_AUDIO_FRAMES } from '../../mock/voice';
import { server as msw } from '../msw-server';

let running: RunningMockServer;

beforeAll(async () => {
  running = await startMockServer();
});
afterAll(() => running.close());
beforeEach(() => {
  msw.use(http.all(`${running.url}/*`, () => passthrough()));
  running.mock.reset();
});

async function newSession(sub = 'visitor-ws'): Promise<VoiceSession> {
  const res = await fetch(`${running.url}/api/v1/widget/voice/session`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await mintToken({ sub })}`,
      'X-Public-Id': 'demo-public-id',
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return (await res.json()) as VoiceSession;
}

interface Turn {
  text: Array<Record<string, unknown>>;
  binary: Buffer[];
  closeCode: number | undefined;
}

/** One spoken turn the way the widget runs it: start, audio chunks, stop; until reply.done or error. */
function speak(url: string, start: Record<string, unknown>, chunks = 3, sendStop = true): Promise<Turn> {
  const socket = new WebSocket(url);
  const turn: Turn = { text: [], binary: [], closeCode: undefined };
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'start', locale: 'en', mime: 'audio/webm;codecs=opus', ...start }));
      for (let i = 0; i < chunks; i++) socket.send(Buffer.alloc(100, i));
      if (sendStop) socket.send(JSON.stringify({ type: 'stop' }));
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return void turn.binary.push(data);
      const frame = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      turn.text.push(frame);
      if (frame.type === 'reply.done') socket.close(1000);
    });
    socket.on('close', (code) => {
      turn.closeCode = code;
      resolve(turn);
    });
  });
}

const recorded = async () =>
  ((await (await fetch(`${running.url}/__mock/requests`)).json()) as RecordedRequest[]).filter(
    (r) => r.method === 'WS',
  );

describe('voice socket on the Node mock server', () => {
  it('points the session at its own /api/v1/widget/voice/ws and answers a turn there', async () => {
    const session = await newSession();
    expect(session.url).toBe(`${running.url.replace('http:', 'ws:')}/api/v1/widget/voice/ws`);
    const turn = await speak(session.url, { token: session.token });
    const types = turn.text.map((f) => f.type);
    expect(types[0]).toBe('transcript');
    expect(turn.text.find((f) => f.type === 'transcript' && f.final === true)).toBeDefined();
    expect(types).toContain('reply.delta');
    expect(types.indexOf('audio')).toBeLessThan(types.indexOf('reply.done'));
    expect(turn.binary).toHaveLength(1);
    expect(turn.binary[0]!.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const done = turn.text.at(-1)!;
    expect(done).toMatchObject({ type: 'reply.done', conversation_id: expect.stringMatching(/^conv_/) });

    // Recorded for the tests: the start frame (with the session token), the binary frames, stop.
    const frames = (await recorded()).map((r) => r.body as Record<string, unknown>);
    expect(frames[0]).toMatchObject({ type: 'start', token: session.token, locale: 'en' });
    expect(frames.filter((f) => 'binary' in f)).toEqual([{ binary: 100 }, { binary: 100 }, { binary: 100 }]);
    expect(frames.at(-1)).toEqual({ type: 'stop' });

    // Saved into the visitor's conversation, so it shows in history.
    const stored = running.mock.state.conversation('visitor-ws', String(done.conversation_id));
    expect(stored?.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('answers after MAX_AUDIO_FRAMES binary frames without a stop, and only once', async () => {
    const session = await newSession();
    const turn = await speak(session.url, { token: session.token }, MAX_AUDIO_FRAMES, false);
    expect(turn.text.filter((f) => f.type === 'reply.done')).toHaveLength(1);
    expect(turn.text.filter((f) => f.type === 'transcript' && f.final)).toHaveLength(1);
  });

  it('refuses an unknown token with an error frame and closes', async () => {
    const session = await newSession();
    const turn = await speak(session.url, { token: 'vs_forged' });
    expect(turn.text).toEqual([{ type: 'error', error: 'invalid_token', message: expect.any(String) }]);
    expect(turn.closeCode).toBe(4401);
  });

  it('answers no upgrade on other paths', async () => {
    const socket = new WebSocket(`${running.url.replace('http:', 'ws:')}/api/v1/widget/other`);
    const error = await new Promise<Error>((resolve) => socket.on('error', resolve));
    expect(error.message).toMatch(/404/);
  });

  it('close() ends open voice sockets', async () => {
    const extra = await startMockServer();
    msw.use(http.all(`${extra.url}/*`, () => passthrough()));
    const session = await (async () => {
      const res = await fetch(`${extra.url}/api/v1/widget/voice/session`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await mintToken({ sub: 'v' })}`, 'X-Public-Id': 'demo-public-id' },
      });
      return (await res.json()) as VoiceSession;
    })();
    const socket = new WebSocket(session.url);
    await new Promise((resolve) => socket.on('open', resolve));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await extra.close();
    await closed;
    expect(socket.readyState).toBe(WebSocket.CLOSED);
  });
});

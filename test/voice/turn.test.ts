// The voice runtime's protocol (docs/protocol.md, "POST /voice/session and the voice socket") against a fake socket,
// recorder and audio context.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceSession } from '../../src/api/types';
import { MIME_PREFERENCE, pickMime } from '../../src/voice/env';
import { startTurn, TIMESLICE_MS } from '../../src/voice/turn';
import type { VoiceEvent, VoiceTurnOptions } from '../../src/voice/types';
import { clip, FakeAudioContext, fakeEnv, FakeRecorder, FakeSocket, tick, type FakeEnv } from './fakes';

const SESSION: VoiceSession = {
  token: 'vs_secret_session_token',
  url: 'wss://voice.example/api/v1/widget/voice/ws',
  expires_at: '2030-01-01T00:00:00Z',
};

let env: FakeEnv;
let events: VoiceEvent[];
let session: ReturnType<typeof vi.fn>;

beforeEach(() => {
  env = fakeEnv();
  events = [];
  session = vi.fn(async () => SESSION);
});

function start(over: Partial<VoiceTurnOptions> = {}) {
  const turn = startTurn(
    {
      locale: 'tr',
      conversationId: 'conv_1',
      session: session as VoiceTurnOptions['session'],
      on: (e) => events.push(e),
      ...over,
    },
    env,
  );
  return turn;
}

/** Starts a turn and gets it to `recording`: microphone granted, socket open, start sent. */
async function recording(over: Partial<VoiceTurnOptions> = {}) {
  const turn = start(over);
  await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
  const socket = FakeSocket.instances[0]!;
  socket.open();
  const recorder = FakeRecorder.instances[0]!;
  return { turn, socket, recorder };
}

const types = () => events.map((e) => e.type);

describe('starting a turn', () => {
  it('asks for the microphone, then the session, then opens the socket at the session url (no token in it)', async () => {
    const order: string[] = [];
    env.getUserMedia.mockImplementation(async (c: MediaStreamConstraints) => {
      order.push(`mic ${JSON.stringify(c)}`);
      return { getTracks: () => [env.track] } as unknown as MediaStream;
    });
    session.mockImplementation(async (id: string | null) => {
      order.push(`session ${id}`);
      return SESSION;
    });
    const { socket } = await recording();
    expect(order).toEqual(['mic {"audio":true}', 'session conv_1']);
    expect(socket.url).toBe(SESSION.url);
    expect(socket.url).not.toContain(SESSION.token);
    expect(socket.binaryType).toBe('arraybuffer');
  });

  it('sends the start frame first: token, conversation_id, locale, mime', async () => {
    const { socket, recorder } = await recording();
    expect(socket.frames()[0]).toEqual({
      type: 'start',
      token: SESSION.token,
      conversation_id: 'conv_1',
      locale: 'tr',
      mime: 'audio/webm;codecs=opus',
    });
    expect(socket.sent).toHaveLength(1);
    expect(recorder.state).toBe('recording');
    expect(recorder.timeslice).toBe(TIMESLICE_MS);
    expect(types()).toEqual(['recording']);
  });

  it('leaves conversation_id out for a new conversation', async () => {
    const { socket } = await recording({ conversationId: null, locale: 'en' });
    expect(socket.frames()[0]).toEqual({
      type: 'start',
      token: SESSION.token,
      locale: 'en',
      mime: 'audio/webm;codecs=opus',
    });
    expect(session).toHaveBeenCalledWith(null);
  });

  it('picks the first recording format the browser supports', () => {
    FakeRecorder.supported = ['audio/mp4'];
    expect(pickMime(FakeRecorder)).toBe('audio/mp4');
    FakeRecorder.supported = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus'];
    expect(pickMime(FakeRecorder)).toBe('audio/webm;codecs=opus');
    FakeRecorder.supported = [];
    expect(pickMime(FakeRecorder)).toBe('');
    expect(MIME_PREFERENCE[0]).toBe('audio/webm;codecs=opus');
  });
});

describe('recording', () => {
  it('forwards every audio chunk as a binary frame, then the last chunk and stop on the second press', async () => {
    const { turn, socket, recorder } = await recording();
    const a = recorder.chunk(8);
    const b = recorder.chunk(16);
    recorder.ondataavailable?.({ data: new Blob([]) }); // empty chunks are not sent
    expect(socket.sent.slice(1)).toEqual([a, b]);

    turn.stop();
    expect(types()).toEqual(['recording', 'listened']);
    expect(recorder.state).toBe('inactive');
    await vi.waitFor(() => expect(socket.frames().at(-1)).toEqual({ type: 'stop' }));
    const frames = socket.frames();
    expect(frames.at(-2)).toEqual({ binary: expect.any(Blob) }); // the recorder's last chunk came before stop
    expect(env.track.stop).toHaveBeenCalled(); // the microphone is released
    expect(socket.closedWith).toBeUndefined(); // the answer is still to come
  });

  it('stops recording by itself when the service sends the final transcript', async () => {
    const { socket, recorder } = await recording();
    socket.text({ type: 'transcript', text: 'How many', final: false });
    expect(recorder.state).toBe('recording');
    socket.text({ type: 'transcript', text: 'How many orders shipped today?', final: true });
    expect(recorder.state).toBe('inactive');
    await vi.waitFor(() => expect(socket.frames().at(-1)).toEqual({ type: 'stop' }));
    expect(events).toEqual([
      { type: 'recording' },
      { type: 'transcript', text: 'How many', final: false },
      { type: 'transcript', text: 'How many orders shipped today?', final: true },
      { type: 'listened' },
    ]);
  });
});

describe('the answer', () => {
  it.each(['', '.', '..', 'a/b'])(
    'a conversation id %o from the voice host is not taken (it would move a later path)',
    async (id) => {
      const { turn, socket } = await recording();
      turn.stop();
      await vi.waitFor(() => expect(socket.frames().at(-1)).toEqual({ type: 'stop' }));
      socket.text({ type: 'conversation', id, title: 'x' });
      socket.text({ type: 'reply.done', conversation_id: id });
      expect(events.filter((e) => e.type === 'chat' || e.type === 'done')).toEqual([
        { type: 'done', conversationId: null },
      ]);
    },
  );

  it('maps transcript, reply.delta, audio clips and reply.done in order, and closes the socket', async () => {
    const { turn, socket } = await recording();
    turn.stop();
    await tick();
    socket.text({ type: 'transcript', text: 'How many orders shipped today?', final: true });
    socket.text({ type: 'reply.delta', text: 'Today ' });
    socket.text({ type: 'audio', mime: 'audio/wav' });
    socket.binary(clip(1));
    socket.text({ type: 'reply.delta', text: '**42** orders.' });
    socket.text({ type: 'audio', mime: 'audio/wav' });
    socket.binary(clip(2));
    socket.text({ type: 'reply.done', conversation_id: 'conv_9' });
    expect(events.filter((e) => e.type !== 'playing')).toEqual([
      { type: 'recording' },
      { type: 'listened' },
      { type: 'transcript', text: 'How many orders shipped today?', final: true },
      { type: 'chat', event: { type: 'delta', text: 'Today ' } },
      { type: 'chat', event: { type: 'delta', text: '**42** orders.' } },
      { type: 'done', conversationId: 'conv_9' },
    ]);
    expect(socket.closedWith).toBe(1000);

    // Clips play one after another, in the order they came, through Web Audio.
    const ctx = FakeAudioContext.instances[0]!;
    await vi.waitFor(() => expect(ctx.sources).toHaveLength(1));
    expect(events).toContainEqual({ type: 'playing', playing: true });
    const first = ctx.sources[0]!;
    expect(first.started).toBe(true);
    expect((first.buffer as unknown as { id: number }).id).toBe(1);
    first.end();
    await vi.waitFor(() => expect(ctx.sources).toHaveLength(2));
    expect((ctx.sources[1]!.buffer as unknown as { id: number }).id).toBe(2);
    ctx.sources[1]!.end();
    expect(events.at(-1)).toEqual({ type: 'playing', playing: false });
    expect(ctx.closed).toBe(true); // released once everything played

    await tick(5);
    expect(types()).not.toContain('failed'); // our own close is not a dropped connection
  });

  it('a context that never runs (no audio output) plays nothing, claims nothing plays, and is released at the end', async () => {
    // Firefox on a machine without a sound device: the context stays suspended, resume() never settles.
    class SilentContext extends FakeAudioContext {
      override state = 'suspended';
      override resume = vi.fn(() => new Promise<void>(() => undefined));
    }
    env.AudioContext = SilentContext;
    const { turn, socket } = await recording();
    turn.stop();
    await tick();
    socket.text({ type: 'audio', mime: 'audio/wav' });
    socket.binary(clip(1));
    socket.text({ type: 'reply.delta', text: 'Only text' });
    socket.text({ type: 'reply.done', conversation_id: 'conv_9' });
    const ctx = FakeAudioContext.instances[0]!;
    await vi.waitFor(() => expect(ctx.closed).toBe(true));
    expect(ctx.resume).toHaveBeenCalled();
    expect(ctx.sources).toEqual([]);
    expect(events.filter((e) => e.type === 'playing')).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'done', conversationId: 'conv_9' });
  });

  it('ignores a binary frame that no audio frame announced, and unknown text frames', async () => {
    const { socket } = await recording();
    socket.binary(clip(7));
    socket.onmessage?.({ data: 'not json' });
    socket.text({ type: 'progress', step: 1 });
    await tick();
    expect(FakeAudioContext.instances).toHaveLength(0);
    expect(types()).toEqual(['recording']);
  });

  it('maps confirmation, approval and error objects to the chat events of a typed reply', async () => {
    const { socket } = await recording();
    socket.text({ type: 'confirmation', id: 'cf_1', prompt: 'Cancel order #1042?' });
    socket.text({ type: 'approval', status: 'pending', message: 'Held for the team.' });
    expect(socket.closedWith).toBeUndefined();
    socket.text({ type: 'error', error: 'user_limit_reached', period: 'daily' });
    expect(events.filter((e) => e.type === 'chat').map((e) => (e as { event: unknown }).event)).toEqual([
      { type: 'confirmation', id: 'cf_1', prompt: 'Cancel order #1042?' },
      { type: 'approval', status: 'pending', message: 'Held for the team.' },
      { type: 'error', error: 'user_limit_reached' },
    ]);
    // An error ends the turn: recording stops (stop sent after the last chunk), the socket closes.
    await vi.waitFor(() => expect(socket.closedWith).toBe(1000));
    expect(socket.frames().at(-1)).toEqual({ type: 'stop' });
    await tick(5);
    expect(types()).not.toContain('failed');
  });

  it('silence() stops the clip playing now and every later clip of the turn; the text goes on', async () => {
    const { turn, socket } = await recording();
    socket.text({ type: 'audio', mime: 'audio/wav' });
    socket.binary(clip(1));
    const ctx = FakeAudioContext.instances[0]!;
    await vi.waitFor(() => expect(ctx.sources).toHaveLength(1));
    turn.silence();
    expect(ctx.sources[0]!.stopped).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'playing', playing: false });
    socket.text({ type: 'audio', mime: 'audio/wav' });
    socket.binary(clip(2));
    socket.text({ type: 'reply.delta', text: 'still shown' });
    await vi.waitFor(() =>
      expect(events.at(-1)).toEqual({ type: 'chat', event: { type: 'delta', text: 'still shown' } }),
    );
    await tick(); // the second clip had its chance to play: it did not
    expect(ctx.sources).toHaveLength(1);
  });
});

describe('failures', () => {
  it('a dropped socket ends the turn with `dropped` and releases the microphone', async () => {
    const { socket, recorder } = await recording();
    recorder.chunk();
    socket.text({ type: 'reply.delta', text: 'There were' });
    socket.drop();
    expect(events.at(-1)).toEqual({ type: 'failed', reason: 'dropped' });
    expect(recorder.state).toBe('inactive');
    expect(env.track.stop).toHaveBeenCalled();
    expect(types().filter((t) => t === 'failed')).toHaveLength(1);
  });

  it('a socket that never opens is a dropped connection too', async () => {
    start();
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    FakeSocket.instances[0]!.drop();
    expect(types()).toEqual(['failed']);
  });

  it.each([['NotAllowedError'], ['NotFoundError'], ['NotReadableError']])(
    'microphone refused (%s): `denied`, no session is asked',
    async (name) => {
      env.getUserMedia.mockRejectedValue(new DOMException('no', name));
      start();
      await vi.waitFor(() => expect(events).toEqual([{ type: 'failed', reason: 'denied' }]));
      expect(session).not.toHaveBeenCalled();
      expect(FakeSocket.instances).toHaveLength(0);
    },
  );

  it.each([['MediaRecorder'], ['getUserMedia'], ['WebSocket']] as const)(
    'no %s: `unsupported`, nothing asked',
    async (api) => {
      env[api] = undefined as never;
      start();
      await vi.waitFor(() => expect(events).toEqual([{ type: 'failed', reason: 'unsupported' }]));
      expect(session).not.toHaveBeenCalled();
    },
  );

  it('an insecure page (getUserMedia throws TypeError): `unsupported`', async () => {
    env.getUserMedia.mockRejectedValue(new TypeError('insecure'));
    start();
    await vi.waitFor(() => expect(events).toEqual([{ type: 'failed', reason: 'unsupported' }]));
  });

  it('a refused session: `session` with the error, the microphone released, no socket', async () => {
    const refused = new Error('409 voice_not_configured');
    session.mockRejectedValue(refused);
    start();
    await vi.waitFor(() => expect(events).toEqual([{ type: 'failed', reason: 'session', error: refused }]));
    expect(env.track.stop).toHaveBeenCalled();
    expect(FakeSocket.instances).toHaveLength(0);
  });
});

describe('closing', () => {
  it('close() while recording sends stop, closes the socket and tells nothing more', async () => {
    const { turn, socket, recorder } = await recording();
    turn.close();
    expect(socket.frames().at(-1)).toEqual({ type: 'stop' });
    expect(socket.closedWith).toBe(1000);
    expect(recorder.state).toBe('inactive');
    expect(env.track.stop).toHaveBeenCalled();
    const told = types();
    expect(told).toEqual(['recording']);
    await tick(5);
    expect(types()).toEqual(told);
  });

  it('close() before the microphone answered: no session, no socket', async () => {
    let grant!: (s: MediaStream) => void;
    env.getUserMedia.mockReturnValue(new Promise((r) => (grant = r)));
    const turn = start();
    turn.close();
    grant({ getTracks: () => [env.track] } as unknown as MediaStream);
    await vi.waitFor(() => expect(env.track.stop).toHaveBeenCalled());
    await tick();
    expect(session).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });
});

describe('the session token', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is never logged and never put in a URL', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    const { turn, socket } = await recording();
    socket.text({ type: 'transcript', text: 'q', final: true });
    socket.text({ type: 'reply.delta', text: 'a' });
    socket.text({ type: 'reply.done', conversation_id: 'conv_1' });
    turn.close();
    socket.drop();
    await tick(5);
    for (const spy of spies) {
      for (const call of spy.mock.calls) expect(JSON.stringify(call)).not.toContain(SESSION.token);
    }
    expect(FakeSocket.instances.map((s) => s.url).join(' ')).not.toContain(SESSION.token);
  });
});

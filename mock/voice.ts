// The voice socket (docs/protocol.md, "POST /voice/session and the voice socket"): a transport-free session plus an msw `ws` handler around it.
import { ws, type WebSocketHandler } from 'msw';
import type { WireMessage } from '../src/api/types';
import { wordPieces } from './sse';
import { chatScenarioError } from './scenarios';
import { newId } from './state';
import type { MockContext } from './types';

export interface VoiceTransport {
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
}

const SPOKEN = {
  en: { question: 'How many orders were shipped last week?', answer: 'Last week **42** orders were shipped.' },
  tr: { question: 'Geçen hafta kaç sipariş gönderildi?', answer: 'Geçen hafta **42** sipariş gönderildi.' },
};

/**
 * One voice connection. Client: `start` {token, conversation_id?, locale, mime}, binary audio,
 * `stop`. Server: transcript (partial, then final), reply.delta…, audio + one binary WAV clip,
 * reply.done; or an `error` object. The turn is stored like a typed one.
 */
export function createVoiceSession(ctx: MockContext, transport: VoiceTransport, url: URL) {
  let session: { sub: string; conversationId?: string; locale: 'en' | 'tr' } | undefined;
  let audioBytes = 0;
  // voice: a turn is answered once, on `stop` or after MAX_AUDIO_FRAMES binary frames (no stop needed).
  let audioFrames = 0;
  let answered = false;
  let closed = false;
  const send = (frame: Record<string, unknown>) => {
    if (!closed) transport.send(JSON.stringify(frame));
  };
  const fail = (error: string, message?: string, more: Record<string, unknown> = {}) =>
    send({ type: 'error', error, ...(message ? { message } : {}), ...more });

  const refuse = (error: string, message?: string) => {
    fail(error, message);
    closed = true;
    // A later task, so the error frame is delivered before the close (as on a real socket).
    setTimeout(() => transport.close(4401, error), 10);
  };

  async function start(frame: Record<string, unknown>): Promise<void> {
    // The session token must never travel in a URL (docs/protocol.md, the voice socket).
    if (/token/i.test(url.search)) return refuse('token_in_url');
    const issued = typeof frame.token === 'string' ? ctx.state.voiceSessions.get(frame.token) : undefined;
    if (!issued || Date.parse(issued.expiresAt) < Date.now()) {
      return refuse('invalid_token', 'Unknown or expired voice session token.');
    }
    const conversationId = typeof frame.conversation_id === 'string' ? frame.conversation_id : issued.conversationId;
    if (conversationId !== undefined && !ctx.state.conversation(issued.sub, conversationId)) {
      return fail('conversation_not_found');
    }
    session = {
      sub: issued.sub,
      locale: frame.locale === 'tr' ? 'tr' : 'en',
      ...(conversationId ? { conversationId } : {}),
    };
    audioBytes = 0;
  }

  async function stop(): Promise<void> {
    if (!session) return fail('not_started', 'Send a start frame first.');
    if (answered) return;
    answered = true;
    const refused = chatScenarioError(ctx.scenario(), 99);
    if (refused && typeof refused.detail === 'object' && refused.detail !== null) {
      const { error, ...more } = refused.detail;
      return fail(error, undefined, more);
    }
    if (audioBytes === 0) return fail('no_audio', 'No audio was received.');
    const { question, answer } = SPOKEN[session.locale];
    send({ type: 'transcript', text: question.split(' ').slice(0, 3).join(' '), final: false });
    await pause(ctx.chunkDelayMs());
    send({ type: 'transcript', text: question, final: true });

    const at = () => new Date().toISOString();
    let conversation = session.conversationId ? ctx.state.conversation(session.sub, session.conversationId) : undefined;
    conversation ??= ctx.state.createConversation(session.sub, question);
    session.conversationId = conversation.id;
    ctx.state.append(conversation, { id: newId('msg'), role: 'user', content: question, created_at: at() });

    const reply: WireMessage = { id: newId('msg'), role: 'assistant', content: answer, created_at: at() };
    for (const piece of wordPieces(answer)) {
      await pause(ctx.chunkDelayMs());
      send({ type: 'reply.delta', text: piece });
    }
    if (ctx.scenario() === 'confirmation') {
      const confirmation = { id: newId('cf'), prompt: "Update the status of order #1042 to 'shipped'?" };
      reply.confirmation = { ...confirmation, status: 'pending' };
      send({ type: 'confirmation', ...confirmation });
    } else if (ctx.scenario() === 'approval') {
      reply.approval = { status: 'pending' };
      send({ type: 'approval', status: 'pending' });
    }
    ctx.state.append(conversation, reply);
    send({ type: 'audio', mime: 'audio/wav' });
    if (!closed) transport.send(beepWav());
    send({ type: 'reply.done', conversation_id: conversation.id });
  }

  return {
    onMessage(data: unknown): void {
      ctx.requests.push({
        method: 'WS',
        path: url.pathname + url.search,
        url: url.href,
        headers: {},
        body: typeof data === 'string' ? parseJson(data) : { binary: byteLength(data) },
      });
      if (typeof data !== 'string') {
        audioBytes += byteLength(data);
        if (++audioFrames === MAX_AUDIO_FRAMES && session) void stop(); // voice: the service heard enough
        return;
      }
      const frame = parseJson(data);
      if (typeof frame !== 'object' || frame === null) return fail('bad_frame');
      const type = (frame as Record<string, unknown>).type;
      if (type === 'start') void start(frame as Record<string, unknown>);
      else if (type === 'stop') void stop();
      else fail('bad_frame', `Unknown frame type ${String(type)}.`);
    },
    onClose(): void {
      closed = true;
    },
  };
}

/** msw handler for `ws(s)://<host>/api/v1/widget/voice/ws` (browser demo, or msw/node where WebSocket exists). */
export function createVoiceHandler(baseUrl: string, ctx: MockContext): WebSocketHandler {
  const wsBase = baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '');
  const link = ws.link(`${wsBase}/api/v1/widget/voice/ws`);
  return link.addEventListener('connection', ({ client }) => {
    const session = createVoiceSession(
      ctx,
      { send: (d) => client.send(d), close: (c, r) => client.close(c, r) },
      client.url,
    );
    client.addEventListener('message', (event) => session.onMessage(event.data));
    client.addEventListener('close', () => session.onClose());
  });
}

/** voice: about 10 s of 250 ms chunks; a service would detect the end of speech instead. */
export const MAX_AUDIO_FRAMES = 40;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function byteLength(data: unknown): number {
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (ArrayBuffer.isView(data)) return data.byteLength;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data.size;
  return 0;
}

/** A 0.3 s 660 Hz beep as 8 kHz mono 16-bit WAV: one complete clip, made here so nothing is fetched. */
export function beepWav(seconds = 0.3, frequency = 660, rate = 8000): Uint8Array {
  const samples = Math.round(seconds * rate);
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const text = (offset: number, s: string) => [...s].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    const fade = Math.min(1, i / 200, (samples - i) / 200);
    view.setInt16(44 + i * 2, Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 8000 * fade), true);
  }
  return new Uint8Array(buffer);
}

// One spoken turn over the voice WebSocket (docs/protocol.md "POST /voice/session and the voice
// socket"): microphone, session, `start`, audio chunks, `stop`; then transcript, reply text, reply
// audio and `reply.done` back. Part of widget-voice.js only. Browser APIs come through `VoiceEnv`
// (env.ts) so tests can hand in fakes.
import { get, parseObject, str } from '../api/fields';
import { isSafeId } from '../api/ids';
import { namedEvent } from '../api/sse';
import { browserEnv, pickMime, type RecorderLike, type SocketLike, type VoiceEnv } from './env';
import { createPlayer } from './player';
import type { VoiceEvent, VoiceFailureReason, VoiceTurn, VoiceTurnOptions } from './types';

/** Audio chunk length: small enough to stream, large enough not to flood the socket. */
export const TIMESLICE_MS = 250;

const OPEN = 1;

export function startTurn(opts: VoiceTurnOptions, env: VoiceEnv = browserEnv()): VoiceTurn {
  /** close() was called: tell the core nothing more. */
  let closed = false;
  /** reply.done, an error frame or a failure ended the turn: a socket close is no longer a drop. */
  let over = false;
  let stream: MediaStream | null = null;
  let socket: SocketLike | null = null;
  let recorder: RecorderLike | null = null;
  let recording = false;
  /** The mime type announced by the last `audio` frame: the next binary frame is that clip. */
  let clip: string | null = null;
  const emit = (e: VoiceEvent) => {
    if (!closed) opts.on(e);
  };
  const player = createPlayer(env.AudioContext, (playing) => emit({ type: 'playing', playing }));

  const send = (data: string | Blob) => {
    if (socket?.readyState === OPEN) socket.send(data);
  };
  const releaseMic = () => {
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  };
  /** The recorder is delivering its last chunk; `stop` (and, when over, the close) follow it. */
  let flushing = false;
  /** Ends recording. `flush`: let the recorder deliver its last chunk before `stop` is sent. */
  const stopRecording = (flush: boolean) => {
    if (!recording) return releaseMic();
    recording = false;
    emit({ type: 'listened' });
    const rec = recorder!;
    if (flush && rec.state !== 'inactive') {
      flushing = true;
      rec.onstop = () => {
        flushing = false;
        send('{"type":"stop"}');
        releaseMic();
        if (over) socket?.close(1000);
      };
      return rec.stop();
    }
    rec.ondataavailable = rec.onstop = null;
    if (rec.state !== 'inactive') rec.stop();
    send('{"type":"stop"}');
    releaseMic();
  };
  /** The answer is complete (or ended by an error frame): the client closes the socket (1000). */
  const end = () => {
    over = true;
    stopRecording(true);
    player.finish();
    if (!flushing) socket?.close(1000);
  };
  const fail = (reason: VoiceFailureReason, error?: unknown) => {
    if (over) return;
    over = true;
    stopRecording(false);
    player.finish();
    socket?.close(1000);
    emit({ type: 'failed', reason, ...(error === undefined ? {} : { error }) });
  };

  const onText = (raw: string) => {
    // Not ours (not a JSON object): ignored like unknown SSE lines.
    const f = parseObject(raw);
    if (!f) return;
    const type = get(f, 'type');
    const text = str(get(f, 'text'));
    switch (type) {
      case 'transcript': {
        const final = get(f, 'final') === true;
        emit({ type: 'transcript', text: text ?? '', final });
        // The service heard the end of the question: recording has done its job.
        if (final) stopRecording(true);
        return;
      }
      case 'audio':
        clip = str(get(f, 'mime')) ?? 'audio/wav';
        return;
      case 'reply.done': {
        // An id that would move a later request's path is not taken (src/api/ids.ts).
        const id = get(f, 'conversation_id');
        emit({ type: 'done', conversationId: isSafeId(id) ? id : null });
        end();
        return;
      }
    }
    // `reply.delta` is the socket's content delta; the rest means what it means in the chat stream.
    const event = type === 'reply.delta' ? (text ? { type: 'delta' as const, text } : undefined) : namedEvent(type, f);
    if (!event) return;
    emit({ type: 'chat', event });
    if (event.type === 'error') end();
  };

  const open = (url: string, token: string) => {
    const ws = new env.WebSocket!(url);
    socket = ws;
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => {
      if (closed || over || !stream) return;
      const Recorder = env.MediaRecorder!;
      const mime = pickMime(Recorder);
      let rec: RecorderLike;
      try {
        rec = new Recorder(stream, mime ? { mimeType: mime } : undefined);
        rec.ondataavailable = (e) => {
          if (e.data.size) send(e.data);
        };
        rec.start(TIMESLICE_MS);
      } catch {
        return fail('unsupported');
      }
      recorder = rec;
      recording = true;
      // The first frame. The session token goes here only: never in the URL, never logged.
      send(
        JSON.stringify({
          type: 'start',
          token,
          ...(opts.conversationId ? { conversation_id: opts.conversationId } : {}),
          locale: opts.locale,
          mime: rec.mimeType || mime,
        }),
      );
      emit({ type: 'recording' });
    };
    ws.onmessage = (e) => {
      if (typeof e.data === 'string') return onText(e.data);
      if (clip === null) return; // binary without an `audio` frame first: not a clip
      clip = null;
      // binaryType is `arraybuffer`; a Blob or a typed array (some socket shims) is taken as well.
      const d = e.data;
      if (d instanceof ArrayBuffer) player.enqueue(d);
      else if (ArrayBuffer.isView(d))
        player.enqueue(new Uint8Array(d.buffer, d.byteOffset, d.byteLength).slice().buffer);
      else if (d instanceof Blob) player.enqueue(d.arrayBuffer());
    };
    // `error` is usually followed by `close`, but not when the page's CSP blocks the socket
    // (Chromium fires `error` alone): either ends the turn, once (fail is idempotent).
    ws.onerror = ws.onclose = () => fail('dropped');
  };

  void (async () => {
    if (!env.getUserMedia || !env.MediaRecorder || !env.WebSocket) return fail('unsupported');
    try {
      stream = await env.getUserMedia({ audio: true });
    } catch (e) {
      const name = (e as { name?: unknown } | null)?.name;
      // Insecure page (no mediaDevices) or no recorder for it: unsupported; anything else is the
      // visitor's or the system's "no" (denied, no device, device busy).
      return fail(name === 'NotSupportedError' || name === 'TypeError' ? 'unsupported' : 'denied');
    }
    if (closed || over) return releaseMic();
    let session;
    try {
      session = await opts.session(opts.conversationId);
    } catch (error) {
      return fail('session', error);
    }
    if (closed || over) return releaseMic();
    try {
      open(session.url, session.token);
    } catch {
      fail('dropped');
    }
  })();

  return {
    stop() {
      player.unlock();
      stopRecording(true);
    },
    silence: player.silence,
    close() {
      if (closed) return;
      closed = true;
      over = true;
      stopRecording(false);
      player.close();
      socket?.close(1000);
      releaseMic();
    },
  };
}

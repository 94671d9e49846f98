// The microphone button's behaviour (widget-voice.js): one spoken turn at a time, fed into the chat
// model through the voice-turn adapter (sink.ts), so spoken turns look and behave like typed ones.
import { VOICE_MESSAGES } from './messages';
import { speak, type VoiceSink } from './sink';
import type { VoiceEnv } from './env';
import { startTurn } from './turn';
import type {
  VoiceController,
  VoiceEvent,
  VoiceFailure,
  VoiceFailureReason,
  VoiceHost,
  VoicePhase,
  VoiceTurn,
} from './types';

/** What the visitor is told for each failure; `satisfies` fails to compile when a reason has no entry. */
const FAILURE_SAYS = {
  denied: 'voiceDenied',
  unsupported: 'voiceUnsupported',
  // A refused session says why in the service's words (409 voice_not_configured, 429, 401…).
  session: null,
  dropped: 'voiceDropped',
} as const satisfies Record<VoiceFailureReason, VoiceFailure | null>;

export function createController(host: VoiceHost, env?: VoiceEnv): VoiceController {
  /** The latest turn; kept after `reply.done` so its audio can still be silenced. */
  let turn: VoiceTurn | null = null;
  /** The chat side of the running turn; null once it ended. */
  let sink: VoiceSink | null = null;

  const setPhase = (phase: VoicePhase) => host.set({ phase });
  const setPlaying = (playing: boolean) => host.set({ playing });
  const settle = () => {
    sink = null;
    setPhase('idle');
  };
  /** A closed turn tells nothing more, so it is marked silent here. */
  const closeTurn = () => {
    turn?.close();
    turn = null;
    setPlaying(false);
  };

  const onEvent = (s: VoiceSink, e: VoiceEvent) => {
    if (e.type === 'playing') return setPlaying(e.playing);
    if (sink !== s) return;
    switch (e.type) {
      case 'recording':
        return setPhase('recording');
      case 'listened':
        return setPhase('replying');
      case 'transcript':
        return s.transcript(e.text, e.final);
      case 'chat':
        s.event(e.event);
        if (e.event.type === 'error') settle();
        return;
      case 'done':
        s.done(e.conversationId);
        return settle();
      case 'failed':
        s.fail(FAILURE_SAYS[e.reason], e.error);
        return settle();
    }
  };

  const start = () => {
    const s = speak(host.chat);
    if (!s) return;
    closeTurn();
    sink = s;
    setPhase('starting');
    const ctrl = new AbortController();
    // The stop button, a new conversation, destroy: the turn ends where it is.
    s.signal.addEventListener('abort', () => {
      ctrl.abort();
      closeTurn();
      if (sink === s) settle();
    });
    turn = startTurn(
      {
        locale: host.locale(),
        conversationId: host.conversationId(),
        session: (id) => host.session(id, ctrl.signal),
        on: (e) => onEvent(s, e),
      },
      env,
    );
  };

  return {
    messages: VOICE_MESSAGES,
    press() {
      const { phase, playing } = host.get();
      if (phase === 'recording') turn?.stop();
      else if (phase === 'starting') host.stop();
      else if (phase === 'replying' || playing) turn?.silence();
      else start();
    },
    release() {
      const { phase } = host.get();
      if (phase === 'starting') host.stop();
      if (phase === 'recording') turn?.stop();
      turn?.silence();
    },
    dispose() {
      if (sink) host.stop();
      closeTurn();
    },
  };
}

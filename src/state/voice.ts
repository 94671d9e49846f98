// The microphone button's model: loads the voice runtime on first use, runs one spoken turn at a
// time and feeds it into the chat model (chat.speak), so spoken turns look like typed ones.
import type { WidgetClient } from '../api/client';
import type { Messages } from '../i18n';
import type { Locale } from '../types';
import { loadVoiceRuntime } from '../voice/load';
import type { VoiceEvent, VoiceTurn } from '../voice/types';
import type { ChatModel, VoiceSink } from './chat';
import type { Notice } from './notices';
import { store } from './store';

/** `starting`: runtime, microphone, session, socket. `replying`: recording ended, answer coming. */
export type VoicePhase = 'idle' | 'starting' | 'recording' | 'replying';

export interface VoiceState {
  phase: VoicePhase;
  /** The spoken answer is playing (possibly after the turn ended). */
  playing: boolean;
}

export interface VoiceDeps {
  api: WidgetClient;
  chat: ChatModel;
  runtimeUrl: string;
  nonce: string | null;
  locale(): Locale;
  t(): Messages;
  describe(err: unknown): Notice;
}

export type VoiceModel = ReturnType<typeof createVoice>;

export function createVoice({ api, chat, runtimeUrl, nonce, locale, t, describe }: VoiceDeps) {
  const state = store<VoiceState>({ phase: 'idle', playing: false });
  const patch = (p: Partial<VoiceState>) => state.update((s) => ({ ...s, ...p }));
  /** The latest turn; kept after `reply.done` so its audio can still be silenced. */
  let turn: VoiceTurn | null = null;
  /** The chat side of the running turn; null once it ended. */
  let sink: VoiceSink | null = null;

  const settle = () => {
    sink = null;
    patch({ phase: 'idle' });
  };
  const notice = (text: string): Notice => ({ kind: 'voice', code: 'voice', text });

  const onEvent = (s: VoiceSink, e: VoiceEvent) => {
    if (e.type === 'playing') return patch({ playing: e.playing });
    if (sink !== s) return;
    switch (e.type) {
      case 'recording':
        return patch({ phase: 'recording' });
      case 'listened':
        s.listened();
        return patch({ phase: 'replying' });
      case 'transcript':
        return s.transcript(e.text, e.final);
      case 'chat':
        s.event(e.event);
        if (e.event.type === 'error') settle();
        return;
      case 'done':
        s.done(e.conversationId);
        return settle();
      case 'failed': {
        const m = t();
        const text = e.reason === 'denied' ? m.voiceDenied : e.reason === 'unsupported' ? m.voiceUnsupported : m.voiceDropped;
        // A refused session says why in the service's words (409 voice_not_configured, 429, 401…).
        s.fail(e.reason === 'session' ? describe(e.error) : notice(text));
        return settle();
      }
    }
  };

  async function start(): Promise<void> {
    const s = chat.speak();
    if (!s) return;
    turn?.close();
    turn = null;
    sink = s;
    patch({ phase: 'starting', playing: false });
    const ctrl = new AbortController();
    // The stop button, a new conversation, destroy: the turn ends where it is.
    s.signal.addEventListener('abort', () => {
      ctrl.abort();
      turn?.close();
      if (sink === s) settle();
    });
    let startTurn;
    try {
      startTurn = await loadVoiceRuntime(runtimeUrl, nonce);
    } catch {
      if (sink === s) {
        s.fail(notice(t().voiceFailed));
        settle();
      }
      return;
    }
    if (sink !== s) return;
    turn = startTurn({
      locale: locale(),
      conversationId: chat.state.get().conversationId,
      session: (id) => api.voiceSession(id, ctrl.signal),
      on: (e) => onEvent(s, e),
    });
  }

  return {
    state,
    /** The microphone button: start, stop recording, or silence the answer. Runs inside the click. */
    press(): void {
      const { phase, playing } = state.get();
      if (phase === 'recording') turn?.stop();
      else if (phase === 'starting') chat.stop();
      else if (phase === 'replying' || playing) turn?.silence();
      else void start();
    },
    /** The panel closed: stop recording (the answer still arrives) and stop talking. */
    release(): void {
      const { phase } = state.get();
      if (phase === 'starting') chat.stop();
      if (phase === 'recording') turn?.stop();
      turn?.silence();
    },
    dispose(): void {
      if (sink) chat.stop();
      turn?.close();
      turn = null;
    },
  };
}

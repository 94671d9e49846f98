// The microphone button's model in widget.js: asks for the voice runtime (../runtime/runtimes.ts) on the first press and hands
// it the chat as a ChatPort (voice/types.ts). Everything heavy, the voice-turn adapter included,
// lives in widget-voice.js. The button's state (recording, replying, playing) is kept here only.
import type { ApiClient } from '../api/client';
import { causeOf, whyDropped } from '../api/diagnose';
import { addMessages } from '../i18n';
import type { LoadRuntime } from '../runtime/runtimes';
import type { ErrorCause, Locale } from '../types';
import type { ChatPort, VoiceController, VoiceFailure, VoiceHost, VoiceState } from '../voice/types';
import type { ChatListener, ChatModel } from './chat-types';
import type { Notice } from './notices';
import { store, type Store } from './store';

export interface VoiceDeps {
  api: ApiClient;
  chat: ChatModel;
  listener: Pick<ChatListener, 'onSent' | 'streamError' | 'fail'>;
  notify(notice: Notice): void;
  /** The runtimes' seam (../runtime/runtimes.ts): widget-voice.js is asked for by name. */
  loadRuntime: LoadRuntime;
  locale(): Locale;
  /** False when /config said `voice.configured: false`: no microphone prompt for nothing. */
  configured(): boolean;
}

/** The microphone button's model. */
export interface VoiceModel {
  state: Store<VoiceState>;
  /** Loads the runtime on the first press, then starts a turn, stops recording or silences the answer. */
  press(): void;
  /** The panel closed: stop recording (the answer still arrives) and stop talking. */
  release(): void;
  dispose(): void;
}

export function createVoice(deps: VoiceDeps): VoiceModel {
  const { api, chat, listener, notify, loadRuntime, locale, configured } = deps;
  const state = store<VoiceState>({ phase: 'idle', playing: false });
  let controller: VoiceController | undefined;
  /** Pressed while the runtime loads: start once it is here (a second press, close or destroy cancel). */
  let wanted = false;
  const codes = { voiceNotConfigured: 'voice_not_configured', voiceFailed: 'voice_unavailable' } as const;
  const say = (key: VoiceFailure | keyof typeof codes, retry?: () => void, fault?: ErrorCause) =>
    notify({
      kind: 'voice',
      code: codes[key as keyof typeof codes] ?? 'voice',
      say: key,
      action: retry && ['retry', retry],
      fault,
    });
  // A refused session says why in the service's words (409 voice_not_configured, 429, 401…); the
  // retry starts a new turn (a click, so the microphone may be asked again).
  const fail = (failure: VoiceFailure | null, error?: unknown) => {
    if (!failure) return listener.fail(error, press);
    if (failure !== 'voiceDropped') return say(failure);
    // A socket that never opened may be the page's CSP (connect-src), named to the page's developer.
    void whyDropped().then((fault) => say(failure, press, fault));
  };
  const port: ChatPort = {
    ...chat.turn,
    sent: () => listener.onSent(chat.state.get().conversationId),
    streamError: listener.streamError,
    fail,
  };
  const host: VoiceHost = {
    chat: port,
    stop: chat.stop,
    session: api.voiceSession,
    conversationId: () => chat.state.get().conversationId,
    locale,
    get: state.get,
    set: (p) => state.update((s) => ({ ...s, ...p })),
  };

  const cancel = () => {
    if (wanted) host.set({ phase: 'idle' });
    wanted = false;
  };

  function press(): void {
    if (!configured()) return say('voiceNotConfigured');
    if (controller) return controller.press();
    if (wanted) return cancel();
    wanted = true;
    host.set({ phase: 'starting' });
    loadRuntime('voice').then(
      (create) => {
        // The runtime's own sentences (microphone denied, "Listening…") before it can say any.
        if (!controller) addMessages((controller = create(host)).messages);
        if (!wanted) return;
        cancel();
        // Pressed before /config answered, which may have said no while the runtime loaded.
        if (!configured()) return say('voiceNotConfigured');
        controller.press();
      },
      // Refused (integrity), unreachable, or not here after 15 s (runtime/load.ts): the button
      // rests again and the visitor is told; the notice's retry is a fresh press.
      (err: unknown) => {
        if (!wanted) return;
        cancel();
        say('voiceFailed', press, causeOf(err));
      },
    );
  }

  return {
    state,
    press,
    release() {
      cancel();
      controller?.release();
    },
    dispose() {
      cancel();
      controller?.dispose();
    },
  };
}

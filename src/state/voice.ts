// The microphone button's model in widget.js: loads the voice runtime on the first press and hands
// it the chat model's voice entry point (chat.speak). Everything heavy lives in widget-voice.js.
import type { ApiClient } from '../api/client';
import type { Messages } from '../i18n';
import type { Locale } from '../types';
import { loadVoiceRuntime } from '../voice/load';
import type { VoiceController, VoiceFailure, VoiceHost, VoiceState } from '../voice/types';
import type { ChatModel } from './chat';
import type { Notice } from './notices';
import { store } from './store';

export interface VoiceDeps {
  api: ApiClient;
  chat: ChatModel;
  runtimeUrl: string;
  nonce: string | null;
  locale(): Locale;
  /** False when /config said `voice.configured: false`: no microphone prompt for nothing. */
  configured(): boolean;
  t(): Messages;
  describe(err: unknown): Notice;
}

export type VoiceModel = ReturnType<typeof createVoice>;

export function createVoice({ api, chat, runtimeUrl, nonce, locale, configured, t, describe }: VoiceDeps) {
  const state = store<VoiceState>({ phase: 'idle', playing: false });
  let controller: VoiceController | undefined;
  /** Pressed while the runtime loads: start once it is here (a second press, close or destroy cancel). */
  let wanted = false;
  const notice = (key: VoiceFailure | 'voiceFailed' | 'voiceNotConfigured' | null, error?: unknown): Notice =>
    key ? { kind: 'voice', code: key === 'voiceNotConfigured' ? 'voice_not_configured' : 'voice', text: t()[key] } : describe(error);
  const host: VoiceHost = {
    speak: chat.speak,
    stop: chat.stop,
    session: api.voiceSession,
    conversationId: () => chat.state.get().conversationId,
    locale,
    notice,
    set: (p) => state.update((s) => ({ ...s, ...p })),
  };

  const cancel = () => {
    if (wanted) host.set({ phase: 'idle' });
    wanted = false;
  };

  return {
    state,
    press(): void {
      if (!configured()) return chat.showNotice(notice('voiceNotConfigured'));
      if (controller) return controller.press();
      if (wanted) return cancel();
      wanted = true;
      host.set({ phase: 'starting' });
      loadVoiceRuntime(runtimeUrl, nonce).then(
        (create) => {
          controller ??= create(host);
          if (!wanted) return;
          cancel();
          controller.press();
        },
        () => {
          if (!wanted) return;
          cancel();
          chat.showNotice(notice('voiceFailed'));
        },
      );
    },
    release(): void {
      cancel();
      controller?.release();
    },
    dispose(): void {
      cancel();
      controller?.dispose();
    },
  };
}

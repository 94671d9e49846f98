// The microphone button's model in widget.js: loads the voice runtime on the first press and hands
// it the chat model's voice entry point (chat.speak). Everything heavy lives in widget-voice.js.
import type { WidgetClient } from '../api/client';
import type { Messages } from '../i18n';
import type { Locale } from '../types';
import { loadVoiceRuntime } from '../voice/load';
import type { VoiceController, VoiceFailure, VoiceHost, VoiceState } from '../voice/types';
import type { ChatModel } from './chat';
import type { Notice } from './notices';
import { store } from './store';

export interface VoiceDeps {
  api: WidgetClient;
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
  let disposed = false;
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

  return {
    state,
    press(): void {
      if (!configured()) return chat.showNotice(notice('voiceNotConfigured'));
      if (controller) return controller.press();
      if (state.get().phase !== 'idle') return; // the runtime is on its way
      host.set({ phase: 'starting' });
      loadVoiceRuntime(runtimeUrl, nonce).then(
        (create) => {
          host.set({ phase: 'idle' });
          if (!disposed) (controller = create(host)).press();
        },
        () => {
          host.set({ phase: 'idle' });
          chat.showNotice(notice('voiceFailed'));
        },
      );
    },
    release: () => controller?.release(),
    dispose(): void {
      disposed = true;
      controller?.dispose();
    },
  };
}

// The voice-turn adapter: a spoken turn (voice/types.ts `VoiceSink`) fed into the chat model, so it
// looks and behaves like a typed one. The visitor's words arrive as transcripts, the answer as the
// same events as a typed reply. The stop button, reset and dispose abort `signal`.
import type { VoiceFailure, VoiceSink } from '../voice/types';
import { localId, type ChatHooks, type ChatMessage, type ChatModel } from './chat';

/** A new spoken turn in the chat, or null while something else runs. */
export function speak(chat: ChatModel, hooks: Pick<ChatHooks, 'onSent' | 'streamError'>, fail: (failure: VoiceFailure | null, error?: unknown) => void): VoiceSink | null {
  const { claim, release, openReply, append, patch, patchMessage } = chat.turn;
  if (chat.state.get().busy !== 'idle') return null;
  const ctrl = claim();
  const reply = openReply(() => undefined);
  let said: ChatMessage | null = null;
  const end = () => release(ctrl);
  ctrl.signal.addEventListener('abort', () => {
    reply.finish('stopped');
    end();
  });
  // The turn is on its way from the first press: the composer cannot send meanwhile.
  patch({ busy: 'streaming' });
  return {
    signal: ctrl.signal,
    transcript(text, final) {
      if (said) patchMessage(said.id, { content: text });
      else append((said = { id: localId(), role: 'user', content: text }));
      if (final && !reply.started()) {
        hooks.onSent(chat.state.get().conversationId);
        reply.begin();
      }
    },
    event(e) {
      // Refused before any answer (a limit, say): a notice, not an empty reply.
      if (e.type === 'error' && !reply.started()) hooks.streamError(e.error);
      else reply.onEvent(e);
      if (e.type === 'error') end();
    },
    done(conversationId) {
      // Spoken turns join the conversation: the next typed or spoken message continues it.
      if (conversationId) patch({ conversationId });
      if (reply.started()) reply.complete();
      end();
    },
    fail(failure, error) {
      reply.finish('interrupted');
      fail(failure, error);
      end();
    },
  };
}

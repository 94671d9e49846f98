// The voice-turn adapter (widget-voice.js): one spoken turn fed into the chat through the core's
// ChatPort, so it looks and behaves like a typed one. The visitor's words arrive as transcripts,
// the answer as the same events as a typed reply.
import type { ChatEvent } from '../api/types';
import type { ChatPort, VoiceFailure } from './types';

/** The chat side of one spoken turn, as the controller feeds it. */
export interface VoiceSink {
  /** Aborted by the stop button, a reset or destroy: end the voice turn. */
  signal: AbortSignal;
  transcript(text: string, final: boolean): void;
  event(e: ChatEvent): void;
  done(conversationId: string | null): void;
  /** The turn could not start, or was cut: the partial reply stays, a notice says why. */
  fail(failure: VoiceFailure | null, error?: unknown): void;
}

/** A new spoken turn in the chat, or null while something else runs. */
export function speak(chat: ChatPort): VoiceSink | null {
  const ctrl = chat.claim();
  if (!ctrl) return null;
  const reply = chat.reply();
  let said: string | undefined;
  const end = () => chat.release(ctrl);
  ctrl.signal.addEventListener('abort', () => {
    reply.finish('stopped');
    end();
  });
  return {
    signal: ctrl.signal,
    transcript(text, final) {
      said = chat.said(text, said);
      if (final && !reply.started()) {
        chat.sent();
        reply.begin();
      }
    },
    event(e) {
      if (e.type === 'error' && !reply.started()) chat.streamError(e.error);
      else reply.onEvent(e);
      if (e.type === 'error') end();
    },
    done(conversationId) {
      // Spoken turns join the conversation: the next typed or spoken message continues it.
      if (conversationId) chat.adopt(conversationId);
      if (reply.started()) reply.complete();
      end();
    },
    fail(failure, error) {
      reply.finish('interrupted');
      chat.fail(failure, error);
      end();
    },
  };
}

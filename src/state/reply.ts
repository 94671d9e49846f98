// One assistant reply streaming into the chat, typed or spoken (chat.ts, voice): the events of
// docs/protocol.md "The chat stream" applied to one message, and the phase its status line shows.
import type { ReplyWriter } from '../voice/types';
import type { ChatListener, ChatMessage, ReplyEnd, ReplyPhase } from './chat-types';
import { store } from './store';

export const isLive = (phase: ReplyPhase): boolean =>
  phase === 'thinking' || phase === 'looking-up' || phase === 'streaming';

/** What a reply needs of the chat it streams into. */
export interface ReplyContext {
  id: string;
  listener: ChatListener;
  append(m: ChatMessage): void;
  patchMessage(id: string, p: Partial<ChatMessage>): void;
  /** The conversation the service named (answer header or `conversation` event). */
  adopt(conversationId: string): void;
  conversationId(): string | null;
  /** Sends the visitor's message again: offered by the notice of an `error` event. */
  retry?: () => void;
}

export function createReply(ctx: ReplyContext, onStarted: () => void): ReplyWriter {
  const { listener, append, patchMessage } = ctx;
  const live = store('');
  const phase = store<ReplyPhase>('thinking');
  const reply: ChatMessage = { id: ctx.id, role: 'assistant', content: '', live, phase };
  let started = false;
  const begin = () => {
    if (started) return;
    started = true;
    onStarted();
    append(reply);
  };
  const finish = (final: ReplyEnd) => {
    if (!started || !isLive(phase.get())) return;
    // The final text lands before the phase changes, so the message never shows an empty end.
    patchMessage(reply.id, { content: live.get(), live: undefined });
    phase.set(final);
    if (final !== 'done') listener.onReplyCut(final);
  };
  return {
    begin,
    finish,
    started: () => started,
    onEvent(e) {
      begin();
      switch (e.type) {
        case 'start':
          if (e.conversationId) ctx.adopt(e.conversationId);
          break;
        case 'delta':
          live.set(live.get() + e.text);
          if (isLive(phase.get())) phase.set('streaming');
          break;
        case 'tool':
          if (isLive(phase.get())) phase.set('looking-up');
          break;
        case 'conversation':
          ctx.adopt(e.id);
          listener.onConversation(e.id, e.title);
          break;
        case 'confirmation':
          patchMessage(reply.id, { confirmation: { id: e.id, prompt: e.prompt, status: 'pending' } });
          break;
        case 'approval':
          patchMessage(reply.id, { approval: { status: e.status, message: e.message } });
          break;
        case 'error':
          finish('error');
          listener.streamError(e.error, ctx.retry);
          break;
      }
    },
    complete() {
      begin();
      if (!isLive(phase.get())) return;
      finish('done');
      listener.onReplyDone(ctx.conversationId(), live.get());
    },
  };
}

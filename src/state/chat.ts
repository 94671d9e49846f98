import type { ApiClient } from '../api/client';
import { HttpError } from '../api/errors';
import type { ChatBody, ConfirmationStatus, Decision, WireMessage } from '../api/types';
import { store, type Store } from './store';
import { OfflineError, type Notice } from './notices';
import { createReply, type ReplyPhase, type ReplyWriter } from './reply';

export { isLive, type ReplyPhase, type ReplyWriter } from './reply';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  /** Final text; while a reply streams, `live` holds the text so far. */
  content: string;
  live?: Store<string>;
  /** An assistant reply's phase; none for stored messages, which are done. */
  phase?: Store<ReplyPhase>;
  confirmation?: { id: string; prompt: string; status: ConfirmationStatus | 'deciding' };
  approval?: { status: string; message?: string };
}

export interface ChatState {
  conversationId: string | null;
  messages: ChatMessage[];
  /** A reply (typed or spoken) is on its way, or a stored conversation loads. */
  busy: 'idle' | 'streaming' | 'loading';
}

export interface ChatHooks {
  /** A request failed; `retry` repeats exactly that request. */
  fail(err: unknown, retry?: () => void): void;
  /** An `error` event in a stream or a voice frame, by code. */
  streamError(code: string): void;
  /** Clears the notice about an earlier action. */
  clearNotice(): void;
  onSent(conversationId: string | null): void;
  onReplyDone(conversationId: string | null, text: string): void;
  onConversation(id: string, title: string): void;
  onNotFound(id: string): void;
}

let seq = 0;
const localId = () => `local-${++seq}`;

export const fromWire = (m: WireMessage): ChatMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  confirmation: m.confirmation,
  approval: m.approval,
});

export type ChatModel = ReturnType<typeof createChat>;

export function createChat(api: ApiClient, hooks: ChatHooks) {
  const state = store<ChatState>({ conversationId: null, messages: [], busy: 'idle' });
  /** The composer's text, apart so typing re-renders only the composer. A failed send puts the message back. */
  const draft = store('');
  let inflight: AbortController | null = null;
  /** The latest request: a finished reply's body may still be read to its end (api/read.ts), until destroy. */
  let latest: AbortController | null = null;

  const patch = (p: Partial<ChatState>) => state.update((s) => ({ ...s, ...p }));
  const append = (m: ChatMessage) => state.update((s) => ({ ...s, messages: [...s.messages, m] }));
  const patchMessage = (id: string, p: Partial<ChatMessage>) =>
    state.update((s) => ({ ...s, messages: s.messages.map((m) => (m.id === id ? { ...m, ...p } : m)) }));
  /** Starts something the stop button, a reset or dispose can abort. */
  const claim = (): AbortController => {
    const ctrl = new AbortController();
    inflight = latest = ctrl;
    return ctrl;
  };
  const release = (ctrl: AbortController) => {
    if (inflight === ctrl) inflight = null;
    patch({ busy: 'idle' });
  };

  const replyContext = {
    hooks,
    append,
    patchMessage,
    adopt: (conversationId: string) => patch({ conversationId }),
    conversationId: () => state.get().conversationId,
  };
  const openReply = (onStarted: () => void): ReplyWriter => createReply({ ...replyContext, id: localId() }, onStarted);

  /** Streams one POST /chat into a new assistant message; throws only if no reply began. */
  async function stream(body: ChatBody, onStarted: () => void): Promise<void> {
    const ctrl = claim();
    const reply = openReply(onStarted);
    patch({ busy: 'streaming' });
    hooks.clearNotice();
    try {
      const { conversationId } = await api.chat(body, reply.onEvent, ctrl.signal);
      reply.begin();
      if (conversationId) patch({ conversationId });
      reply.complete();
    } catch (err) {
      if (ctrl.signal.aborted) {
        reply.finish('stopped');
      } else if (reply.started()) {
        reply.finish('interrupted');
        // The service has the truth about what was saved: the notice reloads, never re-sends.
        hooks.fail(err, reload);
      } else {
        throw err;
      }
    } finally {
      release(ctrl);
    }
  }

  async function send(text: string): Promise<void> {
    const message = text.trim();
    if (!message || state.get().busy !== 'idle') return;
    // What the visitor typed since a failure stays, after the message it put back.
    const resend = () => {
      draft.update((d) => (d.startsWith(message) ? d.slice(message.length).replace(/^\n/, '') : d));
      void send(message);
    };
    if (navigator.onLine === false) {
      draft.set(text);
      return hooks.fail(new OfflineError());
    }
    const conversationId = state.get().conversationId;
    const userMessage: ChatMessage = { id: localId(), role: 'user', content: message };
    draft.set('');
    append(userMessage);
    const body: ChatBody = conversationId ? { conversation_id: conversationId, message } : { message };
    try {
      await stream(body, () => hooks.onSent(state.get().conversationId ?? conversationId));
    } catch (err) {
      // Nothing reached the visitor: take the message back into the composer, keep what they typed since.
      state.update((s) => ({ ...s, messages: s.messages.filter((m) => m !== userMessage) }));
      draft.update((typed) => (typed ? `${message}\n${typed}` : message));
      if (err instanceof HttpError && err.code === 'conversation_not_found' && conversationId) {
        hooks.onNotFound(conversationId);
        patch({ conversationId: null, messages: [] });
      }
      hooks.fail(err, resend);
    }
  }

  async function decide(confirmationId: string, decision: Decision): Promise<void> {
    const { conversationId, busy, messages } = state.get();
    const target = messages.find((m) => m.confirmation?.id === confirmationId);
    // The status flips before any await, so a double click finds it no longer pending.
    if (!target?.confirmation || target.confirmation.status !== 'pending' || busy !== 'idle' || !conversationId) return;
    patchMessage(target.id, { confirmation: { ...target.confirmation, status: 'deciding' } });
    try {
      await stream({ conversation_id: conversationId, confirmation: { id: confirmationId, decision } }, () => {
        patchMessage(target.id, { confirmation: { ...target.confirmation!, status: decision === 'confirm' ? 'confirmed' : 'cancelled' } });
      });
    } catch (err) {
      const closed = err instanceof HttpError && err.code === 'confirmation_not_pending';
      patchMessage(target.id, { confirmation: { ...target.confirmation, status: closed ? 'expired' : 'pending' } });
      hooks.fail(err, closed ? undefined : () => void decide(confirmationId, decision));
    }
  }

  /**
   * Shows a stored conversation (from the history list, or a reload). `quiet`: a conversation kept
   * from an earlier page that is gone (404) just leaves an empty chat.
   */
  async function load(id: string, quiet = false): Promise<void> {
    stop();
    const ctrl = claim();
    patch({ busy: 'loading' });
    hooks.clearNotice();
    try {
      const conv = await api.getConversation(id, ctrl.signal);
      patch({ conversationId: conv.id, messages: conv.messages.map(fromWire) });
    } catch (err) {
      if (ctrl.signal.aborted) return;
      const gone = err instanceof HttpError && err.code === 'conversation_not_found';
      if (gone) {
        hooks.onNotFound(id);
        patch({ conversationId: null, messages: [] });
        if (quiet) return;
      }
      hooks.fail(err, gone ? undefined : () => void load(id, quiet));
    } finally {
      release(ctrl);
    }
  }

  function stop(): void {
    inflight?.abort();
  }

  /** The interrupted notice's action. */
  function reload(): void {
    const id = state.get().conversationId;
    if (id) void load(id);
  }

  return {
    state,
    draft,
    send,
    decide,
    stop,
    load,
    reload,
    /** The chat side of a spoken turn: most of voice/types.ts ChatPort (state/voice.ts adds the rest). */
    turn: {
      // The turn is on its way from the first press: the composer cannot send meanwhile.
      claim: () => (state.get().busy == 'idle' ? (patch({ busy: 'streaming' }), claim()) : null),
      release,
      reply: () => openReply(() => undefined),
      said(content: string, id?: string): string {
        if (id) patchMessage(id, { content });
        else append({ id: (id = localId()), role: 'user', content });
        return id;
      },
      adopt: (conversationId: string) => patch({ conversationId }),
    },
    reset: () => {
      stop();
      hooks.clearNotice();
      patch({ conversationId: null, messages: [], busy: 'idle' });
    },
    dispose: () => {
      stop();
      latest?.abort();
    },
  };
}

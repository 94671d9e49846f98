// One widget's conversation (ChatModel, chat-types.ts): sending, streaming replies (reply.ts),
// confirmations, loading a stored conversation, and the chat side of a spoken turn.
import type { ApiClient } from '../api/client';
import { HttpError } from '../api/errors';
import type { ChatBody, Decision, WireMessage } from '../api/types';
import type { ReplyWriter } from '../voice/types';
import type { ChatListener, ChatMessage, ChatModel, ChatState } from './chat-types';
import { OfflineError, ReplyLateError } from './notices';
import { nextFrame } from './next-frame';
import { createReply } from './reply';
import { awaitStoredReply, waitsForReply } from './resume';
import { store } from './store';

let seq = 0;
const localId = () => `local-${++seq}`;

export const fromWire = (m: WireMessage): ChatMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  confirmation: m.confirmation,
  approval: m.approval,
});

/** `state`: the model's store, which the widget model may create first (it reads `busy` when /config fails). */
export function createChat(
  api: ApiClient,
  listener: ChatListener,
  state = store<ChatState>({ conversationId: null, messages: [], busy: 'idle' }),
): ChatModel {
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
  const release = (ctrl: AbortController, pending = false) => {
    if (inflight === ctrl) inflight = null;
    patch({ busy: 'idle', waiting: undefined, pending });
  };

  const replyContext = {
    listener,
    append,
    patchMessage,
    adopt: (conversationId: string) => patch({ conversationId }),
    conversationId: () => state.get().conversationId,
  };
  const openReply = (onStarted: () => void, retry?: () => void): ReplyWriter =>
    createReply({ ...replyContext, id: localId(), retry }, onStarted);

  /**
   * Streams one POST /chat into a new assistant message; throws only if no reply began. Until it
   * begins the chat is `waiting` (the status the visitor sees), and the reply is `pending` until it
   * ends, kept across a page load; a cut reply stays pending (the service may still write it).
   */
  async function stream(body: ChatBody, onStarted: () => void, retry?: () => void): Promise<void> {
    const ctrl = claim();
    const reply = openReply(() => {
      patch({ waiting: undefined });
      onStarted();
    }, retry);
    patch({ busy: 'streaming', pending: true });
    listener.clearNotice();
    let cut = false;
    try {
      const onRetry = () => reply.started() || patch({ waiting: 'retrying' });
      // The press paints the visitor's message (and the stop button) first; the "Thinking…" line,
      // its announcement, and the request come after that frame.
      await nextFrame();
      if (!ctrl.signal.aborted) patch({ waiting: 'sending' });
      const { conversationId } = await api.chat(body, reply.onEvent, ctrl.signal, onRetry);
      reply.begin();
      if (conversationId) patch({ conversationId });
      reply.complete();
    } catch (err) {
      if (ctrl.signal.aborted) {
        reply.finish('stopped');
      } else if (reply.started()) {
        cut = true;
        reply.finish('interrupted');
        // The service has the truth about what was saved: the notice reloads, never re-sends.
        listener.fail(err, reload);
      } else {
        throw err;
      }
    } finally {
      release(ctrl, cut);
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
      return listener.fail(new OfflineError());
    }
    const conversationId = state.get().conversationId;
    const userMessage: ChatMessage = { id: localId(), role: 'user', content: message };
    draft.set('');
    append(userMessage);
    const body: ChatBody = conversationId ? { conversation_id: conversationId, message } : { message };
    try {
      // An `error` event's "Try again" sends the same message once more, as a new turn.
      await stream(body, () => listener.onSent(state.get().conversationId ?? conversationId), resend);
    } catch (err) {
      // Nothing reached the visitor: take the message back into the composer, keep what they typed since.
      state.update((s) => ({ ...s, messages: s.messages.filter((m) => m !== userMessage) }));
      draft.update((typed) => (typed ? `${message}\n${typed}` : message));
      if (err instanceof HttpError && err.code === 'conversation_not_found' && conversationId) {
        listener.onNotFound(conversationId);
        patch({ conversationId: null, messages: [] });
      }
      listener.fail(err, resend);
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
        patchMessage(target.id, {
          confirmation: { ...target.confirmation!, status: decision === 'confirm' ? 'confirmed' : 'cancelled' },
        });
      });
    } catch (err) {
      const closed = err instanceof HttpError && err.code === 'confirmation_not_pending';
      patchMessage(target.id, { confirmation: { ...target.confirmation, status: closed ? 'expired' : 'pending' } });
      listener.fail(err, closed ? undefined : () => void decide(confirmationId, decision));
    }
  }

  async function load(id: string, quiet = false, awaitReply = false): Promise<void> {
    stop();
    const ctrl = claim();
    patch({ busy: 'loading' });
    listener.clearNotice();
    try {
      const conv = await api.getConversation(id, ctrl.signal);
      patch({ conversationId: conv.id, messages: conv.messages.map(fromWire) });
      if (!awaitReply || !waitsForReply(conv)) return;
      // The service is still writing the reply the last page asked for (docs/protocol.md "A reply in
      // flight survives a page load").
      patch({ busy: 'streaming', waiting: 'resuming', pending: true });
      const done = await awaitStoredReply((signal) => api.getConversation(id, signal), ctrl.signal);
      if (!done) return listener.fail(new ReplyLateError(), reload);
      patch({ messages: done.messages.map(fromWire) });
      listener.onReplyDone(done.id, done.messages[done.messages.length - 1]!.content);
    } catch (err) {
      if (ctrl.signal.aborted) return;
      const gone = err instanceof HttpError && err.code === 'conversation_not_found';
      if (gone) {
        listener.onNotFound(id);
        patch({ conversationId: null, messages: [] });
        if (quiet) return;
      }
      listener.fail(err, gone ? undefined : () => void load(id, quiet));
    } finally {
      release(ctrl);
    }
  }

  function stop(): void {
    inflight?.abort();
  }

  function reload(): void {
    const { conversationId: id, pending } = state.get();
    // A cut reply is still pending: the service may not have stored it yet.
    if (id) void load(id, false, pending);
  }

  return {
    state,
    draft,
    send,
    decide,
    stop,
    load,
    reload,
    turn: {
      // The turn is on its way from the first press: the composer cannot send meanwhile.
      claim: () => (state.get().busy === 'idle' ? (patch({ busy: 'streaming' }), claim()) : null),
      release,
      reply: () => openReply(() => undefined),
      said(content, id) {
        if (id) patchMessage(id, { content });
        else append({ id: (id = localId()), role: 'user', content });
        return id;
      },
      adopt: (conversationId) => patch({ conversationId }),
    },
    reset: () => {
      stop();
      listener.clearNotice();
      patch({ conversationId: null, messages: [], busy: 'idle', waiting: undefined, pending: false });
    },
    dispose: () => {
      stop();
      latest?.abort();
    },
  };
}

import type { WidgetClient as ApiClient } from '../api/client';
import { HttpError } from '../api/errors';
import type { ChatBody, ChatEvent, ConfirmationStatus, Decision, WireMessage } from '../api/types';
import { store, type Store } from './store';
import { OfflineError, type Notice } from './notices';

export type ReplyState = 'streaming' | 'done' | 'stopped' | 'interrupted' | 'error';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  /** Final text; while streaming, `live` holds the text so far. */
  content: string;
  live?: Store<string>;
  /** True while the service is looking something up (tool calls), never what it looks up. */
  lookingUp?: Store<boolean>;
  state?: ReplyState;
  confirmation?: { id: string; prompt: string; status: ConfirmationStatus | 'deciding' };
  approval?: { status: string; message?: string };
}

export interface ChatState {
  conversationId: string | null;
  messages: ChatMessage[];
  /** `recording`: a spoken turn is listening to the visitor (voice). */
  busy: 'idle' | 'streaming' | 'loading' | 'recording';
  /** Errors about the last action, shown above the composer. */
  notice: Notice | null;
}

/** How a spoken turn reaches the chat model (see `speak`). */
export interface VoiceSink {
  /** Aborted by the stop button, a reset or dispose: end the voice turn. */
  signal: AbortSignal;
  /** Recording ended; the answer is awaited. */
  listened(): void;
  transcript(text: string, final: boolean): void;
  event(e: ChatEvent): void;
  done(conversationId: string | null): void;
  /** The turn could not start, or was cut: the partial reply stays, the notice says why. */
  fail(notice: Notice): void;
}

export interface ChatHooks {
  describe(err: unknown): Notice;
  describeStreamError(code: string): Notice;
  onSent(conversationId: string | null): void;
  onReplyDone(conversationId: string | null, text: string): void;
  onConversation(id: string, title: string): void;
  onNotFound(id: string): void;
  onNotice(notice: Notice): void;
}

let seq = 0;
const localId = () => `local-${++seq}`;

export const fromWire = (m: WireMessage): ChatMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  state: 'done',
  confirmation: m.confirmation,
  approval: m.approval,
});

export type ChatModel = ReturnType<typeof createChat>;

export function createChat(api: ApiClient, hooks: ChatHooks) {
  const state = store<ChatState>({ conversationId: null, messages: [], busy: 'idle', notice: null });
  /** The composer's text, apart so typing re-renders only the composer. A failed send puts the message back. */
  const draft = store('');
  let inflight: AbortController | null = null;

  const patch = (p: Partial<ChatState>) => state.update((s) => ({ ...s, ...p }));
  const append = (m: ChatMessage) => state.update((s) => ({ ...s, messages: [...s.messages, m] }));
  const patchMessage = (id: string, p: Partial<ChatMessage>) =>
    state.update((s) => ({ ...s, messages: s.messages.map((m) => (m.id === id ? { ...m, ...p } : m)) }));
  const setNotice = (notice: Notice | null) => {
    patch({ notice });
    if (notice) hooks.onNotice(notice);
  };

  /** One assistant reply streaming into the list, typed or spoken: the events of contract 4.1. */
  function openReply(onStarted: () => void) {
    const reply: ChatMessage = { id: localId(), role: 'assistant', content: '', live: store(''), lookingUp: store(false), state: 'streaming' };
    let started = false;
    const begin = () => {
      if (started) return;
      started = true;
      onStarted();
      append(reply);
    };
    const onEvent = (e: ChatEvent) => {
      begin();
      switch (e.type) {
        case 'start':
          if (e.conversationId) patch({ conversationId: e.conversationId });
          break;
        case 'delta':
          reply.lookingUp!.set(false);
          reply.live!.set(reply.live!.get() + e.text);
          break;
        case 'tool':
          reply.lookingUp!.set(true);
          break;
        case 'conversation':
          patch({ conversationId: e.id });
          hooks.onConversation(e.id, e.title);
          break;
        case 'confirmation':
          patchMessage(reply.id, { confirmation: { id: e.id, prompt: e.prompt, status: 'pending' } });
          break;
        case 'approval':
          patchMessage(reply.id, { approval: { status: e.status, message: e.message } });
          break;
        case 'error':
          finish('error');
          setNotice(hooks.describeStreamError(e.error));
          break;
      }
    };
    const finish = (final: ReplyState) => {
      if (!started) return;
      const current = state.get().messages.find((m) => m.id === reply.id);
      if (current?.state !== 'streaming') return;
      reply.lookingUp!.set(false);
      patchMessage(reply.id, { content: reply.live!.get(), state: final });
    };
    /** The stream ended normally: the reply is done, unless an `error` event ended it already. */
    const complete = () => {
      begin();
      finish('done');
      const s = state.get();
      if (s.messages.find((m) => m.id === reply.id)?.state === 'done') hooks.onReplyDone(s.conversationId, reply.live!.get());
    };
    return { id: reply.id, begin, onEvent, finish, complete, started: () => started };
  }

  /** Streams one POST /chat into a new assistant message; throws only if no reply began. */
  async function stream(body: ChatBody, onStarted: () => void): Promise<void> {
    const ctrl = new AbortController();
    inflight = ctrl;
    const reply = openReply(onStarted);
    patch({ busy: 'streaming', notice: null });
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
        setNotice(hooks.describe(err));
      } else {
        throw err;
      }
    } finally {
      if (inflight === ctrl) inflight = null;
      patch({ busy: 'idle' });
    }
  }

  /**
   * A spoken turn, fed by the voice model (src/state/voice.ts): the visitor's words arrive as
   * transcripts, the answer as the same events as a typed reply. Null while something else runs.
   * The stop button, reset and dispose abort `signal`, which the voice side obeys.
   */
  function speak(): VoiceSink | null {
    if (state.get().busy !== 'idle') return null;
    const ctrl = new AbortController();
    inflight = ctrl;
    const reply = openReply(() => undefined);
    let said: ChatMessage | null = null;
    const end = () => {
      if (said) patchMessage(said.id, { state: 'done' });
      if (inflight === ctrl) inflight = null;
      patch({ busy: 'idle' });
    };
    ctrl.signal.addEventListener('abort', () => {
      reply.finish('stopped');
      end();
    });
    patch({ busy: 'recording', notice: null });
    return {
      signal: ctrl.signal,
      listened: () => patch({ busy: 'streaming' }),
      transcript(text, final) {
        if (said) patchMessage(said.id, { content: text });
        else {
          const message: ChatMessage = (said = { id: localId(), role: 'user', content: text, state: 'streaming' });
          append(message);
        }
        if (final && !reply.started()) {
          hooks.onSent(state.get().conversationId);
          reply.begin();
        }
      },
      event(e) {
        // Refused before any answer (a limit, say): a notice, not an empty reply.
        if (e.type === 'error' && !reply.started()) setNotice(hooks.describeStreamError(e.error));
        else reply.onEvent(e);
        if (e.type === 'error') end();
      },
      done(conversationId) {
        // Spoken turns join the conversation: the next typed or spoken message continues it.
        if (conversationId) patch({ conversationId });
        if (reply.started()) reply.complete();
        end();
      },
      fail(notice) {
        reply.finish('interrupted');
        setNotice(notice);
        end();
      },
    };
  }

  async function send(text: string): Promise<void> {
    const message = text.trim();
    if (!message || state.get().busy !== 'idle') return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      draft.set(text);
      setNotice(hooks.describe(new OfflineError()));
      return;
    }
    const conversationId = state.get().conversationId;
    const userMessage: ChatMessage = { id: localId(), role: 'user', content: message, state: 'done' };
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
      setNotice(hooks.describe(err));
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
      setNotice(hooks.describe(err));
    }
  }

  /** `quiet`: a conversation kept from an earlier page that is gone (404) just leaves an empty chat. */
  async function load(id: string, quiet = false): Promise<void> {
    stop();
    const ctrl = new AbortController();
    inflight = ctrl;
    patch({ busy: 'loading', notice: null });
    try {
      const conv = await api.getConversation(id, ctrl.signal);
      patch({ conversationId: conv.id, messages: conv.messages.map(fromWire) });
    } catch (err) {
      if (ctrl.signal.aborted) return;
      if (err instanceof HttpError && err.code === 'conversation_not_found') {
        hooks.onNotFound(id);
        patch({ conversationId: null, messages: [] });
        if (quiet) return;
      }
      setNotice(hooks.describe(err));
    } finally {
      if (inflight === ctrl) inflight = null;
      patch({ busy: 'idle' });
    }
  }

  function stop(): void {
    inflight?.abort();
  }

  return {
    state,
    draft,
    send,
    decide,
    stop,
    open: load,
    /** The interrupted notice's action: the service has the truth about what was saved. */
    reload: () => {
      const id = state.get().conversationId;
      if (id) void load(id);
    },
    /** The retry button: sends the kept message again. */
    retry: () => send(draft.get()),
    speak,
    dismissNotice: () => patch({ notice: null }),
    showNotice: setNotice,
    reset: () => {
      stop();
      patch({ conversationId: null, messages: [], notice: null, busy: 'idle' });
    },
    dispose: stop,
  };
}

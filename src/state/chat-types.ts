// The chat model's shapes: its state, what it tells the widget around it, and what it offers. Apart
// from chat.ts so reply.ts (which writes into the chat) and the widget model can name them without
// importing the implementation.
import type { ConfirmationStatus, Decision } from '../api/types';
import type { ChatPort } from '../voice/types';
import type { Store } from './store';

/**
 * Where a reply is, the one fact the message's status line shows: `thinking` until the first text,
 * `looking-up` while the service runs a tool, `streaming` once text flows, then how it ended.
 */
export type ReplyPhase = (typeof REPLY_PHASES)[number];
/** Every phase, the live ones first: the ends are what a screen reader is told (state/announce.ts). */
export const REPLY_PHASES = ['thinking', 'looking-up', 'streaming', 'done', 'stopped', 'interrupted', 'error'] as const;
/** How a reply ended: finished, or stopped, cut or ended by an `error` event (incomplete). */
export type ReplyEnd = Exclude<ReplyPhase, 'thinking' | 'looking-up' | 'streaming'>;

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
  /**
   * Asked, and no reply has begun yet: the request is on its way (`sending`), is being retried
   * (`retrying`), or a reply the service is still writing after a page load (`resuming`).
   */
  waiting?: Waiting;
  /**
   * A reply was asked for and not seen to its end: kept across a page load (docs/protocol.md "A
   * reply in flight survives a page load").
   */
  pending?: boolean;
}

export type Waiting = 'sending' | 'retrying' | 'resuming';

/** What the chat tells the widget around it (state/widget-model.ts): failures, notices, events. */
export interface ChatListener {
  /** A request failed; `retry` repeats exactly that request. */
  fail(err: unknown, retry?: () => void): void;
  /** An `error` event in a stream or a voice frame, by code; `retry` sends the visitor's message again. */
  streamError(code: string, retry?: () => void): void;
  /** Clears the notice about an earlier action. */
  clearNotice(): void;
  onSent(conversationId: string | null): void;
  onReplyDone(conversationId: string | null, text: string): void;
  /** A reply that began ended incomplete: stopped, cut, or ended by an `error` event. */
  onReplyCut(phase: Exclude<ReplyEnd, 'done'>): void;
  onConversation(id: string, title: string): void;
  onNotFound(id: string): void;
}

/** The chat side of a spoken turn: most of ChatPort (state/voice.ts adds the rest). */
export type ChatTurn = Pick<ChatPort, 'claim' | 'release' | 'reply' | 'said' | 'adopt'>;

/** One widget's conversation: its messages, the composer's draft, and what the visitor can do. */
export interface ChatModel {
  state: Store<ChatState>;
  /** The composer's text, apart so typing re-renders only the composer. A failed send puts the message back. */
  draft: Store<string>;
  /** Sends the visitor's message and streams the reply; a send that reached no reply puts it back. */
  send(text: string): Promise<void>;
  /** Confirms or cancels a pending confirmation (docs/protocol.md "Confirmations"). */
  decide(confirmationId: string, decision: Decision): Promise<void>;
  /** Aborts what runs: a reply (it stays, `stopped`), a load, a spoken turn. */
  stop(): void;
  /**
   * Shows a stored conversation (from the history list, or a reload). `quiet`: a conversation kept
   * from an earlier page that is gone (404) just leaves an empty chat. `awaitReply`: a reply was
   * pending when the last page went away; while the service is still writing it, asked again
   * (state/resume.ts).
   */
  load(id: string, quiet?: boolean, awaitReply?: boolean): Promise<void>;
  /** The interrupted notice's action: the service has the truth about what was saved. */
  reload(): void;
  turn: ChatTurn;
  /** A new conversation: stops what runs, clears messages and the notice. */
  reset(): void;
  dispose(): void;
}

// What widget.js and widget-voice.js agree on: types, and the one list they derive from
// (VOICE_FAILURES). The core imports this file with `import type` only (state/, runtime/runtimes.ts),
// and of the rest of the voice feature only the type of its sentences (i18n/index.ts). It imports
// nothing from state/ or ui/: the core implements these seams (state/voice.ts, state/reply.ts).
import type { ChatEvent, VoiceSession } from '../api/types';
import type { Locale } from '../types';
import type { VOICE_MESSAGES } from './messages';

/** `starting`: microphone, session, socket. `replying`: recording ended, the answer is coming. */
export type VoicePhase = 'idle' | 'starting' | 'recording' | 'replying';

export interface VoiceState {
  phase: VoicePhase;
  /** The spoken answer is playing (possibly after the turn ended). */
  playing: boolean;
}

/**
 * Why a turn could not start or was cut, as the runtime sees it: `denied` (no microphone permission
 * or device), `unsupported` (no MediaRecorder/WebSocket), `session` (POST /voice/session failed),
 * `dropped` (the socket closed before `reply.done`). The one list: the types below derive from it,
 * and the controller must say something for each (voice/controller.ts).
 */
export const VOICE_FAILURES = ['denied', 'unsupported', 'session', 'dropped'] as const;
export type VoiceFailureReason = (typeof VOICE_FAILURES)[number];

/**
 * The sentence (voice/messages.ts) the core shows for a failure. A refused `session` has none: the
 * service's answer says why, told as in text chat.
 */
export type VoiceFailure = `voice${Capitalize<Exclude<VoiceFailureReason, 'session'>>}`;

/**
 * One assistant reply streaming into the chat, typed or spoken: the events of docs/protocol.md
 * "The chat stream" applied to one message. The core writes both kinds with one implementation
 * (state/reply.ts); a spoken turn gets it through `ChatPort.reply()`.
 */
export interface ReplyWriter {
  /** Shows the reply (thinking) if it is not shown yet. */
  begin(): void;
  onEvent(e: ChatEvent): void;
  /** Ends a shown reply that is still live: the visitor stopped it, or it was cut. */
  finish(final: 'stopped' | 'interrupted'): void;
  /** The answer ended normally: done, unless an `error` event ended it already. */
  complete(): void;
  started(): boolean;
}

/**
 * The chat as a spoken turn needs it: the seam between the two bundles. The core implements it
 * (state/voice.ts); the runtime's voice-turn adapter (voice/sink.ts) drives it.
 */
export interface ChatPort {
  /** Claims the chat for a spoken turn, or null while something else runs. Stop, reset and destroy abort it. */
  claim(): AbortController | null;
  release(ctrl: AbortController): void;
  reply(): ReplyWriter;
  /** Shows the visitor's words, or updates them given the id this returned before. */
  said(text: string, id?: string): string;
  /** The turn joined (or began) this conversation. */
  adopt(conversationId: string): void;
  /** The question is complete: `message_sent`. */
  sent(): void;
  /** An `error` frame before any answer (a limit, say): a notice, not an empty reply. */
  streamError(code: string): void;
  /** A notice for `failure`, or (null) for what POST /voice/session threw, told as in text chat. */
  fail(failure: VoiceFailure | null, error?: unknown): void;
}

/** What widget.js gives the runtime: the chat, the api client, the button's state. */
export interface VoiceHost {
  chat: ChatPort;
  /** chat.stop(): ends the running turn (its claim aborts). */
  stop(): void;
  /** POST /voice/session through the core's api client (the JWT never reaches the runtime). */
  session(conversationId: string | null, signal?: AbortSignal): Promise<VoiceSession>;
  conversationId(): string | null;
  locale(): Locale;
  /** The microphone button's state: kept once, in the core; the runtime reads and updates it. */
  get(): VoiceState;
  set(state: Partial<VoiceState>): void;
}

/** The microphone button's behaviour, once the runtime is loaded. */
export interface VoiceController {
  /** The sentences only a spoken turn says ([en, tr] pairs): the core adds them to its catalog. */
  messages: typeof VOICE_MESSAGES;
  /** Start a turn, stop recording, or silence the spoken answer. Runs inside the click. */
  press(): void;
  /** The panel closed: stop recording (the answer still arrives) and stop talking. */
  release(): void;
  dispose(): void;
}

export type CreateVoiceController = (host: VoiceHost) => VoiceController;

/** What the runtime tells the core during one spoken turn, in wire order. */
export type VoiceEvent =
  /** Microphone granted, socket open, `start` sent: the visitor is being recorded. */
  | { type: 'recording' }
  /** Recording has ended (second press, or the service heard the end of the question). */
  | { type: 'listened' }
  | { type: 'transcript'; text: string; final: boolean }
  /** `reply.delta`, `confirmation`, `approval`, `error` (and `conversation`) frames, as chat events. */
  | { type: 'chat'; event: ChatEvent }
  | { type: 'done'; conversationId: string | null }
  /** Spoken reply audio started or stopped (queue drained, silenced or closed). */
  | { type: 'playing'; playing: boolean }
  /** The turn could not start or was cut; `error` is what the api client threw for `session`. */
  | { type: 'failed'; reason: VoiceFailureReason; error?: unknown };

export interface VoiceTurnOptions {
  locale: Locale;
  conversationId: string | null;
  /** POST /voice/session through the core's api client (the JWT never reaches the runtime). */
  session(conversationId: string | null): Promise<VoiceSession>;
  on(event: VoiceEvent): void;
}

export interface VoiceTurn {
  /** Ends recording: the last audio chunk, then `{"type":"stop"}`. Must run inside the click. */
  stop(): void;
  /** Silences the spoken reply (now and for the rest of this turn); the text goes on. */
  silence(): void;
  /** Ends everything: recording (with `stop`), socket, microphone, audio. */
  close(): void;
}

// What widget.js and widget-voice.js agree on. Types only: the core imports this file and
// src/voice/load.ts, nothing else of the voice feature.
import type { ChatEvent, VoiceSession } from '../api/types';
import type { Messages } from '../i18n';
import type { VoiceSink } from '../state/chat';
import type { Notice } from '../state/notices';
import type { Locale } from '../types';

/** `starting`: microphone, session, socket. `replying`: recording ended, the answer is coming. */
export type VoicePhase = 'idle' | 'starting' | 'recording' | 'replying';

export interface VoiceState {
  phase: VoicePhase;
  /** The spoken answer is playing (possibly after the turn ended). */
  playing: boolean;
}

/** Notices the runtime can ask for, by their i18n key. */
export type VoiceFailure = keyof Pick<Messages, 'voiceDenied' | 'voiceUnsupported' | 'voiceDropped'>;

/** What widget.js gives the runtime: the chat model's voice entry point and the api client. */
export interface VoiceHost {
  /** chat.speak(): a new spoken turn in the chat, or null while something else runs. */
  speak(): VoiceSink | null;
  /** chat.stop(): ends the running turn (its sink's signal aborts). */
  stop(): void;
  /** POST /voice/session through the core's api client (the JWT never reaches the runtime). */
  session(conversationId: string | null, signal?: AbortSignal): Promise<VoiceSession>;
  conversationId(): string | null;
  locale(): Locale;
  /** A voice notice by key, or (no key) what a failed request means, as in text chat. */
  notice(failure: VoiceFailure | null, error?: unknown): Notice;
  /** Updates the state the microphone button shows. */
  set(state: Partial<VoiceState>): void;
}

/** The microphone button's behaviour, once the runtime is loaded. */
export interface VoiceController {
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
  /**
   * The turn could not start or was cut: `denied` (no microphone permission or device),
   * `unsupported` (no MediaRecorder/WebSocket), `session` (POST /voice/session failed, `error`
   * is what the api client threw), `dropped` (the socket closed before `reply.done`).
   */
  | { type: 'failed'; reason: 'denied' | 'unsupported' | 'session' | 'dropped'; error?: unknown };

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

export type StartVoiceTurn = (options: VoiceTurnOptions) => VoiceTurn;

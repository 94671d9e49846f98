// What widget.js and widget-voice.js agree on. Types only (plus one event name): the core imports
// this file and src/voice/load.ts, nothing else of the voice feature.
import type { ChatEvent, VoiceSession } from '../api/types';
import type { Locale } from '../types';

/**
 * The event widget-voice.js dispatches on its own `<script>` element (`document.currentScript`)
 * with the turn factory as `detail`; no global is defined.
 */
export const RUNTIME_EVENT = 'service-widget-voice';

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

// The browser APIs a spoken turn uses (turn.ts), behind small interfaces so tests can hand in fakes,
// and which recording format each browser gets. Part of widget-voice.js only.
import type { AudioContextCtor } from './player';

export interface SocketLike {
  binaryType: string;
  readonly readyState: number;
  onopen: ((e: unknown) => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: ((e: unknown) => void) | null;
  onerror: ((e: unknown) => void) | null;
  send(data: string | Blob | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
}

export interface RecorderLike {
  readonly mimeType: string;
  readonly state: string;
  ondataavailable: ((e: { data: Blob }) => void) | null;
  onstop: ((e: unknown) => void) | null;
  start(timeslice?: number): void;
  stop(): void;
}

export interface RecorderCtor {
  new (stream: MediaStream, options?: { mimeType?: string }): RecorderLike;
  isTypeSupported?(mime: string): boolean;
}

export interface VoiceEnv {
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  WebSocket?: new (url: string) => SocketLike;
  MediaRecorder?: RecorderCtor;
  AudioContext?: AudioContextCtor;
}

/**
 * What MediaRecorder records differs by browser: Chrome, Edge and Firefox do WebM/Opus (Firefox
 * also Ogg/Opus), Safari does MP4 (AAC). The first type the browser supports wins.
 */
export const MIME_PREFERENCE = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

export function pickMime(Recorder: RecorderCtor): string {
  return MIME_PREFERENCE.find((m) => Recorder.isTypeSupported?.(m)) ?? '';
}

export function browserEnv(): VoiceEnv {
  const g = globalThis as unknown as Record<string, unknown>;
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return {
    getUserMedia: media?.getUserMedia ? (c) => media.getUserMedia(c) : undefined,
    WebSocket: g.WebSocket as VoiceEnv['WebSocket'],
    MediaRecorder: g.MediaRecorder as RecorderCtor | undefined,
    AudioContext: (g.AudioContext ?? g.webkitAudioContext) as AudioContextCtor | undefined,
  };
}

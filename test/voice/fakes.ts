// Fakes of the browser APIs the voice runtime uses (src/voice/turn.ts takes them through VoiceEnv).
import { vi } from 'vitest';
import type { AudioContextLike } from '../../src/voice/player';
import type { RecorderLike, SocketLike, VoiceEnv } from '../../src/voice/env';

/** A WebSocket the test drives: `open()`, `text(frame)`, `binary(bytes)`, `drop()`. */
export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  binaryType = 'blob';
  readyState = 0;
  sent: Array<string | Blob | ArrayBuffer> = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string | Blob | ArrayBuffer): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError: socket not open');
    this.sent.push(data);
  }
  close(code?: number): void {
    if (this.readyState >= 2) return;
    this.closedWith = code;
    this.readyState = 3;
    // A real socket reports its own close later, as a task.
    setTimeout(() => this.onclose?.({ code: code ?? 1005 }), 0);
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  text(frame: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  binary(bytes: ArrayBuffer): void {
    this.onmessage?.({ data: bytes });
  }
  drop(): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }
  /** Parsed text frames and binary frames, in the order sent. */
  frames(): Array<Record<string, unknown> | { binary: Blob | ArrayBuffer }> {
    return this.sent.map((d) => (typeof d === 'string' ? (JSON.parse(d) as Record<string, unknown>) : { binary: d }));
  }
}

export class FakeRecorder implements RecorderLike {
  static instances: FakeRecorder[] = [];
  static supported = ['audio/webm;codecs=opus'];
  static isTypeSupported = (mime: string) => FakeRecorder.supported.includes(mime);
  state = 'inactive';
  mimeType: string;
  timeslice: number | undefined;
  ondataavailable: RecorderLike['ondataavailable'] = null;
  onstop: RecorderLike['onstop'] = null;

  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.instances.push(this);
  }
  start(timeslice?: number): void {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  /** Like the real one: the last chunk, then `stop`, both as later tasks. */
  stop(): void {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    setTimeout(() => {
      this.ondataavailable?.({ data: new Blob([new Uint8Array([9, 9])]) });
      this.onstop?.({});
    }, 0);
  }
  chunk(size = 4): Blob {
    const blob = new Blob([new Uint8Array(size)]);
    this.ondataavailable?.({ data: blob });
    return blob;
  }
}

export interface FakeSource {
  buffer: AudioBuffer | null;
  onended: (() => void) | null;
  started: boolean;
  stopped: boolean;
  connect(): void;
  start(): void;
  stop(): void;
  end(): void;
}

export class FakeAudioContext implements AudioContextLike {
  static instances: FakeAudioContext[] = [];
  state = 'running';
  destination = {};
  sources: FakeSource[] = [];
  closed = false;
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  async close(): Promise<void> {
    this.closed = true;
  }
  /** The "decoded" buffer remembers the clip's first byte, so tests can check the play order. */
  async decodeAudioData(data: ArrayBuffer): Promise<AudioBuffer> {
    return { id: new Uint8Array(data)[0] } as unknown as AudioBuffer;
  }
  createBufferSource(): FakeSource {
    const source: FakeSource = {
      buffer: null,
      onended: null,
      started: false,
      stopped: false,
      connect() {},
      start() {
        source.started = true;
      },
      stop() {
        source.stopped = true;
      },
      end() {
        source.onended?.();
      },
    };
    this.sources.push(source);
    return source;
  }
}

export interface FakeEnv extends VoiceEnv {
  track: { stop: ReturnType<typeof vi.fn> };
  getUserMedia: ReturnType<typeof vi.fn> & VoiceEnv['getUserMedia'];
}

export function fakeEnv(): FakeEnv {
  FakeSocket.instances = [];
  FakeRecorder.instances = [];
  FakeRecorder.supported = ['audio/webm;codecs=opus'];
  FakeAudioContext.instances = [];
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  return {
    track,
    getUserMedia: vi.fn(async () => stream) as FakeEnv['getUserMedia'],
    WebSocket: FakeSocket,
    MediaRecorder: FakeRecorder,
    AudioContext: FakeAudioContext,
  };
}

/** A clip whose first byte names it. */
export const clip = (id: number) => new Uint8Array([id, 0, 0, 0]).buffer;

/**
 * Lets real time pass: to let queued work run before the test drives the next step, or before
 * asserting that something did NOT happen; never before a positive assertion (use vi.waitFor).
 */
export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

// Plays the spoken reply: complete clips, decoded with Web Audio and played one after another.
// No <audio> element and no blob: URL, so a page's CSP needs no media-src.

export interface AudioContextLike {
  readonly state: string;
  readonly destination: unknown;
  resume(): Promise<void>;
  close(): Promise<void>;
  decodeAudioData(data: ArrayBuffer): Promise<AudioBuffer>;
  createBufferSource(): {
    buffer: AudioBuffer | null;
    onended: (() => void) | null;
    connect(destination: never): unknown;
    start(): void;
    stop(): void;
  };
}

export type AudioContextCtor = new () => AudioContextLike;

export interface Player {
  /** Creates/resumes the audio context; call inside a click so autoplay rules allow it. */
  unlock(): void;
  /** One complete clip (a promise of one keeps its place in the queue while it is read). */
  enqueue(clip: ArrayBuffer | Promise<ArrayBuffer>): void;
  /** Stops what plays, drops what is queued, ignores later clips. */
  silence(): void;
  /** No more clips will come: release the context once the queue has played. */
  finish(): void;
  close(): void;
}

export function createPlayer(Ctx: AudioContextCtor | undefined, onPlaying: (playing: boolean) => void): Player {
  let ctx: AudioContextLike | null = null;
  /** Decoding is asynchronous: chained so clips play in the order they arrived. */
  let decoded: Promise<unknown> = Promise.resolve();
  const queue: AudioBuffer[] = [];
  let current: ReturnType<AudioContextLike['createBufferSource']> | null = null;
  let pending = 0;
  let silenced = false;
  let finished = false;
  let playing = false;

  const setPlaying = (p: boolean) => {
    if (p !== playing) onPlaying((playing = p));
  };
  const context = (): AudioContextLike | null => {
    if (!ctx && Ctx) {
      try {
        ctx = new Ctx();
      } catch {
        // No audio output: the reply still shows as text.
      }
    }
    return ctx;
  };
  const release = () => {
    const c = ctx;
    ctx = null;
    c?.close().catch(() => undefined);
  };
  let resuming = false;
  const next = () => {
    const c = ctx;
    if (current || !c) return;
    if (c.state !== 'running' && queue.length) {
      // A suspended context plays nothing (autoplay rules, or no audio output at all: Firefox on a
      // machine without a sound device never runs one), so nothing claims to play: the clips wait
      // for it to run. Once the turn is over they are dropped, and the reply is text only.
      if (finished && !pending) return release();
      if (!resuming) {
        resuming = true;
        c.resume().then(
          () => {
            resuming = false;
            next();
          },
          () => (resuming = false),
        );
      }
      return;
    }
    const buffer = queue.shift();
    if (!buffer) {
      setPlaying(false);
      if (finished && !pending) release();
      return;
    }
    const source = c.createBufferSource();
    source.buffer = buffer;
    source.connect(c.destination as never);
    source.onended = () => {
      if (current !== source) return;
      current = null;
      next();
    };
    current = source;
    source.start();
    setPlaying(true);
  };

  const silence = () => {
    silenced = true;
    queue.length = 0;
    const source = current;
    current = null;
    try {
      source?.stop();
    } catch {
      // already ended
    }
    setPlaying(false);
    release();
  };

  return {
    unlock() {
      const c = context();
      if (c?.state === 'suspended') c.resume().catch(() => undefined);
    },
    enqueue(clip) {
      const c = silenced ? null : context();
      if (!c) return;
      pending++;
      decoded = decoded
        .then(() => clip)
        .then((data) => c.decodeAudioData(data))
        .then(
          (buffer) => {
            if (!silenced) queue.push(buffer);
          },
          () => undefined, // an undecodable clip is skipped, the next one still plays
        )
        .then(() => {
          pending--;
          next();
        });
    },
    silence,
    finish() {
      finished = true;
      if (!current && !pending && (!queue.length || ctx?.state !== 'running')) release();
    },
    close: silence,
  };
}

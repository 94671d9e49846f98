// Server-Sent Events builder: frames in, a ReadableStream of bytes out (docs/protocol.md, "The chat stream").

export type SseFrame =
  /**
   * One event; `event` omitted = an unnamed (message) event. Multi-line data becomes several `data:`
   * lines; `fields` are extra lines written first (`id: 3`, unknown fields).
   */
  | { kind: 'event'; data: string; event?: string; fields?: string[] }
  /** A `: text` comment line block (keep-alive pings). */
  | { kind: 'comment'; text: string }
  /** Written verbatim, line ends converted: unknown fields, odd spacing. Must end with a blank line. */
  | { kind: 'raw'; text: string }
  /** The connection drops here: the stream errors without `[DONE]`. */
  | { kind: 'cut' };

export interface SseStreamOptions {
  /** Wait this long before every network chunk after the first. @default 0 */
  delayMs?: number;
  /** Wait this long before the first chunk (the headers are sent at once): a model slow to start. @default 0 */
  startDelayMs?: number;
  /** Wait for this before the first chunk instead of `startDelayMs`: a start the test releases. */
  startAfter?: Promise<void>;
  /** Stop producing when this aborts (the request's signal). */
  signal?: AbortSignal;
  /** Use `\r\n` line ends. @default false */
  crlf?: boolean;
  /** Re-cut the bytes at pseudo-random positions (also inside frames and UTF-8 characters); the value seeds the cuts. */
  splitSeed?: number;
}

export const dataFrame = (data: unknown): SseFrame => ({
  kind: 'event',
  data: typeof data === 'string' ? data : JSON.stringify(data),
});
export const namedFrame = (event: string, data: unknown): SseFrame => ({
  kind: 'event',
  event,
  data: JSON.stringify(data),
});
export const doneFrame: SseFrame = { kind: 'event', data: '[DONE]' };
export const pingFrame: SseFrame = { kind: 'comment', text: 'ping' };
export const cutFrame: SseFrame = { kind: 'cut' };

export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function: { name?: string; arguments: string };
}

/** Builds OpenAI `chat.completion.chunk` frames that share one id, as one completion does. */
export function completionChunks(id = `cmpl_${Math.random().toString(36).slice(2, 10)}`, model = 'mock-model') {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): SseFrame =>
    dataFrame({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
  return {
    role: () => chunk({ role: 'assistant', content: '' }),
    content: (text: string) => chunk({ content: text }),
    contents: (pieces: string[]) => pieces.map((p) => chunk({ content: p })),
    toolCalls: (calls: ToolCallDelta[]) => chunk({ tool_calls: calls }),
    finish: (reason: 'stop' | 'tool_calls' | 'length') => chunk({}, reason),
  };
}

/** Splits text into pieces of a few words each (whitespace kept, so joining gives the text back). */
export function wordPieces(text: string, wordsPerPiece = 2): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece) pieces.push(words.slice(i, i + wordsPerPiece).join(''));
  return pieces;
}

/** Splits text into pieces of `size` code points. */
export function fixedPieces(text: string, size: number): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

export function encodeFrame(frame: SseFrame, eol = '\n'): string {
  switch (frame.kind) {
    case 'event': {
      const fields = (frame.fields ?? []).map((line) => `${line}${eol}`).join('');
      const head = fields + (frame.event === undefined ? '' : `event: ${frame.event}${eol}`);
      return `${head}${frame.data
        .split('\n')
        .map((line) => `data: ${line}${eol}`)
        .join('')}${eol}`;
    }
    case 'comment':
      return `: ${frame.text}${eol}${eol}`;
    case 'raw':
      return frame.text.replace(/\r?\n/g, eol);
    case 'cut':
      return '';
  }
}

type Piece = Uint8Array | 'cut';

function toPieces(frames: SseFrame[], options: SseStreamOptions): Piece[] {
  const eol = options.crlf ? '\r\n' : '\n';
  const encoder = new TextEncoder();
  const runs: Uint8Array[][] = [[]];
  for (const frame of frames) {
    if (frame.kind === 'cut') runs.push([]);
    else runs[runs.length - 1]!.push(encoder.encode(encodeFrame(frame, eol)));
  }
  const random = options.splitSeed === undefined ? undefined : seededRandom(options.splitSeed);
  const pieces: Piece[] = [];
  runs.forEach((run, i) => {
    if (i > 0) pieces.push('cut');
    pieces.push(...(random ? resplit(run, random) : run));
  });
  return pieces;
}

function resplit(run: Uint8Array[], random: () => number): Uint8Array[] {
  const all = new Uint8Array(run.reduce((n, b) => n + b.length, 0));
  let offset = 0;
  for (const bytes of run) {
    all.set(bytes, offset);
    offset += bytes.length;
  }
  const out: Uint8Array[] = [];
  for (let start = 0; start < all.length;) {
    const size = 1 + Math.floor(random() * 48);
    out.push(all.slice(start, start + size));
    start += size;
  }
  return out;
}

/** mulberry32: deterministic, so a messy stream is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Turns frames into a byte stream: one network chunk per frame unless `splitSeed` re-cuts them.
 * An abort of `signal` errors the stream with the abort reason at once, as a real fetch body does.
 */
export function sseStream(frames: SseFrame[], options: SseStreamOptions = {}): ReadableStream<Uint8Array> {
  const pieces = toPieces(frames, options);
  const { delayMs = 0, startDelayMs = 0, startAfter, signal } = options;
  let index = 0;
  let finished = false;
  let onAbort: (() => void) | undefined;
  const finish = () => {
    finished = true;
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        if (finished) return;
        finish();
        controller.error(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      if (index > 0 && delayMs > 0) await sleep(delayMs, signal);
      if (index === 0 && startAfter) await startAfter;
      else if (index === 0 && startDelayMs > 0) await sleep(startDelayMs, signal);
      if (finished) return;
      const piece = pieces[index++];
      if (piece === undefined) {
        finish();
        controller.close();
      } else if (piece === 'cut') {
        finish();
        controller.error(new TypeError('mock: connection lost mid-stream'));
      } else {
        controller.enqueue(piece);
      }
    },
    cancel() {
      finish();
    },
  });
}

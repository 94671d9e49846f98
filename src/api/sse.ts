// Chat stream decoding (contract 4.1): bytes in, `ChatEvent`s out, no fetch and no UI.
import { StreamInterruptedError } from './errors';
import type { ChatEvent } from './types';

export interface ChatDecoder {
  /** Raw bytes (decoded as streaming UTF-8) or text. Do not mix both in one stream. */
  feed(chunk: Uint8Array | string): void;
  /** The body ended: flush a last frame that lacked its closing blank line. */
  end(): void;
  /** True once `done` or `error` was emitted; later input is ignored. */
  readonly finished: boolean;
}

type Json = Record<string, unknown>;

interface SseMessage {
  event: string;
  data: string;
}

/**
 * SSE framing as the HTML spec describes it: lines split on CR, LF or CRLF anywhere across
 * chunks, `:` comments, `field: value` with one optional space, unknown fields ignored, a blank
 * line dispatching the frame. Hand-written instead of eventsource-parser to save 1.2 kB gzip on
 * every customer page; test/api/sse.test.ts feeds it split at every byte position.
 */
function createSseParser(onMessage: (m: SseMessage) => void): (text: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let afterCR = false;
  return (text) => {
    if (!text) return;
    // A chunk ending in CR may be the first half of a CRLF: its LF must not add a blank line.
    if (afterCR && text.startsWith('\n')) text = text.slice(1);
    afterCR = text.endsWith('\r');
    buffer += text;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? ''; // the unfinished line
    for (const line of lines) {
      if (line === '') {
        if (data.length) onMessage({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') data.push(value);
      else if (field === 'event') event = value;
    }
  };
}

const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function parseJson(data: string): Json | undefined {
  try {
    return obj(JSON.parse(data));
  } catch {
    return undefined;
  }
}

/**
 * Decisions where the contract is silent:
 * - A frame that is not JSON (or not the expected shape) is skipped, named or not: one bad frame
 *   should not cost the visitor the rest of a reply. The exception is `error`, which always ends
 *   the reply (with code `unknown` when its data cannot be read).
 * - `error` is terminal like `[DONE]`: exactly one of `done` / `error` ends every decoded reply.
 * - Tool-call deltas become a bare `{ type: 'tool' }`, and consecutive ones collapse into one,
 *   since arguments arrive in many chunks. Names, SQL and arguments are never read.
 * - `finish_reason` is ignored: `"tool_calls"` comes mid-stream, only `[DONE]` ends a reply.
 */
export function createChatDecoder(emit: (e: ChatEvent) => void): ChatDecoder {
  const utf8 = new TextDecoder();
  let finished = false;
  let lastWasTool = false;

  const out = (e: ChatEvent): void => {
    if (e.type === 'tool' && lastWasTool) return;
    lastWasTool = e.type === 'tool';
    finished = e.type === 'done' || e.type === 'error';
    emit(e);
  };

  const onEvent = (m: SseMessage): void => {
    if (finished) return;
    if (m.event === 'message') return onChunk(m.data);
    const d = parseJson(m.data);
    switch (m.event) {
      case 'conversation': {
        const id = str(d?.id);
        if (id) out({ type: 'conversation', id, title: str(d?.title) ?? '' });
        return;
      }
      case 'confirmation': {
        const id = str(d?.id);
        const prompt = str(d?.prompt);
        if (id && prompt !== undefined) out({ type: 'confirmation', id, prompt });
        return;
      }
      case 'approval': {
        const message = str(d?.message);
        if (d?.status === 'pending') {
          out(message === undefined
            ? { type: 'approval', status: 'pending' }
            : { type: 'approval', status: 'pending', message });
        }
        return;
      }
      case 'error': {
        const message = str(d?.message);
        const error = str(d?.error) || 'unknown';
        out(message === undefined ? { type: 'error', error } : { type: 'error', error, message });
        return;
      }
    }
  };

  const onChunk = (data: string): void => {
    if (data.trim() === '[DONE]') return out({ type: 'done' });
    const choices = parseJson(data)?.choices;
    const delta = obj(Array.isArray(choices) ? obj(choices[0])?.delta : undefined);
    if (!delta) return;
    const text = str(delta.content);
    if (text) out({ type: 'delta', text });
    if (Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0) out({ type: 'tool' });
  };

  const feed = createSseParser(onEvent);

  return {
    feed(chunk) {
      if (!finished) feed(typeof chunk === 'string' ? chunk : utf8.decode(chunk, { stream: true }));
    },
    end() {
      // Flushes a dangling UTF-8 tail, then a blank line dispatches a frame the server left open
      // (e.g. `data: [DONE]\n` then EOF). A frame cut mid-JSON just fails to parse and is skipped.
      if (!finished) feed(`${utf8.decode()}\n\n`);
    },
    get finished() {
      return finished;
    },
  };
}

/**
 * Reads a chat body to its end, calling `onEvent` per event as chunks arrive. Resolves after
 * `done` or `error` (the rest of the body is cancelled). Rejects with `StreamInterruptedError` if
 * the body fails or ends before that, or with the signal's reason when aborted: no event is
 * emitted after an abort.
 */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: ChatEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const decoder = createChatDecoder(onEvent);
  const reader = body.getReader();
  // Browsers error the body when fetch's signal aborts; cancelling too covers bodies that don't.
  const onAbort = (): void => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        signal?.throwIfAborted();
        throw new StreamInterruptedError(`Chat stream failed: ${String((e as Error)?.name ?? e)}`);
      }
      signal?.throwIfAborted();
      if (chunk.done) decoder.end();
      else decoder.feed(chunk.value);
      if (decoder.finished) return;
      if (chunk.done) throw new StreamInterruptedError('Chat stream ended before [DONE]');
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.cancel().catch(() => {});
  }
}

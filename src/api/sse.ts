// Chat stream decoding (docs/protocol.md "The chat stream"): bytes in, `ChatEvent`s out, no fetch
// and no UI. Fields are read with the readers of fields.ts, like every other service JSON.
import { get, parseObject, str, type Json } from './fields';
import { isSafeId } from './ids';
import type { ChatEvent } from './types';

export interface ChatDecoder {
  /** Raw bytes (decoded as streaming UTF-8) or text. Do not mix both in one stream. */
  feed(chunk: Uint8Array | string): void;
  /** The body ended: flush a last frame that lacked its closing blank line. */
  end(): void;
  /** True once `done` or `error` was emitted; later input is ignored. */
  readonly finished: boolean;
}

/**
 * The named events the chat stream and the voice socket share (docs/protocol.md "The chat stream"
 * and "POST /voice/session and the voice socket"), from their JSON object: one decoder for both,
 * so both have the same defaults. Undefined for anything else or a frame without what the event
 * needs.
 */
export function namedEvent(name: unknown, d: Json): ChatEvent | undefined {
  const id = get(d, 'id');
  switch (name) {
    // An id that would move a later request's path is not taken (src/api/ids.ts).
    case 'conversation':
      if (isSafeId(id)) return { type: 'conversation', id, title: str(get(d, 'title')) ?? '' };
      return;
    case 'confirmation': {
      const prompt = str(get(d, 'prompt'));
      if (isSafeId(id) && prompt != null) return { type: 'confirmation', id, prompt };
      return;
    }
    case 'approval':
      if (get(d, 'status') === 'pending')
        return { type: 'approval', status: 'pending', message: str(get(d, 'message')) };
      return;
    case 'error':
      // Always ends the reply, with code `unknown` when its data cannot be read.
      return { type: 'error', error: str(get(d, 'error')) || 'unknown', message: str(get(d, 'message')) };
  }
}

/**
 * SSE framing as the HTML spec describes it: lines split on CR, LF or CRLF anywhere across
 * chunks, `:` comments, `field: value` with one optional space, unknown fields ignored, a blank
 * line dispatching the frame. Hand-written instead of eventsource-parser to save 1.2 kB gzip on
 * every customer page; test/api/sse.test.ts feeds it split at every byte position.
 *
 * Decisions where docs/protocol.md is silent:
 * - A frame that is not JSON (or not the expected shape) is skipped, named or not: one bad frame
 *   should not cost the visitor the rest of a reply. The exception is `error`, which always ends
 *   the reply (with code `unknown` when its data cannot be read).
 * - `error` is terminal like `[DONE]`: exactly one of `done` / `error` ends every decoded reply.
 * - Tool-call deltas become a bare `{ type: 'tool' }`, and consecutive ones collapse into one,
 *   since arguments arrive in many chunks. Names, SQL and arguments are never read.
 * - `finish_reason` does not end a reply (`"tool_calls"` comes mid-stream): `[DONE]` does, or
 *   the body's clean end after a last `finish_reason` of `"stop"`.
 * - An explicit `event: message` is the unnamed event.
 * - An optional field the frame lacks (`message`) is emitted as undefined.
 */
export function createChatDecoder(emit: (e: ChatEvent) => void): ChatDecoder {
  const utf8 = new TextDecoder();
  let finished = false;
  let lastWasTool = false;
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let afterCR = false;
  /** The last finish_reason seen was `stop`: a clean end of the body then finishes the reply. */
  let stopped = false;

  const out = (e: ChatEvent): void => {
    if (e.type === 'tool' && lastWasTool) return;
    lastWasTool = e.type === 'tool';
    finished = e.type === 'done' || e.type === 'error';
    emit(e);
  };

  const dispatch = (): void => {
    const text = data.join('\n');
    const d = parseObject(text) ?? {};
    if (event && event !== 'message') {
      const e = namedEvent(event, d);
      if (e) out(e);
    } else if (text.trim() === '[DONE]') {
      out({ type: 'done' });
    } else {
      const choices = get(d, 'choices');
      const choice: unknown = Array.isArray(choices) ? choices[0] : undefined;
      const delta = get(choice, 'delta');
      const reason = str(get(choice, 'finish_reason'));
      if (reason) stopped = reason === 'stop';
      const content = str(get(delta, 'content'));
      if (content) out({ type: 'delta', text: content });
      const calls = get(delta, 'tool_calls');
      if (Array.isArray(calls) && calls.length) out({ type: 'tool' });
    }
  };

  const feed = (text: string): void => {
    // A chunk ending in CR may be the first half of a CRLF: its LF must not add a blank line.
    if (!text) return; // e.g. half a UTF-8 character: keeps afterCR as it is
    if (afterCR && text[0] === '\n') text = text.slice(1);
    afterCR = text.endsWith('\r');
    const lines = (buffer + text).split(/\r\n|\r|\n/);
    buffer = lines.pop()!; // the unfinished line
    for (const line of lines) {
      if (line) {
        // A `:` comment has the empty field name, so it is ignored like any unknown field. `s`:
        // JSON may hold a raw U+2028, which `.` alone would not match.
        const [, field, value] = /^([^:]*):? ?(.*)/s.exec(line)!;
        if (field === 'data') data.push(value!);
        else if (field === 'event') event = value!;
      } else {
        if (data.length && !finished) dispatch();
        event = '';
        data = [];
      }
    }
  };

  return {
    // Input after the end is still split into lines, but dispatches nothing.
    feed(chunk) {
      feed(typeof chunk === 'string' ? chunk : utf8.decode(chunk, { stream: true }));
    },
    end() {
      // Flushes a dangling UTF-8 tail, then a blank line dispatches a frame the server left open
      // (e.g. `data: [DONE]\n` then EOF). A frame cut mid-JSON just fails to parse and is skipped.
      feed(`${utf8.decode()}\n\n`);
      if (stopped && !finished) out({ type: 'done' });
    },
    get finished() {
      return finished;
    },
  };
}

// Reading a 2xx answer that request.ts returned: JSON, or the chat stream (docs/protocol.md "The chat stream").
import { tell, withCause } from './diagnose';
import { NetworkError, ProtocolError, StreamInterruptedError } from './errors';
import { parseObject } from './fields';
import { isSafeId } from './ids';
import { createChatDecoder } from './sse';
import { STALL_MS } from './timing';
import type { ChatEvent } from './types';

/** The JSON object of a 2xx answer. A body that fails had begun: not retried, a network fault. */
export async function readJson<T>(res: Response, signal?: AbortSignal): Promise<T> {
  const text = await res.text().catch((e: unknown) => {
    signal?.throwIfAborted();
    throw new NetworkError(false, e);
  });
  signal?.throwIfAborted();
  const parsed = parseObject(text);
  if (!parsed) throw new ProtocolError(`Unexpected answer: ${res.headers.get('Content-Type')}`);
  return parsed as T;
}

/**
 * Emits the stream's events as chunks arrive, none after an abort, and resolves with the
 * `X-Conversation-Id` (null when absent or not exposed by CORS) once the reply ended with `done` or
 * `error`. A body that fails, ends unfinished or stays silent for STALL_MS was cut: it rejects with
 * StreamInterruptedError (never re-sent). Whatever is left unread is cancelled.
 */
export async function readChatStream(
  res: Response,
  onEvent: (e: ChatEvent) => void,
  signal?: AbortSignal,
  /**
   * When the request was sent (Date.now()): a reply whose first frame came late and all of whose
   * frames came in one or two reads was buffered. Timed from the send, not from the headers:
   * Firefox resolves fetch() only with the first bytes of an event stream.
   */
  sentAt = Date.now(),
): Promise<{ conversationId: string | null }> {
  const type = res.headers.get('Content-Type');
  if (!/^text\/event-stream\b/i.test(type!) || !res.body) {
    void res.body?.cancel().catch(() => {});
    if (res.body)
      tell('content-type', `the service answered POST /chat with Content-Type ${type}: send text/event-stream`);
    throw withCause(new ProtocolError(`Unexpected answer: ${type}`), res.body ? 'content-type' : undefined);
  }
  // An id that would move a later request's path is not taken.
  const header = res.headers.get('X-Conversation-Id');
  const conversationId = isSafeId(header) ? header : null;
  // Known before any token arrives, so a cut or stopped stream can still be reloaded.
  onEvent({ type: 'start', conversationId });
  // Counted for the buffering check: events, the reads that brought any, when the first came.
  let events = 0;
  let reads = 0;
  let firstAt = 0;
  const decoder = createChatDecoder((e) => {
    events++;
    // A new conversation named by its event but not by the header: CORS hides X-Conversation-Id.
    if (e.type === 'conversation' && header === null)
      tell('cors-expose', 'the service does not expose X-Conversation-Id: add it to Access-Control-Expose-Headers');
    onEvent(e);
  });
  const reader = res.body.getReader();
  // Browsers error the body when fetch's signal aborts; cancelling too covers bodies that don't
  // (an injected fetch), and is how a stalled stream is dropped.
  const cancel = () => void reader.cancel().catch(() => {});
  let stall: ReturnType<typeof setTimeout> | undefined;
  let stalled = false;
  let finished = false;
  signal?.addEventListener('abort', cancel);
  try {
    for (;;) {
      clearTimeout(stall);
      stall = setTimeout(() => {
        stalled = true;
        cancel();
      }, STALL_MS);
      const chunk = await reader.read().catch((cause: unknown) => {
        signal?.throwIfAborted();
        throw new StreamInterruptedError('Chat stream interrupted', { cause });
      });
      signal?.throwIfAborted();
      // A stalled stream was cut: nothing it said before makes it finished.
      if (stalled) break;
      const before = events;
      if (chunk.done) decoder.end();
      else decoder.feed(chunk.value);
      if (events > before && !reads++) firstAt = Date.now();
      if (decoder.finished) {
        finished = !chunk.done;
        if (events > 3 && reads < 3 && firstAt - sentAt > 1e3)
          tell(
            'buffered',
            'the reply arrived all at once: turn off buffering of text/event-stream in your proxy or CDN',
          );
        return { conversationId };
      }
      if (chunk.done) break;
    }
    // Ended unfinished or stalled: the same error as a failure, without a cause.
    throw new StreamInterruptedError('Chat stream interrupted');
  } finally {
    clearTimeout(stall);
    signal?.removeEventListener('abort', cancel);
    if (finished) drain(reader, signal);
    else cancel();
  }
}

/** How long the end of a finished reply's body may take (the service closes right after `[DONE]`). */
const DRAIN_MS = 10_000;

/**
 * Reads a finished reply's body to its end, ignoring it: cancelling it instead would end the
 * request as aborted (Chromium's network panel shows every reply as `net::ERR_ABORTED`). A body
 * that does not end soon after, or a stop/destroy meanwhile, is cancelled.
 */
function drain(reader: ReadableStreamDefaultReader<Uint8Array>, signal?: AbortSignal): void {
  const cancel = () => void reader.cancel().catch(() => {});
  const timer = setTimeout(cancel, DRAIN_MS);
  signal?.addEventListener('abort', cancel);
  const next = (): Promise<void> => reader.read().then((chunk) => (chunk.done ? undefined : next()));
  void next()
    .catch(() => {})
    .finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      reader.releaseLock();
    });
}

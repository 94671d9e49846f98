// The service's widget API (contract 4 and 4.2) as plain async functions: auth per attempt, error
// classification and automatic retry in one place. No UI here: callers get data or one of the
// classes in errors.ts, and an abort surfaces as the signal's AbortError.
import {
  AuthTokenError,
  HttpError,
  NetworkError,
  ProtocolError,
  StreamInterruptedError,
} from './errors';
import { readConfig, readConversation, readConversationPage, readPortalCode, readVoiceSession } from './answers';
import { isSafeId } from './ids';
import { createChatDecoder, parseObject, str } from './sse';
import type {
  ChatBody,
  ChatEvent,
  Conversation,
  ConversationPage,
  PortalCode,
  ServiceConfig,
  VoiceSession,
} from './types';

export interface ClientConfig {
  /** The service's origin (or a path prefix); a trailing slash is ignored. */
  baseUrl: string;
  publicId: string;
  /** Called right before every attempt, retries included; the result is never cached. */
  getToken: () => string | Promise<string>;
  /** For tests; defaults to the global fetch as it is at call time. */
  fetch?: typeof fetch;
  /** Jitter source for retry backoff; defaults to Math.random. */
  random?: () => number;
  /** Time allowed until the answer's headers arrive, per attempt. Default: no limit. */
  requestTimeoutMs?: number;
}

export interface WidgetClient {
  getConfig(signal?: AbortSignal): Promise<ServiceConfig>;
  listConversations(cursor: string | null, signal?: AbortSignal): Promise<ConversationPage>;
  getConversation(id: string, signal?: AbortSignal): Promise<Conversation>;
  /**
   * Streams one reply, calling `onEvent` as events arrive. Resolves after `done` or `error` with
   * the `X-Conversation-Id` answer header (null when absent or not exposed by CORS).
   */
  chat(
    body: ChatBody,
    onEvent: (e: ChatEvent) => void,
    signal?: AbortSignal,
  ): Promise<{ conversationId: string | null }>;
  voiceSession(conversationId: string | null, signal?: AbortSignal): Promise<VoiceSession>;
  portalCode(signal?: AbortSignal): Promise<PortalCode>;
}

const JSON_TYPE = 'application/json';

/**
 * `Retry-After` in ms from `now`: delta-seconds or an HTTP date; undefined when absent or garbled
 * ('' is a NaN date too). Headers.get already trims the value.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  // null reads as 'null': not digits, and a NaN date.
  const ms = /^\d+(\.\d+)?$/.test(value!) ? +value! * 1000 : Date.parse(value!) - now;
  return ms >= 0 ? Math.round(ms) : ms < 0 ? 0 : undefined;
}

/**
 * `crypto.randomUUID` needs a secure context; customer pages on plain http still get a v4 UUID.
 * The key only has to be unique, not secret, so Math.random is enough there.
 */
const uuid = (): string =>
  crypto.randomUUID?.() ??
  // Each 0/1 becomes a random hex digit, the 8 one of 8–b (the variant); the 4 (version) stays.
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (+c ^ ((Math.random() * 16) & (15 >> (+c / 4)))).toString(16));

export function createClient(cfg: ClientConfig): WidgetClient {
  const base = `${cfg.baseUrl.replace(/\/+$/, '')}/api/v1/widget`;

  /**
   * Sends one logical request until an attempt answers 2xx, then reads that answer (not retried:
   * once the answer began nothing is re-sent): JSON, or with `onEvent` the chat stream, resolving
   * with the `X-Conversation-Id` after `done` or `error`. 503 and fetch rejections/timeouts are
   * retried; anything else is thrown at once. `post` makes it a POST whose attempts all share one
   * `Idempotency-Key`; `post[0]` is the JSON body (none when undefined, as JSON.stringify gives
   * undefined for it; Content-Type only goes with a body).
   */
  const send = async <T>(
    path: string,
    signal: AbortSignal | undefined,
    post?: [body: unknown],
    onEvent?: (e: ChatEvent) => void,
  ): Promise<T> => {
    const key = post && uuid();
    const body = post && JSON.stringify(post[0]);
    // Only Authorization changes between attempts (fetch copies the headers when called).
    const headers: Record<string, string> = {
      Accept: onEvent ? 'text/event-stream' : JSON_TYPE,
      'X-Public-Id': cfg.publicId,
    };
    if (body) headers['Content-Type'] = JSON_TYPE;
    if (key) headers['Idempotency-Key'] = key;
    // Each attempt (and each backoff) gets its own controller, so the request timeout can abort
    // one attempt. The caller's signal is linked by hand (AbortSignal.any is Safari 17.4+) and its
    // reason forwarded, so a visitor's abort still surfaces as its own AbortError.
    let ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const forward = (): void => ctl.abort(signal!.reason);
    signal?.addEventListener('abort', forward);
    try {
      // At most 3 retries, so 4 attempts.
      for (let attempt = 0; ; attempt++) {
        // Asked right before each attempt and used for it only: the page may rotate tokens at any
        // time.
        let token: unknown;
        let cause: unknown;
        try {
          token = await cfg.getToken();
        } catch (e) {
          cause = e;
        }
        signal?.throwIfAborted();
        if (typeof token != 'string' || !token) throw new AuthTokenError(cause);
        headers.Authorization = `Bearer ${token}`;

        let res: Response | undefined;
        let err: Error | undefined;
        if (cfg.requestTimeoutMs) {
          // The attempt's error is the abort reason: fetch rejects with it, and it has no cause.
          timer = setTimeout(
            () => ctl.abort((err = new NetworkError(true))),
            cfg.requestTimeoutMs,
          );
        }
        try {
          // Called with no `this`: a native fetch bound to another object throws "Illegal
          // invocation".
          res = await (cfg.fetch ?? fetch)(base + path, {
            method: post ? 'POST' : 'GET',
            headers,
            body,
            credentials: 'omit',
            // A 3xx is an error: neither the token nor the visitor's message goes anywhere but baseUrl.
            redirect: 'error',
            signal: ctl.signal,
          });
        } catch (e) {
          signal?.throwIfAborted();
          // Unless the timeout fired (once fetch settled, the clearTimeout below runs before any
          // timer could).
          err ||= new NetworkError(false, e);
        }
        clearTimeout(timer);

        let wait: number | undefined; // Retry-After in ms, if any
        if (res) {
          const type = res.headers.get('Content-Type');
          if (res.ok && onEvent) {
            // Not an event stream: the finally below aborts the attempt, freeing the connection.
            if (!/^text\/event-stream\b/i.test(type!) || !res.body) {
              throw new ProtocolError(`Unexpected answer: ${type}`);
            }
            // An id that would move a later request's path is not taken.
            const header = res.headers.get('X-Conversation-Id');
            const conversationId = isSafeId(header) ? header : null;
            // Known before any token arrives, so a cut or stopped stream can still be reloaded.
            onEvent({ type: 'start', conversationId });
            const decoder = createChatDecoder(onEvent);
            const reader = res.body.getReader();
            // Browsers error the body when fetch's signal aborts; cancelling too covers bodies that
            // don't (an injected fetch). Also how the rest is dropped after `done` (finally below).
            ctl.signal.onabort = () => void reader.cancel().catch(() => {});
            // Events are emitted as chunks arrive, none after an abort; the reply ends with `done`
            // or `error`, and a body that fails or ends before that was cut (never re-sent).
            for (;;) {
              const chunk = await reader.read().catch((cause: unknown) => {
                signal?.throwIfAborted();
                throw new StreamInterruptedError('Chat stream interrupted', { cause });
              });
              signal?.throwIfAborted();
              if (chunk.done) decoder.end();
              else decoder.feed(chunk.value);
              if (decoder.finished) return { conversationId } as T;
              // Ended before `[DONE]`: the same error as a failure, without a cause.
              if (chunk.done) throw new StreamInterruptedError('Chat stream interrupted');
            }
          }
          // An error body is read defensively: proxies answer with HTML, and a 5xx may have none.
          // A 2xx whose body fails had begun, so it is not retried; still a network fault to the
          // visitor.
          const text = await res.text().catch((e: unknown) => {
            err = new NetworkError(false, e);
            return '';
          });
          const parsed = parseObject(text);
          signal?.throwIfAborted();
          if (res.ok) {
            if (err) throw err;
            if (!parsed) throw new ProtocolError(`Unexpected answer: ${type}`);
            return parsed as T;
          }
          const detail = parsed?.detail;
          err = new HttpError(
            res.status,
            typeof detail == 'string' || typeof detail == 'object' ? detail : null,
            str(parsed?.request_id),
            parseRetryAfter(res.headers.get('Retry-After')),
          );
          if (res.status != 503) throw err;
          wait = (err as HttpError).retryAfterMs;
        }
        // A Retry-After longer than 30 s is not shortened (that would call the service earlier than
        // it asked): the client gives up and the visitor gets a retry button.
        if (attempt == 3 || wait! > 30_000) throw err;
        // Exponential backoff with equal jitter: at least half the step is kept, so widgets on many
        // pages that failed together neither come back together nor at once (250–500, 500–1000,
        // 1000–2000 ms: with 3 retries no cap is needed).
        wait ??= 250 * 2 ** attempt * (1 + (cfg.random ?? Math.random)());
        ctl = new AbortController();
        await new Promise((wake) => {
          timer = setTimeout(wake, wait);
          ctl.signal.onabort = wake;
        });
        signal?.throwIfAborted();
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
      // Drops whatever nobody will read: the rest of a chat stream, a mistyped answer.
      ctl.abort();
    }
  };

  /** Refuses, without a request, an id that is not safe to send (src/api/ids.ts). */
  const checkId = (id: unknown): Promise<void> =>
    id === undefined || id === null || isSafeId(id) ? Promise.resolve() : Promise.reject(new ProtocolError('Unsafe conversation id'));

  // Every answer goes through its reader (src/api/answers.ts) before anything else sees it.
  return {
    getConfig: (signal) => send('/config', signal).then(readConfig),
    listConversations: (cursor, signal) =>
      send(
        `/conversations?limit=20${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        signal,
      ).then(readConversationPage),
    getConversation: (id, signal) =>
      checkId(id).then(() => send(`/conversations/${encodeURIComponent(id)}`, signal)).then((v) => readConversation(v, id)),
    voiceSession: (conversationId, signal) =>
      // JSON.stringify drops an undefined key: `{}` without a conversation.
      checkId(conversationId).then(() => send('/voice/session', signal, [{ conversation_id: conversationId ?? undefined }])).then(readVoiceSession),
    // No body at all: the service expects none.
    portalCode: (signal) => send('/portal/code', signal, [undefined]).then(readPortalCode),
    chat: (body, onEvent, signal) => checkId(body.conversation_id).then(() => send('/chat', signal, [body], onEvent)),
  };
}

// The service's widget API (contract 4) as plain async functions. No UI here: callers get data or
// one of the classes in errors.ts, and an abort surfaces as the signal's AbortError.
import { NetworkError, ProtocolError } from './errors';
import { send, type TransportConfig } from './request';
import { readChatStream } from './sse';
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

export function createClient(cfg: ClientConfig): WidgetClient {
  const t: TransportConfig = {
    base: `${cfg.baseUrl.replace(/\/+$/, '')}/api/v1/widget`,
    publicId: cfg.publicId,
    getToken: cfg.getToken,
    // Called with no `this`: a native fetch bound to another object throws "Illegal invocation".
    fetch: (input, init) => (cfg.fetch ?? fetch)(input, init),
    random: cfg.random ?? Math.random,
    requestTimeoutMs: cfg.requestTimeoutMs,
  };

  const getJson = <T>(path: string, signal?: AbortSignal): Promise<T> =>
    send(t, { method: 'GET', path, accept: JSON_TYPE }, readJson<T>, signal);
  const postJson = <T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> =>
    send(t, { method: 'POST', path, accept: JSON_TYPE, body }, readJson<T>, signal);

  return {
    getConfig: (signal) => getJson('/config', signal),
    listConversations: (cursor, signal) =>
      getJson(
        `/conversations?limit=20${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        signal,
      ),
    getConversation: (id, signal) => getJson(`/conversations/${encodeURIComponent(id)}`, signal),
    voiceSession: (conversationId, signal) =>
      postJson(
        '/voice/session',
        conversationId === null ? {} : { conversation_id: conversationId },
        signal,
      ),
    // No body at all: the service expects none and Content-Type is only sent with one.
    portalCode: (signal) => postJson('/portal/code', undefined, signal),
    chat: (body, onEvent, signal) =>
      send(
        t,
        { method: 'POST', path: '/chat', accept: 'text/event-stream', body },
        async (res, sig) => {
          const type = res.headers.get('Content-Type') ?? '';
          if (!/^\s*text\/event-stream\b/i.test(type) || !res.body) {
            res.body?.cancel().catch(() => {});
            throw new ProtocolError(`Chat answered ${type || 'without a Content-Type'}`);
          }
          const conversationId = res.headers.get('X-Conversation-Id');
          // Known before any token arrives, so a cut or stopped stream can still be reloaded.
          onEvent({ type: 'start', conversationId });
          await readChatStream(res.body, onEvent, sig);
          return { conversationId };
        },
        signal,
      ),
  };
}

async function readJson<T>(res: Response, signal: AbortSignal | undefined): Promise<T> {
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    // The answer had begun, so this is not retried; it is still a network fault to the visitor.
    signal?.throwIfAborted();
    throw new NetworkError(false, e);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError(`Expected JSON, got ${res.headers.get('Content-Type') ?? 'no type'}`);
  }
  if (value === null || typeof value !== 'object') throw new ProtocolError('Expected a JSON object');
  return value as T;
}

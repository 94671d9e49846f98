// The service's widget API (docs/protocol.md) as plain async functions over request.ts and read.ts. No
// UI here: callers get data or one of the classes in errors.ts, and an abort surfaces as the
// signal's AbortError.
import { readConfig, readConversation, readConversationPage, readPortalCode, readVoiceSession } from './answers';
import { ProtocolError } from './errors';
import { isSafeId } from './ids';
import { readChatStream, readJson } from './read';
import { createRequest, type RequestConfig } from './request';
import { tokenProvider } from './token';
import type {
  ChatBody,
  ChatEvent,
  Conversation,
  ConversationPage,
  PortalCode,
  ServiceConfig,
  VoiceSession,
} from './types';

export interface ClientConfig extends Omit<RequestConfig, 'tokens'> {
  /** Called right before every attempt, retries included; the result is never cached. */
  getToken: () => string | Promise<string>;
  /** `getToken` returns the static `authToken`: once rejected, it is not sent again (token.ts). */
  staticToken?: boolean;
}

export interface ApiClient {
  getConfig(signal?: AbortSignal): Promise<ServiceConfig>;
  listConversations(cursor: string | null, signal?: AbortSignal): Promise<ConversationPage>;
  getConversation(id: string, signal?: AbortSignal): Promise<Conversation>;
  /**
   * Streams one reply, calling `onEvent` as events arrive. Resolves after `done` or `error` with
   * the `X-Conversation-Id` answer header (null when absent or not exposed by CORS). `onRetry`:
   * before each automatic retry of a send that got no answer yet.
   */
  chat(
    body: ChatBody,
    onEvent: (e: ChatEvent) => void,
    signal?: AbortSignal,
    onRetry?: () => void,
  ): Promise<{ conversationId: string | null }>;
  voiceSession(conversationId: string | null, signal?: AbortSignal): Promise<VoiceSession>;
  portalCode(signal?: AbortSignal): Promise<PortalCode>;
}

export function createClient(cfg: ClientConfig): ApiClient {
  const request = createRequest({ ...cfg, tokens: tokenProvider(cfg.getToken, cfg.staticToken) });
  const json = async (path: string, signal?: AbortSignal, post?: [unknown]): Promise<unknown> =>
    readJson(await request(path, { signal, post }), signal);
  /** Refuses, without a request, an id that is not safe to send (src/api/ids.ts). */
  const checkId = async (id: unknown): Promise<void> => {
    if (id != null && !isSafeId(id)) throw new ProtocolError('Unsafe conversation id');
  };

  // Every answer goes through its reader (src/api/answers.ts) before anything else sees it.
  return {
    getConfig: (signal) => json('/config', signal).then(readConfig),
    listConversations: (cursor, signal) =>
      json(`/conversations?limit=20${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, signal).then(
        readConversationPage,
      ),
    getConversation: (id, signal) =>
      checkId(id)
        .then(() => json(`/conversations/${encodeURIComponent(id)}`, signal))
        .then((v) => readConversation(v, id)),
    voiceSession: (conversationId, signal) =>
      // JSON.stringify drops an undefined key: `{}` without a conversation.
      checkId(conversationId)
        .then(() => json('/voice/session', signal, [{ conversation_id: conversationId ?? undefined }]))
        .then(readVoiceSession),
    // No body at all: the service expects none.
    portalCode: (signal) => json('/portal/code', signal, [undefined]).then(readPortalCode),
    chat: async (body, onEvent, signal, onRetry) => {
      await checkId(body.conversation_id);
      // A retried send is not judged for buffering: its wait is not the proxy's.
      let sentAt = Date.now();
      const retried = () => ((sentAt = Infinity), onRetry?.());
      return readChatStream(
        await request('/chat', { signal, post: [body], accept: 'text/event-stream', onRetry: retried }),
        onEvent,
        signal,
        sentAt,
      );
    },
  };
}

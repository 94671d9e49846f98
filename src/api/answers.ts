// The service's answers (contract 4), read at the transport boundary: unknown JSON in, the typed
// shape out. Any field may be missing, null or of the wrong type in a faulty answer: a field the
// widget can do without gets its default; an answer it cannot use at all throws a ProtocolError,
// which the visitor sees as an error notice. Nothing past this file reads wire JSON, so nothing
// past it can throw on a faulty answer. Own properties only (like the options): a polluted
// Object.prototype does not fill in what the service left out.
import { ProtocolError } from './errors';
import { isSafeId } from './ids';
import type {
  ApprovalStatus,
  ConfirmationStatus,
  Conversation,
  ConversationPage,
  ConversationSummary,
  PortalCode,
  ServiceConfig,
  VoiceSession,
  WireMessage,
} from './types';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => !!v && typeof v == 'object' && !Array.isArray(v);
/** `o[key]` if `o` has it as its own property. */
const get = (o: unknown, key: string): unknown => (isObj(o) && Object.hasOwn(o, key) ? o[key] : undefined);
const text = (v: unknown): string | undefined => (typeof v == 'string' ? v : undefined);
const flag = (v: unknown, fallback: boolean): boolean => (typeof v == 'boolean' ? v : fallback);
const oneOf = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined =>
  allowed.includes(v as T) ? (v as T) : undefined;
const unreadable = (what: string): never => {
  throw new ProtocolError(`Unreadable answer: ${what}`);
};

/** GET /config. Never throws: a faulty answer gives the widget's defaults. */
export function readConfig(v: unknown): ServiceConfig {
  const suggestions = get(v, 'suggestions');
  return {
    title: text(get(v, 'title')) || undefined,
    welcome: text(get(v, 'welcome')) || undefined,
    suggestions: Array.isArray(suggestions) ? suggestions.filter((s): s is string => typeof s == 'string' && !!s.trim()) : [],
    read_only: flag(get(v, 'read_only'), false),
    // Unknown: the microphone stays (if the page asked for it) and the service says if it is not set up.
    voice: { configured: flag(get(get(v, 'voice'), 'configured'), true) },
    connected_accounts: { enabled: flag(get(get(v, 'connected_accounts'), 'enabled'), false) },
  };
}

/** A list entry, or null when it has no usable id (it could not be opened). */
function readSummary(v: unknown): ConversationSummary | null {
  const id = get(v, 'id');
  if (!isSafeId(id)) return null;
  const created = text(get(v, 'created_at')) ?? '';
  return { id, title: text(get(v, 'title')) ?? '', created_at: created, updated_at: text(get(v, 'updated_at')) ?? created };
}

/** GET /conversations. Throws when `data` is not a list: the visitor is told, not shown an empty history. */
export function readConversationPage(v: unknown): ConversationPage {
  const data = get(v, 'data');
  if (!Array.isArray(data)) unreadable('conversations');
  const cursor = get(v, 'next_cursor');
  return {
    data: (data as unknown[]).map(readSummary).filter((s): s is ConversationSummary => !!s),
    next_cursor: typeof cursor == 'string' && cursor ? cursor : null,
  };
}

const CONFIRMATION: readonly ConfirmationStatus[] = ['pending', 'confirmed', 'cancelled', 'expired'];
const APPROVAL: readonly ApprovalStatus[] = ['pending', 'approved', 'declined', 'expired'];

/**
 * A stored message, or null for one the transcript does not show: another role (system, tool), or
 * an assistant turn with no text and nothing to decide (OpenAI's `content: null` tool-call turn).
 */
function readMessage(v: unknown, index: number): WireMessage | null {
  const role = oneOf(get(v, 'role'), ['user', 'assistant'] as const);
  if (!role) return null;
  const c = get(v, 'confirmation');
  const confirmation =
    isSafeId(get(c, 'id')) && typeof get(c, 'prompt') == 'string'
      ? {
          id: get(c, 'id') as string,
          prompt: get(c, 'prompt') as string,
          // A status the widget does not know cannot be decided on safely.
          status: oneOf(get(c, 'status'), CONFIRMATION) ?? 'expired',
        }
      : undefined;
  const approvalStatus = oneOf(get(get(v, 'approval'), 'status'), APPROVAL);
  const content = text(get(v, 'content')) ?? '';
  if (!content && !confirmation && !approvalStatus) return null;
  const id = get(v, 'id');
  return {
    id: typeof id == 'string' && id ? id : `stored-${index}`,
    role,
    content,
    created_at: text(get(v, 'created_at')) ?? '',
    ...(confirmation && { confirmation }),
    ...(approvalStatus && { approval: { status: approvalStatus } }),
  };
}

/** GET /conversations/{id}. Throws when `messages` is not a list (an empty transcript would mislead). */
export function readConversation(v: unknown, requestedId: string): Conversation {
  const messages = get(v, 'messages');
  if (!Array.isArray(messages)) unreadable('conversation');
  const id = get(v, 'id');
  return {
    // The id asked for is the one the widget continues; the answer's own is used only if safe.
    id: isSafeId(id) ? id : requestedId,
    title: text(get(v, 'title')) ?? '',
    created_at: text(get(v, 'created_at')) ?? '',
    messages: (messages as unknown[]).map(readMessage).filter((m): m is WireMessage => !!m),
  };
}

/** POST /voice/session. Throws without a token or a ws(s) URL: there is no session to open. */
export function readVoiceSession(v: unknown): VoiceSession {
  const token = get(v, 'token');
  const url = get(v, 'url');
  if (typeof token != 'string' || !token || typeof url != 'string' || !/^wss?:\/\//i.test(url)) unreadable('voice session');
  return { token: token as string, url: url as string, expires_at: text(get(v, 'expires_at')) ?? '' };
}

/** POST /portal/code. Throws without a code; the URL is checked where it is used (it may not be). */
export function readPortalCode(v: unknown): PortalCode {
  const code = get(v, 'code');
  if (typeof code != 'string' || !code) unreadable('portal code');
  return { code: code as string, url: text(get(v, 'url')) ?? '', expires_at: text(get(v, 'expires_at')) ?? '' };
}

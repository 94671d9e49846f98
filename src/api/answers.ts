// The service's answers (docs/protocol.md, a section per endpoint), read at the transport boundary:
// unknown JSON in, the typed shape out (field readers: fields.ts). Any field may be missing, null
// or of the wrong type in a faulty answer: a field the widget can do without gets its default; an
// answer it cannot use at all throws a ProtocolError, which the visitor sees as an error notice.
// Nothing past this file reads wire JSON, so nothing past it can throw on a faulty answer. Own
// properties only (like the options): a polluted Object.prototype does not fill in what the
// service left out.
import { ProtocolError } from './errors';
import { flag, get, oneOf, str } from './fields';
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

/** An answer the widget cannot use: a ProtocolError, which the visitor sees as an error notice. */
const unusable = (key: string): never => {
  throw new ProtocolError(`Unreadable answer: ${key}`);
};
/** `v[key]` when it is a list. */
const list = (v: unknown, key: string): unknown[] => {
  const l = get(v, key);
  return Array.isArray(l) ? l : unusable(key);
};
/** `v[key]` when it is a non-empty string. */
const needed = (v: unknown, key: string): string => str(get(v, key)) || unusable(key);

/** GET /config. Never throws: a faulty answer gives the widget's defaults. */
export function readConfig(v: unknown): ServiceConfig {
  const suggestions = get(v, 'suggestions');
  return {
    title: str(get(v, 'title')) || undefined,
    welcome: str(get(v, 'welcome')) || undefined,
    suggestions: Array.isArray(suggestions) ? suggestions.filter((s): s is string => !!str(s)?.trim()) : [],
    read_only: flag(get(v, 'read_only'), false),
    // Unknown: the microphone stays (if the page asked for it) and the service says if it is not set up.
    voice: { configured: flag(get(get(v, 'voice'), 'configured'), true) },
    connected_accounts: { enabled: flag(get(get(v, 'connected_accounts'), 'enabled'), false) },
  };
}

/** GET /conversations. Throws when `data` is not a list: the visitor is told, not shown an empty history. */
export function readConversationPage(v: unknown): ConversationPage {
  const data: ConversationSummary[] = [];
  for (const item of list(v, 'data')) {
    const id = get(item, 'id');
    const created = str(get(item, 'created_at')) ?? '';
    // An entry without a usable id could not be opened: left out.
    if (isSafeId(id))
      data.push({
        id,
        title: str(get(item, 'title')) ?? '',
        created_at: created,
        updated_at: str(get(item, 'updated_at')) ?? created,
      });
  }
  return { data, next_cursor: str(get(v, 'next_cursor')) || null };
}

const CONFIRMATION: readonly ConfirmationStatus[] = ['pending', 'confirmed', 'cancelled', 'expired'];
const APPROVAL: readonly ApprovalStatus[] = ['pending', 'approved', 'declined', 'expired'];

/**
 * A stored message, or null for one the transcript does not show: another role (system, tool), or
 * an assistant turn with no text and nothing to decide (OpenAI's `content: null` tool-call turn).
 */
function readMessage(v: unknown, index: number): WireMessage | null {
  const role = oneOf(get(v, 'role'), ['user', 'assistant'] as const);
  const c = get(v, 'confirmation');
  const id = get(c, 'id');
  const prompt = str(get(c, 'prompt'));
  // A status the widget does not know cannot be decided on safely.
  const confirmation =
    isSafeId(id) && prompt != null
      ? { id, prompt, status: oneOf(get(c, 'status'), CONFIRMATION) ?? 'expired' }
      : undefined;
  const approval = oneOf(get(get(v, 'approval'), 'status'), APPROVAL);
  const content = str(get(v, 'content')) ?? '';
  return role && (content || confirmation || approval)
    ? {
        id: str(get(v, 'id')) || `stored-${index}`,
        role,
        content,
        created_at: str(get(v, 'created_at')) ?? '',
        ...(confirmation && { confirmation }),
        ...(approval && { approval: { status: approval } }),
      }
    : null;
}

/** GET /conversations/{id}. Throws when `messages` is not a list (an empty transcript would mislead). */
export function readConversation(v: unknown, requestedId: string): Conversation {
  const messages = list(v, 'messages')
    .map(readMessage)
    .filter((m): m is WireMessage => !!m);
  const id = get(v, 'id');
  // The id asked for is the one the widget continues; the answer's own is used only if safe.
  return {
    id: isSafeId(id) ? id : requestedId,
    title: str(get(v, 'title')) ?? '',
    created_at: str(get(v, 'created_at')) ?? '',
    messages,
  };
}

/** POST /voice/session. Throws without a token or a ws(s) URL: there is no session to open. */
export function readVoiceSession(v: unknown): VoiceSession {
  const url = needed(v, 'url');
  if (!/^wss?:\/\//i.test(url)) unusable('url');
  return { token: needed(v, 'token'), url, expires_at: str(get(v, 'expires_at')) ?? '' };
}

/** POST /portal/code. Throws without a code; the URL is checked where it is used (it may not be). */
export function readPortalCode(v: unknown): PortalCode {
  return { code: needed(v, 'code'), url: str(get(v, 'url')) ?? '', expires_at: str(get(v, 'expires_at')) ?? '' };
}

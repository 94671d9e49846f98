// In-memory service state, kept per visitor (JWT `sub`).
import type { ConversationPage, ConversationSummary, WireMessage } from '../src/api/types';
import type { IdempotencyEntry, StoredConversation } from './records';
import { isSeededVisitor, seedConversations } from './seed';

export type { IdempotencyEntry, StoredConversation } from './records';

export interface VisitorState {
  conversations: Map<string, StoredConversation>;
  idempotency: Map<string, IdempotencyEntry>;
}

export const PAGE_SIZE = 20;

export function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const newId = (prefix: string) => `${prefix}_${randomHex(8)}`;

/** A portal code's or voice session's owner, and when it stops being accepted. */
interface Issued {
  sub: string;
  expiresAt: string;
}

/** The mock service's memory: every visitor's conversations and what the handlers keep between requests. */
export interface MockState {
  visitors: Map<string, VisitorState>;
  /** Sends seen per Idempotency-Key (the `unavailable` scenario counts them). */
  attempts: Map<string, number>;
  /** One-time portal codes → the visitor they were issued to. */
  portalCodes: Map<string, Issued>;
  /** Voice session tokens (POST /voice/session) → the visitor and conversation they were issued for. */
  voiceSessions: Map<string, Issued & { conversationId?: string }>;
  /** The visitor's state, created (and seeded, for the demo's visitors) on first use. */
  visitor(sub: string): VisitorState;
  /** Newest first; undefined for a cursor the mock did not hand out. */
  page(sub: string, limit: number, cursor: string | null): ConversationPage | undefined;
  /** The visitor's own conversation, or undefined (another visitor's id included). */
  conversation(sub: string, id: string): StoredConversation | undefined;
  createConversation(sub: string, title: string): StoredConversation;
  append(conversation: StoredConversation, message: WireMessage): void;
  /** Counts one more send with this Idempotency-Key; returns the count. */
  countAttempt(key: string): number;
  /** The visitors' conversations as JSON (the demo keeps them in sessionStorage across reloads). */
  snapshot(): string;
  /** Takes back what `snapshot` gave; anything unreadable leaves the state as it was. */
  restore(json: string): void;
  reset(): void;
}

export function createMockState(): MockState {
  const visitors: MockState['visitors'] = new Map();
  const attempts: MockState['attempts'] = new Map();
  const portalCodes: MockState['portalCodes'] = new Map();
  const voiceSessions: MockState['voiceSessions'] = new Map();

  function visitor(sub: string): VisitorState {
    let state = visitors.get(sub);
    if (!state) {
      const seeded = isSeededVisitor(sub) ? seedConversations(newId) : [];
      state = { conversations: new Map(seeded.map((c) => [c.id, c])), idempotency: new Map() };
      visitors.set(sub, state);
    }
    return state;
  }

  /** Newest first; the cursor is opaque to the widget (base64url of the last item's sort key). */
  function page(sub: string, limit: number, cursor: string | null): ConversationPage | undefined {
    const sorted = [...visitor(sub).conversations.values()].sort(byNewest);
    let start = 0;
    if (cursor !== null) {
      const key = decodeCursor(cursor);
      if (!key) return undefined;
      start = sorted.findIndex((c) => byNewest(c, { updated_at: key[0], id: key[1] }) > 0);
      if (start < 0) start = sorted.length;
    }
    const items = sorted.slice(start, start + limit);
    const last = items[items.length - 1];
    const more = start + limit < sorted.length;
    return {
      data: items.map(summary),
      next_cursor: more && last ? encodeCursor([last.updated_at, last.id]) : null,
    };
  }

  function createConversation(sub: string, title: string): StoredConversation {
    const now = new Date().toISOString();
    const conversation = { id: newId('conv'), title, created_at: now, updated_at: now, messages: [] };
    visitor(sub).conversations.set(conversation.id, conversation);
    return conversation;
  }

  function append(conversation: StoredConversation, message: WireMessage): void {
    conversation.messages.push(message);
    conversation.updated_at = message.created_at;
  }

  function countAttempt(key: string): number {
    const n = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, n);
    return n;
  }

  /** The visitors' conversations as JSON (the demo keeps them in sessionStorage across reloads). */
  function snapshot(): string {
    return JSON.stringify(
      [...visitors].map(([sub, v]) => [sub, [...v.conversations.values()], [...v.idempotency]] as const),
    );
  }

  /** Takes back what `snapshot` gave; anything unreadable leaves the state as it was. */
  function restore(json: string): void {
    try {
      const saved = JSON.parse(json) as [string, StoredConversation[], [string, IdempotencyEntry][]][];
      for (const [sub, conversations, idempotency] of saved) {
        visitors.set(sub, {
          conversations: new Map(conversations.map((c) => [c.id, c])),
          idempotency: new Map(idempotency),
        });
      }
    } catch {
      // a snapshot from an older demo: start afresh
    }
  }

  function reset(): void {
    visitors.clear();
    attempts.clear();
    portalCodes.clear();
    voiceSessions.clear();
  }

  return {
    visitors,
    attempts,
    portalCodes,
    voiceSessions,
    visitor,
    page,
    conversation: (sub, id) => visitor(sub).conversations.get(id),
    createConversation,
    append,
    countAttempt,
    snapshot,
    restore,
    reset,
  };
}

function byNewest(a: { updated_at: string; id: string }, b: { updated_at: string; id: string }): number {
  if (a.updated_at !== b.updated_at) return a.updated_at < b.updated_at ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

const summary = ({ id, title, created_at, updated_at }: StoredConversation): ConversationSummary => ({
  id,
  title,
  created_at,
  updated_at,
});

function encodeCursor(key: [string, string]): string {
  return btoa(JSON.stringify(key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeCursor(cursor: string): [string, string] | undefined {
  try {
    const value: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return value as [string, string];
    }
  } catch {
    // fall through: not one of ours
  }
  return undefined;
}

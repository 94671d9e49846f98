// What the mock service stores: plain data shapes, imported by the state and by the seed data.
import type { Conversation, WireMessage } from '../src/api/types';

export interface StoredConversation extends Conversation {
  updated_at: string;
}

/** What a completed send left behind, so a repeated Idempotency-Key replays it instead of adding messages. */
export interface IdempotencyEntry {
  conversationId: string;
  reply: WireMessage;
}

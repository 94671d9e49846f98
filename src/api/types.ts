// Wire types of docs/protocol.md. Field names follow the service exactly.

export interface ServiceConfig {
  title?: string;
  welcome?: string;
  /** Starter questions (v1.1); empty when the service sends none. */
  suggestions?: string[];
  read_only: boolean;
  voice: { configured: boolean };
  connected_accounts: { enabled: boolean };
}

export interface ConversationSummary {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface ConversationPage {
  data: ConversationSummary[];
  next_cursor: string | null;
}

export type ConfirmationStatus = 'pending' | 'confirmed' | 'cancelled' | 'expired';
export type ApprovalStatus = 'pending' | 'approved' | 'declined' | 'expired';

export interface WireMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
  confirmation?: { id: string; prompt: string; status: ConfirmationStatus };
  approval?: { status: ApprovalStatus };
}

export interface Conversation {
  id: string;
  title: string;
  created_at: string;
  messages: WireMessage[];
}

export type Decision = 'confirm' | 'cancel';

export interface ChatBody {
  conversation_id?: string;
  message?: string;
  confirmation?: { id: string; decision: Decision };
}

export interface VoiceSession {
  token: string;
  url: string;
  expires_at: string;
}

export interface PortalCode {
  code: string;
  url: string;
  expires_at: string;
}

/** What the chat stream (and the voice socket) tells the widget, already decoded. */
export type ChatEvent =
  | { type: 'start'; conversationId: string | null }
  | { type: 'delta'; text: string }
  | { type: 'tool' }
  | { type: 'conversation'; id: string; title: string }
  | { type: 'confirmation'; id: string; prompt: string }
  | { type: 'approval'; status: 'pending'; message?: string }
  | { type: 'error'; error: string; message?: string }
  | { type: 'done' };

/** Body of every non-2xx answer (docs/protocol.md "Errors"). */
export interface ErrorBody {
  detail: string | { error: string; [key: string]: unknown } | null;
  request_id?: string;
}

// POST /chat: validation, scenario refusals, idempotency, confirmations, and the SSE answer.
import { HttpResponse } from 'msw';
import type { Decision, WireMessage } from '../src/api/types';
import { errorResponse, refuse, unprocessable } from './http';
import { buildReply, decisionReply, replayReply, type ReplyPlan } from './replies';
import { chatScenarioError, shortLimitError } from './scenarios';
import { sseStream } from './sse';
import { newId } from './state';
import type { StoredConversation } from './records';
import type { MockContext, Visit } from './types';

interface ChatRequest {
  conversationId?: string;
  message?: string;
  confirmation?: { id: string; decision: Decision };
}

export async function handleChat(ctx: MockContext, { request, sub, body }: Visit): Promise<Response> {
  const parsed = parseChatBody(body);
  if (typeof parsed === 'string') return unprocessable(parsed);

  const key = request.headers.get('idempotency-key') ?? '';
  // `limit-short` keeps each visitor's reset time beside the attempt counts (cleared by a reset).
  const refused =
    ctx.scenario() === 'limit-short'
      ? shortLimitError(ctx.state.attempts, `limit-short\n${sub}`)
      : chatScenarioError(ctx.scenario(), ctx.state.countAttempt(`${sub}\n${key}`));
  if (refused) return errorResponse(refused);

  let conversation: StoredConversation | undefined;
  if (parsed.conversationId !== undefined) {
    conversation = ctx.state.conversation(sub, parsed.conversationId);
    if (!conversation) return refuse(404, 'conversation_not_found');
  }

  const visitor = ctx.state.visitor(sub);
  const previous = key ? visitor.idempotency.get(key) : undefined;
  if (previous) return sseResponse(replayReply(previous.reply, ctx.chunkDelayMs()), previous.conversationId, request);

  let plan: ReplyPlan;
  if (parsed.confirmation) {
    if (!conversation) return unprocessable('a confirmation needs conversation_id');
    const { id, decision } = parsed.confirmation;
    const target = conversation.messages.find((m) => m.confirmation?.id === id)?.confirmation;
    if (target?.status !== 'pending') return refuse(409, 'confirmation_not_pending');
    target.status = decision === 'confirm' ? 'confirmed' : 'cancelled';
    const order = /#(\d+)/.exec(target.prompt)?.[1] ?? '1042';
    plan = decisionReply(order, decision === 'confirm', ctx.chunkDelayMs());
  } else {
    const message = parsed.message ?? '';
    const isNew = !conversation;
    conversation ??= ctx.state.createConversation(sub, titleFrom(message));
    ctx.state.append(conversation, { id: newId('msg'), role: 'user', content: message, created_at: now() });
    plan = buildReply({
      scenario: ctx.scenario(),
      userMessage: message,
      ...(isNew ? { newConversation: { id: conversation.id, title: conversation.title } } : {}),
      chunkDelayMs: ctx.chunkDelayMs(),
      longChunkDelayMs: ctx.settings().longChunkDelayMs,
      newId,
    });
  }

  const reply: WireMessage = { id: newId('msg'), role: 'assistant', created_at: now(), ...plan.stored };
  if (ctx.scenario() === 'reload-mid-reply') {
    // As the service does: the reply is stored when it has been written, whether or not its client
    // is still there (docs/protocol.md "A reply in flight survives a page load").
    const target = conversation;
    let stored = false;
    const store = () => {
      if (stored) return;
      stored = true;
      clearTimeout(timer);
      ctx.state.append(target, { ...reply, created_at: now() });
    };
    const timer = setTimeout(store, writingTime(plan));
    ctx.writing(store);
  } else {
    ctx.state.append(conversation, reply);
  }
  if (key) visitor.idempotency.set(key, { conversationId: conversation.id, reply });
  return sseResponse(plan, conversation.id, request, ctx.held());
}

function sseResponse(plan: ReplyPlan, conversationId: string, request: Request, startAfter?: Promise<void>): Response {
  return new HttpResponse(sseStream(plan.frames, { ...plan.stream, signal: request.signal, startAfter }), {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Conversation-Id': conversationId,
    },
  });
}

/** The body rules of docs/protocol.md "POST /chat": exactly one of `message` / `confirmation`; `conversation_id` a string when present. */
function parseChatBody(body: unknown): ChatRequest | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body must be a JSON object';
  const b = body as Record<string, unknown>;
  const out: ChatRequest = {};
  if ('conversation_id' in b) {
    if (typeof b.conversation_id !== 'string' || b.conversation_id === '') {
      return 'conversation_id must be a non-empty string; leave the key out to start a conversation';
    }
    out.conversationId = b.conversation_id;
  }
  if (b.message !== undefined) {
    if (typeof b.message !== 'string' || b.message.trim() === '') return 'message must be a non-empty string';
    out.message = b.message;
  }
  if (b.confirmation !== undefined) {
    const c = b.confirmation as Record<string, unknown> | null;
    if (
      typeof c !== 'object' ||
      c === null ||
      typeof c.id !== 'string' ||
      (c.decision !== 'confirm' && c.decision !== 'cancel')
    ) {
      return "confirmation must be { id: string, decision: 'confirm' | 'cancel' }";
    }
    out.confirmation = { id: c.id, decision: c.decision };
  }
  if ((out.message === undefined) === (out.confirmation === undefined)) {
    return 'send exactly one of message or confirmation';
  }
  return out;
}

function titleFrom(message: string): string {
  const line = message.trim().replace(/\s+/g, ' ');
  return line.length > 48 ? `${line.slice(0, 47)}…` : line;
}

const now = () => new Date().toISOString();

/** How long the plan's frames take to stream. */
const writingTime = (plan: ReplyPlan): number =>
  (plan.stream.startDelayMs ?? 0) + plan.frames.length * (plan.stream.delayMs ?? 0);

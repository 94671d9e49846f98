// What POST /chat streams for each scenario, and what the service stores as the assistant message.
import type { WireMessage } from '../src/api/types';
import * as answers from './answers';
import { longMarkdownAnswer } from './long-answer';
import type { ScenarioName } from './scenarios';
import {
  completionChunks,
  cutFrame,
  doneFrame,
  fixedPieces,
  namedFrame,
  pingFrame,
  wordPieces,
  type SseFrame,
  type SseStreamOptions,
} from './sse';

import {
  bigNoteAsked,
  bigRowsAsked,
  bigTableAnswer,
  HOSTILE_TABLES_ANSWER,
  manyBlocksAnswer,
  sectionsAsked,
} from './hostile-tables';
import { citedAnswer } from './cited-answer';
import { normalAnswer, rtlAnswer } from './language-answers';
import { questionLanguage } from './languages';

export type StoredReply = Pick<WireMessage, 'content' | 'confirmation' | 'approval'>;

export interface ReplyPlan {
  frames: SseFrame[];
  stream: Omit<SseStreamOptions, 'signal'>;
  /** The assistant message as the service stores it (a cut stream still stores the full answer). */
  stored: StoredReply;
}

export interface ReplyContext {
  scenario: ScenarioName;
  userMessage: string;
  /** Set on the first reply of a new conversation: announced with `event: conversation`. */
  newConversation?: { id: string; title: string };
  chunkDelayMs: number;
  /** MockSettings.longChunkDelayMs. */
  longChunkDelayMs?: number;
  newId: (prefix: string) => string;
}

export const SLOW_DELAY_MS = 300;
/** `slow-start`: the wait before the first token. */
export const SLOW_START_MS = 4_000;

export function buildReply(ctx: ReplyContext): ReplyPlan {
  const c = completionChunks();
  const titled = ctx.newConversation ? [namedFrame('conversation', ctx.newConversation)] : [];
  const end = [...titled, c.finish('stop'), doneFrame];
  const delayMs = ctx.chunkDelayMs;
  const simple = (text: string, stream: ReplyPlan['stream'] = { delayMs }): ReplyPlan => ({
    frames: [c.role(), ...c.contents(wordPieces(text)), ...end],
    stream,
    stored: { content: text },
  });

  switch (ctx.scenario) {
    case 'long': {
      const text = longMarkdownAnswer();
      // ~3,000 chunks: keep the demo's per-chunk pause tiny so the whole answer takes seconds.
      return {
        frames: [c.role(), ...c.contents(fixedPieces(text, 10)), ...end],
        stream: { delayMs: ctx.longChunkDelayMs ?? Math.min(delayMs, 2) },
        stored: { content: text },
      };
    }
    case 'tools': {
      const call = {
        index: 0,
        id: 'call_1',
        type: 'function' as const,
        function: { name: 'sales_db__run_sql', arguments: '' },
      };
      return {
        frames: [
          c.role(),
          ...c.contents(wordPieces(answers.TOOLS_INTRO)),
          c.toolCalls([call]),
          ...fixedPieces(answers.TOOLS_SQL, 24).map((piece) =>
            c.toolCalls([{ index: 0, function: { arguments: piece } }]),
          ),
          c.finish('tool_calls'),
          pingFrame,
          ...c.contents(wordPieces(answers.TOOLS_ANSWER)),
          ...end,
        ],
        stream: { delayMs },
        stored: { content: answers.TOOLS_INTRO + answers.TOOLS_ANSWER },
      };
    }
    case 'messy':
      return messyReply(ctx, c, end);
    case 'confirmation': {
      const order = /#(\d+)/.exec(ctx.userMessage)?.[1] ?? '1042';
      const confirmation = { id: ctx.newId('cf'), prompt: answers.confirmationPrompt(order) };
      return {
        frames: [
          c.role(),
          ...c.contents(wordPieces(answers.CONFIRMATION_INTRO)),
          namedFrame('confirmation', confirmation),
          ...end,
        ],
        stream: { delayMs },
        stored: { content: answers.CONFIRMATION_INTRO, confirmation: { ...confirmation, status: 'pending' } },
      };
    }
    case 'approval':
      return {
        frames: [
          c.role(),
          ...c.contents(wordPieces(answers.APPROVAL_ANSWER)),
          namedFrame('approval', { status: 'pending', message: answers.APPROVAL_MESSAGE }),
          ...end,
        ],
        stream: { delayMs },
        stored: { content: answers.APPROVAL_ANSWER, approval: { status: 'pending' } },
      };
    case 'error-event':
      return {
        frames: [
          c.role(),
          ...c.contents(wordPieces(answers.ERROR_EVENT_ANSWER)),
          ...titled,
          namedFrame('error', { error: 'tool_failed', message: answers.ERROR_EVENT_MESSAGE }),
          doneFrame,
        ],
        stream: { delayMs },
        stored: { content: answers.ERROR_EVENT_ANSWER },
      };
    case 'cut':
      return {
        frames: [c.role(), ...c.contents(wordPieces(answers.CUT_ANSWER)), cutFrame],
        stream: { delayMs },
        stored: { content: answers.CUT_FULL_ANSWER },
      };
    case 'slow':
    case 'reload-mid-reply':
      return simple(answers.NORMAL_ANSWER, { delayMs: SLOW_DELAY_MS });
    case 'slow-start':
      return simple(answers.NORMAL_ANSWER, { delayMs, startDelayMs: SLOW_START_MS });
    case 'read-only':
      return simple(answers.READ_ONLY_ANSWER);
    case 'tables':
      return simple(answers.TABLES_ANSWER);
    case 'long-table': {
      // Four rows a chunk: a database answer arrives in rows, not in words.
      const text = answers.longTableAnswer(250);
      const rows = text.split(/(?<=\n)/);
      const pieces = Array.from({ length: Math.ceil(rows.length / 4) }, (_, i) =>
        rows.slice(i * 4, i * 4 + 4).join(''),
      );
      return { frames: [c.role(), ...c.contents(pieces), ...end], stream: { delayMs }, stored: { content: text } };
    }
    case 'units-and-dates':
      return simple(answers.UNITS_AND_DATES_ANSWER);
    case 'hostile-tables':
      return simple(HOSTILE_TABLES_ANSWER, { delayMs: Math.min(delayMs, 2) });
    case 'big-table': {
      // Large pieces, no pause: a megabyte in about a hundred frames.
      const text = bigTableAnswer(bigRowsAsked(ctx.userMessage), bigNoteAsked(ctx.userMessage));
      return {
        frames: [c.role(), ...c.contents(fixedPieces(text, 16_384)), ...end],
        stream: { delayMs: 0 },
        stored: { content: text },
      };
    }
    case 'many-blocks': {
      const text = manyBlocksAnswer(sectionsAsked(ctx.userMessage));
      return {
        frames: [c.role(), ...c.contents(fixedPieces(text, 16_384)), ...end],
        stream: { delayMs: 0 },
        stored: { content: text },
      };
    }
    case 'rtl':
      return simple(rtlAnswer(questionLanguage(ctx.userMessage)));
    case 'citations': {
      // Pieces cut anywhere (inside a definition too), over a few frames: the streamed render to compare with.
      const text = citedAnswer();
      return {
        frames: [c.role(), ...c.contents(fixedPieces(text, 700)), ...end],
        stream: { delayMs: Math.min(delayMs, 2) },
        stored: { content: text },
      };
    }
    default:
      // The assistant answers in the question's language (docs/protocol.md, "Every request").
      return simple(normalAnswer(questionLanguage(ctx.userMessage)));
  }
}

/**
 * Everything a parser must survive: `\r\n`, frames cut at arbitrary bytes (inside UTF-8 too),
 * `: ping` comments, `id:`/unknown fields, an unknown event, `data:` without a space, JSON spread
 * over several `data:` lines, and a field-only block that dispatches nothing.
 */
function messyReply(ctx: ReplyContext, c: ReturnType<typeof completionChunks>, end: SseFrame[]): ReplyPlan {
  const content = c.contents(wordPieces(answers.MESSY_ANSWER)).map((frame, i): SseFrame => {
    if (frame.kind !== 'event') return frame;
    if (i % 5 === 1) return { ...frame, fields: [`id: ${i}`, 'x-trace: abc123'] };
    if (i % 5 === 2) return { kind: 'raw', text: `data:${frame.data}\n\n` };
    if (i % 5 === 3) return { ...frame, data: JSON.stringify(JSON.parse(frame.data), null, 1) };
    return frame;
  });
  content.splice(3, 0, pingFrame, { kind: 'raw', text: 'retry: 3000\n\n' });
  content.splice(6, 0, namedFrame('progress', { step: 'planning', unknown: true }));
  return {
    frames: [pingFrame, c.role(), ...content, pingFrame, ...end],
    stream: { delayMs: ctx.chunkDelayMs, crlf: true, splitSeed: 1042 },
    stored: { content: answers.MESSY_ANSWER },
  };
}

/** The stream after a decision on a confirmation. */
export function decisionReply(order: string, confirmed: boolean, chunkDelayMs: number): ReplyPlan {
  const c = completionChunks();
  const text = answers.confirmationOutcome(order, confirmed);
  return {
    frames: [c.role(), ...c.contents(wordPieces(text)), c.finish('stop'), doneFrame],
    stream: { delayMs: chunkDelayMs },
    stored: { content: text },
  };
}

/** A repeated Idempotency-Key: stream the stored answer again, store nothing new. */
export function replayReply(message: WireMessage, chunkDelayMs: number): ReplyPlan {
  const c = completionChunks();
  const extra: SseFrame[] = [];
  if (message.confirmation?.status === 'pending') {
    extra.push(namedFrame('confirmation', { id: message.confirmation.id, prompt: message.confirmation.prompt }));
  }
  if (message.approval?.status === 'pending') extra.push(namedFrame('approval', { status: 'pending' }));
  return {
    frames: [c.role(), ...c.contents(wordPieces(message.content)), ...extra, c.finish('stop'), doneFrame],
    stream: { delayMs: chunkDelayMs },
    stored: message,
  };
}

// The announcer's rules (docs/accessibility.md): for each state the model tells of
// (state/announce.ts), the live region it goes to and its words in the UI language. The tables
// are typed by the lists they cover (reply ends, notice kinds): a state added without its rule
// does not compile, and test/ui/announcer.test.tsx walks the lists.
import { messages } from '../i18n';
import type { MarkdownEngine } from '../markdown/engine';
import type { Heard } from '../state/announce';
import type { ReplyEnd } from '../state/chat-types';
import { noticeText, type NoticeKind } from '../state/notices';
import type { Locale } from '../types';
import { readAloud } from './read-aloud';

export type Politeness = 'polite' | 'assertive';

/**
 * A reply the visitor waits for is polite: it never cuts into what they are doing. One that ends
 * without the answer (cut, an error) is assertive: the visitor would wait for what will not come.
 * A stop is the visitor's own act, confirmed politely.
 */
export const END_POLITENESS = {
  done: 'polite',
  stopped: 'polite',
  interrupted: 'assertive',
  error: 'assertive',
} as const satisfies Record<ReplyEnd, Politeness>;

/**
 * A notice that refuses or fails what the visitor just did is assertive (their message is kept,
 * they must know now); an approval pending is news about the reply, said after it, politely.
 */
export const NOTICE_POLITENESS = {
  approval: 'polite',
  limit: 'assertive',
  auth: 'assertive',
  error: 'assertive',
  offline: 'assertive',
  voice: 'assertive',
  interrupted: 'assertive',
} as const satisfies Record<NoticeKind, Politeness>;

/** The live region a state goes to. */
export function politeness(h: Heard): Politeness {
  switch (h.state) {
    case 'ended':
      return END_POLITENESS[h.end];
    case 'notice':
      return NOTICE_POLITENESS[h.notice.kind];
    // Waiting, a question at the end of the reply, a reset, a copy, the microphone: news the
    // visitor may hear after what they are doing.
    default:
      return 'polite';
  }
}

/**
 * The words of a state in `locale`, as the visitor sees it: a finished reply as shown (`engine`,
 * the markdown engine, renders it), an incomplete one as its note, a notice as its text.
 */
export function words(h: Heard, locale: Locale, engine: MarkdownEngine): string {
  const t = messages(locale);
  switch (h.state) {
    case 'started':
      return h.resuming ? t.stillWriting : t.working;
    case 'ended':
      return h.end === 'done' ? `${t.replyDone} ${readAloud(h.text, engine, t.continues)}`.trim() : t.incomplete[h.end];
    case 'confirmation':
      return `${h.prompt} ${t.confirmation.pending}`;
    case 'notice':
      // Its reset as it is when the notice comes, not a countdown.
      return noticeText(h.notice, locale).filter(Boolean).join(' ');
    case 'limitOver':
      return t.limitOver;
    case 'copied':
      return t.copied;
    case 'recording':
      return h.started ? t.recordingStarted : t.recordingStopped;
  }
}

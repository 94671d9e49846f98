// What a reply's phase shows beside its text (docs/protocol.md "Incomplete answers"): the status
// while it is on its way, and for a reply that was stopped, cut or ended by an error the note that
// it is incomplete (the message then carries `data-state="incomplete"` and no "Copy answer").
import type { Messages } from '../i18n';
import type { ReplyPhase } from '../state/chat-types';

export type IncompletePhase = keyof Messages['incomplete'];

export const isIncomplete = (phase: ReplyPhase): phase is IncompletePhase =>
  phase === 'stopped' || phase === 'interrupted' || phase === 'error';

/** The status line while the reply is on its way; empty once text flows or it ended. */
export const liveStatus = (phase: ReplyPhase, t: Messages): string =>
  phase === 'thinking' ? t.thinking : phase === 'looking-up' ? t.lookingUp : '';

// What a screen reader is told, as facts (docs/accessibility.md): the model says each state once,
// as it happens, and ui/announce.ts puts it into words in the UI language and picks its live
// region. No sentence and no DOM here; nothing is said per token.
import type { ChatState, ReplyEnd } from './chat-types';
import type { Notice } from './notices';
import { store, type Store } from './store';

/** One state the visitor hears about. */
export type Heard =
  /** The visitor started waiting for a reply (`resuming`: after a page load, it is still being written). */
  | { state: 'started'; resuming: boolean }
  /** A reply ended: finished (`text`, its markdown, is read as shown), or stopped, cut or ended by an error. */
  | { state: 'ended'; end: ReplyEnd; text: string }
  /** The reply asks the visitor to confirm or cancel. */
  | { state: 'confirmation'; prompt: string }
  /** A notice came (an approval pending in its reply is one too, of kind `approval`). */
  | { state: 'notice'; notice: Notice }
  /** The limit of the notice shown has reset: the visitor can write again. */
  | { state: 'limitOver' }
  /** A copy button copied. */
  | { state: 'copied' }
  /** The microphone started or stopped recording (once each: the running clock is for the eyes). */
  | { state: 'recording'; started: boolean };

export interface Announcer {
  /** What to say now, given together (one task): a new array each time, never replayed. */
  heard: Store<readonly Heard[]>;
  say(...heard: Heard[]): void;
  /** The last reply finished (streamed, or found stored after a page load), with its question if any. */
  replyDone(text: string): void;
  dispose(): void;
}

/** The longest delay setTimeout takes (a longer one fires at once). */
const MAX_DELAY = 2 ** 31 - 1;

export function createAnnouncer(chat: Store<ChatState>, notice: Store<Notice | null>): Announcer {
  const heard = store<readonly Heard[]>([]);
  const say = (...h: Heard[]) => heard.set(h);

  // Said once when the visitor starts waiting (not at each retry); the finished reply is said after.
  let waited = chat.get().waiting;
  const offWaiting = chat.subscribe(({ waiting }) => {
    if (waiting === waited || !(waited = waiting) || waiting === 'retrying') return;
    say({ state: 'started', resuming: waiting === 'resuming' });
  });

  // Each notice once as it comes; a limit's reset once when it comes (the countdown is for the eyes).
  let reset: ReturnType<typeof setTimeout> | undefined;
  const offNotice = notice.subscribe((n) => {
    clearTimeout(reset);
    if (!n) return;
    say({ state: 'notice', notice: n });
    const left = n.kind === 'limit' && n.until !== undefined ? n.until - Date.now() : -1;
    if (left > 0 && left < MAX_DELAY) reset = setTimeout(() => notice.get() === n && say({ state: 'limitOver' }), left);
  });

  return {
    heard,
    say,
    replyDone(text) {
      const last = chat.get().messages.at(-1);
      const asks: Heard[] = [];
      if (last?.confirmation?.status === 'pending')
        asks.push({ state: 'confirmation', prompt: last.confirmation.prompt });
      if (last?.approval?.status === 'pending')
        asks.push({ state: 'notice', notice: { kind: 'approval', say: 'approval', message: last.approval.message } });
      // The question comes after the reply that leads to it, in the same announcement.
      say({ state: 'ended', end: 'done', text }, ...asks);
    },
    dispose() {
      offWaiting();
      offNotice();
      clearTimeout(reset);
    },
  };
}

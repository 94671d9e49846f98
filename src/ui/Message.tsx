import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ChatMessage, ReplyPhase } from '../state/chat-types';
import { isLive } from '../state/reply';
import { store, useStore } from '../state/store';
import { Confirmation } from './Confirmation';
import { textDirection } from '../i18n';
import { useModel, useT } from './context';
import { Markdown } from './Markdown';
import { NoticeView } from './NoticeView';
import { isIncomplete, liveStatus } from './reply-state';
import { Dots } from './WaitingStatus';

/**
 * A message leaving the rendered window (./window.ts) with the keyboard's focus inside it hands the
 * focus to the list, which the visitor was reading: it would otherwise drop to the page's <body>.
 * Its cleanup runs before the message's nodes go.
 */
function useFocusHandOff(ref: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(
    () => () => {
      const el = ref.current;
      const focused = (el?.getRootNode() as ShadowRoot | undefined)?.activeElement;
      if (focused && el!.contains(focused))
        el!.closest<HTMLElement>('[part~="message-list"]')?.focus({ preventScroll: true });
    },
    [],
  );
}

/** Stored replies have no phase store: they are done. */
const stored = store<ReplyPhase>('done');

function AssistantMessage({ message }: { message: ChatMessage }) {
  const t = useT();
  // The status line follows the reply's phase as it changes, not as it was at the last render.
  const phase = useStore(message.phase ?? stored);
  const live = isLive(phase);
  const status = liveStatus(phase, t);
  // Stopped, cut or ended by an error: said next to the text, and no "Copy answer" (ui/reply-state.ts).
  const incomplete = isIncomplete(phase);
  const whole = () => !isIncomplete((message.phase ?? stored).get());
  const ref = useRef<HTMLDivElement>(null);
  useFocusHandOff(ref);
  return (
    <div
      ref={ref}
      class="message"
      part="message"
      data-role="assistant"
      data-state={incomplete ? 'incomplete' : undefined}
      aria-busy={live}
    >
      <span class="sr-only">{t.assistant}: </span>
      <Markdown text={message.content} live={live ? message.live : undefined} whole={whole} />
      {status && (
        <p class="status">
          <Dots />
          {status}
        </p>
      )}
      {incomplete && <p class="status incomplete-note">{t.incomplete[phase]}</p>}
      {message.confirmation && <Confirmation confirmation={message.confirmation} />}
      {message.approval?.status === 'pending' && (
        <NoticeView notice={{ kind: 'approval', say: 'approval', message: message.approval.message }} />
      )}
    </div>
  );
}

export function Message({ message }: { message: ChatMessage }) {
  const model = useModel();
  const t = useT();
  if (message.role === 'assistant') return <AssistantMessage message={message} />;
  return (
    // The visitor's text takes its own direction; the label keeps the UI's (and, having a `dir`,
    // is left out when the browser reads the message's direction from its text).
    <div class="message" part="message" data-role="user" dir="auto">
      <span class="sr-only" dir={textDirection(model.session.get().locale)}>
        {t.you}:{' '}
      </span>
      {message.content}
    </div>
  );
}

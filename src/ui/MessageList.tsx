import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { loadMarkdown } from '../markdown/engine';
import { useStore } from '../state/store';
import { useModel, useT } from './context';
import { useFollow } from './follow';
import { Icon } from './icons';
import { Message } from './Message';
import { Suggestions } from './Suggestions';
import { WaitingStatus } from './WaitingStatus';
import { current, latest, newer, older, type Span } from './window';

export function MessageList() {
  const model = useModel();
  const { messages, busy } = useStore(model.chat.state);
  const { config } = useStore(model.session, 'config', 'locale');
  const t = useT();
  const list = useRef<HTMLDivElement>(null);

  // Only a window of the conversation is rendered (./window.ts); a different first message is
  // another conversation, which opens at its latest messages.
  const key = messages[0]?.id;
  const length = messages.length;
  const [span, setSpan] = useState<Span>(() => latest(key, length));
  const view = span.key === key ? span : latest(key, length);
  const { from, to } = current(view, key, length);
  const follow = useFollow(list, {
    nearTop: () => from > 0 && setSpan(older(view, length)),
    nearEnd: () => to < length && setSpan(newer(view, length)),
    cut: () => to < length,
  });
  // While a stored conversation loads, the markdown engine its messages need loads too, in a task
  // of its own (after this render's paint): not in the task that renders the first messages.
  useEffect(() => {
    if (busy === 'loading') void loadMarkdown();
  }, [busy]);
  const opened = useRef(key);
  useLayoutEffect(() => {
    // Before the first paint of the new window: a conversation opens at its end; otherwise what
    // the visitor reads stays put while messages are added or dropped around it.
    if (opened.current !== key) follow.resume(true);
    else follow.settle();
    opened.current = key;
  }, [key, from, to]);

  const showOlder = () => {
    follow.hold();
    setSpan(older(view, length));
  };
  const jump = () => {
    follow.resume();
    if (to < length) setSpan(latest(key, length));
    // The control goes away with the press: the list keeps the keyboard where the visitor was.
    list.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <div
        ref={list}
        class="messages"
        part="message-list"
        role="region"
        aria-label={t.messagesLabel}
        aria-busy={busy !== 'idle'}
        tabIndex={0}
      >
        {from === 0 ? (
          <>
            <p class="welcome">{config?.welcome || t.welcome}</p>
            {config?.read_only && <p class="welcome">{t.readOnly}</p>}
          </>
        ) : (
          <button type="button" class="small-button earlier" onClick={showOlder}>
            {t.earlierMessages}
          </button>
        )}
        <Suggestions />
        {busy === 'loading' && <p class="status">{t.loading}</p>}
        {messages.slice(from, to).map((m) => (
          <Message key={m.id} message={m} />
        ))}
        <WaitingStatus />
      </div>
      {/* Always in the flow, as tall as the control (chat.css): the list's bottom edge stays put when
          the control comes or goes, and the control never covers a line of the conversation. */}
      <div class="jump-row">
        {follow.away && (
          <button type="button" class="small-button jump" part="jump-to-latest" onClick={jump}>
            <Icon name="down" />
            {t.jumpToLatest}
          </button>
        )}
      </div>
    </>
  );
}

import { useEffect, useMemo, useRef } from 'preact/hooks';
import { useStore } from '../state/store';
import { Announcer } from './Announcer';
import { ChatView } from './ChatView';
import { useModel, useT } from './context';
import { Header } from './Header';
import { focusComposer } from './focus';
import { HistoryView } from './HistoryView';

export function Panel({ inline }: { inline: boolean }) {
  const model = useModel();
  const { view, config, open } = useStore(model.session, 'view', 'config', 'open', 'locale');
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);

  // A floating panel takes focus when it opens, and coming back from the history list (a
  // conversation chosen, or "back") lands in the composer, so keyboard focus never drops to <body>.
  // On touch screens the panel itself takes it on open: a focused composer would pop the keyboard
  // over the answer.
  const first = useRef(true);
  const shown = open || inline;
  useEffect(() => {
    // Made in idle time before its first opening (widget.tsx), a floating panel waits to be shown.
    if (!shown) return;
    // A panel that reopened by itself after a page load (`persist`) leaves focus to the new page.
    if (model.reopened()) return void (first.current = false);
    if (first.current && !inline && matchMedia('(pointer: coarse)').matches) panel.current?.focus();
    else if (view === 'chat' && (!first.current || !inline)) focusComposer(panel.current);
    first.current = false;
  }, [view, inline, shown]);

  // The same elements while they do not change: opening the warm panel re-renders the panel, not
  // what is inside it (each part follows its own stores).
  const title = config?.title || t.defaultTitle;
  const children = useMemo(
    () => [<Header title={title} inline={inline} />, view === 'history' ? <HistoryView /> : <ChatView />],
    [title, inline, view],
  );

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !inline) {
      e.stopPropagation();
      model.close();
    }
  };

  return (
    <div
      ref={panel}
      class="panel"
      // Warm and hidden before its first opening (widget.tsx), it is not yet the page's panel.
      part={shown ? 'panel' : undefined}
      role={inline ? 'region' : 'dialog'}
      aria-labelledby="sw-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <Announcer />
      {children}
    </div>
  );
}

import { useEffect, useRef } from 'preact/hooks';
import { useStore } from '../state/store';
import { ChatView } from './ChatView';
import { useModel } from './context';
import { Header } from './Header';
import { HistoryView } from './HistoryView';

export function Panel({ inline }: { inline: boolean }) {
  const model = useModel();
  const { view, config } = useStore(model.session);
  const t = model.t();
  const panel = useRef<HTMLDivElement>(null);

  // A floating panel takes focus when it opens, so keyboard users land in it.
  useEffect(() => {
    if (!inline) panel.current?.querySelector<HTMLElement>('textarea')?.focus();
  }, [inline]);

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
      part="panel"
      role={inline ? 'region' : 'dialog'}
      aria-labelledby="sw-title"
      onKeyDown={onKeyDown}
    >
      <Header title={config?.title || t.defaultTitle} inline={inline} />
      {view === 'history' ? <HistoryView /> : <ChatView />}
    </div>
  );
}

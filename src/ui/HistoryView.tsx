import { useEffect, useRef } from 'preact/hooks';
import { relativeTime } from '../i18n';
import { useStore } from '../state/store';
import { CurrentNotice } from './ChatView';
import { useModel, useT } from './context';

export function HistoryView() {
  const model = useModel();
  const { items, nextCursor, loading, loaded } = useStore(model.history.state);
  const { locale } = useStore(model.session, 'locale');
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  return (
    <div class="history">
      <h3 ref={heading} tabIndex={-1}>
        {t.historyTitle}
      </h3>
      {loaded && !items.length && !loading && <p class="empty">{t.historyEmpty}</p>}
      <ul part="history-list" aria-busy={loading}>
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              class="history-item"
              part="history-item"
              onClick={() => model.openConversation(item.id)}
            >
              {/* A title is in the language of its conversation. */}
              <span dir={item.title ? 'auto' : undefined}>{item.title || t.untitled}</span>
              <span class="when">{relativeTime(locale, item.updated_at)}</span>
            </button>
          </li>
        ))}
      </ul>
      {loading && (
        <p class="empty" role="status">
          {t.loading}
        </p>
      )}
      {nextCursor && !loading && (
        <button
          type="button"
          class="action-button history-more-button"
          part="history-more-button"
          onClick={model.history.more}
        >
          {t.historyMore}
        </button>
      )}
      <CurrentNotice />
    </div>
  );
}

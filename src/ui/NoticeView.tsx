import type { Notice } from '../state/notices';
import { useModel } from './context';

interface Props {
  notice: Notice;
  onAction?: () => void;
  onDismiss?: () => void;
}

export function NoticeView({ notice, onAction, onDismiss }: Props) {
  const t = useModel().t();
  const urgent = notice.kind === 'error' || notice.kind === 'auth' || notice.kind === 'limit';
  return (
    <div class="notice" part="notice" data-kind={notice.kind} role={urgent ? 'alert' : 'status'}>
      <span>{notice.text}</span>
      {notice.detail && <span class="status">{notice.detail}</span>}
      {(notice.action || onDismiss) && (
        <div class="notice-actions">
          {notice.action === 'retry' && (
            <button type="button" class="action-button primary" part="retry-button" onClick={onAction}>
              {t.retry}
            </button>
          )}
          {notice.action === 'reload' && (
            <button type="button" class="action-button primary" part="reload-button" onClick={onAction}>
              {t.reload}
            </button>
          )}
          {onDismiss && (
            <button type="button" class="action-button" onClick={onDismiss}>
              {t.dismiss}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

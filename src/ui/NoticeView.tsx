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
          {/* part retry-button (send the kept message again) or reload-button (reload the conversation) */}
          {notice.action && (
            <button type="button" class="action-button primary" part={`${notice.action}-button`} onClick={onAction}>
              {t[notice.action]}
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

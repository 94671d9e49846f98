import { useStore } from '../state/store';
import { Composer } from './Composer';
import { useModel } from './context';
import { MessageList } from './MessageList';
import { NoticeView } from './NoticeView';

export function ChatView() {
  const model = useModel();
  const { notice } = useStore(model.chat.state);
  const { portalLink } = useStore(model.session);
  const t = model.t();
  return (
    <div class="body">
      <MessageList />
      <div class="notices">
        {notice && (
          <NoticeView
            notice={notice}
            onAction={notice.action === 'reload' ? model.chat.reload : model.chat.retry}
            onDismiss={model.chat.dismissNotice}
          />
        )}
        {portalLink && (
          <div class="notice" part="notice" data-kind="error" role="status">
            <span>{t.portalBlocked}</span>
            <a part="portal-link" href={portalLink} target="_blank" rel="noopener noreferrer" onClick={model.dismissPortalLink}>
              {t.portalLink}
            </a>
          </div>
        )}
      </div>
      <Composer />
    </div>
  );
}

import { useMemo } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { noticeText, type Notice } from '../state/notices';
import { useStore } from '../state/store';
import { useModel, useT } from './context';
import { Icon } from './icons';
import { useClock } from './limit';

interface Props {
  notice: Notice;
  onDismiss?: () => void;
}

/**
 * Every notice of the widget (the `notice` part with its `data-kind`, docs/protocol.md "Errors"),
 * put into words here in the current locale, with its kind's icon and colour: a waiting approval
 * does not look like a failure.
 */
export function NoticeView({ notice, onDismiss }: Props) {
  const model = useModel();
  const { locale } = useStore(model.session, 'locale');
  const t = useT();
  // A limit counts down to its reset, then says the visitor can write again.
  const now = useClock(notice.until);
  const [text, detail] = noticeText(notice, locale, now);
  // Screen readers hear the countdown as it was when the notice came (and the reset when it comes),
  // not once a second: the ticking line is for the eyes only.
  const heard = useMemo(() => noticeText(notice, locale)[1], [notice, locale]);
  const counting = notice.until !== undefined && detail !== undefined;
  const { kind, action, link } = notice;
  let actions: ComponentChildren = null;
  if (action || onDismiss) {
    actions = (
      <div class="button-row">
        {/* part retry-button (repeat what failed) or reload-button (reload the conversation) */}
        {action && (
          <button type="button" class="action-button primary" part={`${action[0]}-button`} onClick={action[1]}>
            {t[action[0]]}
          </button>
        )}
        {onDismiss && (
          <button type="button" class="action-button" onClick={onDismiss}>
            {t.dismiss}
          </button>
        )}
      </div>
    );
  }
  return (
    // Not a live region: the announcer says it once, in its rule's region (ui/announce.ts).
    <div class="notice" part="notice" data-kind={kind}>
      <Icon name={kind === 'voice' ? 'mic' : kind} />
      <div class="notice-body">
        <span>{text}</span>
        {detail && (
          <span class="status" aria-hidden={counting || undefined}>
            {detail}
          </span>
        )}
        {counting && <span class="sr-only">{heard}</span>}
        {link && (
          <a part="portal-link" href={link} target="_blank" rel="noopener noreferrer" onClick={onDismiss}>
            {t.portalLink}
          </a>
        )}
        {actions}
      </div>
    </div>
  );
}

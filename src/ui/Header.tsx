import { useStore } from '../state/store';
import { useModel, useT } from './context';
import { HeaderButton } from './HeaderButton';
import { MicButton } from './MicButton';

export function Header({ title, inline }: { title: string; inline: boolean }) {
  const model = useModel();
  const { view, config } = useStore(model.session, 'view', 'config', 'locale');
  const t = useT();
  const inHistory = view === 'history';
  return (
    <div class="header" part="header">
      <h2 class="title" id="sw-title">
        {title}
      </h2>
      {/* First of the buttons: it comes with /config, after the others show, and the row is
          right-aligned, so here it moves none of them under the visitor's pointer. */}
      {config?.connected_accounts.enabled && (
        <HeaderButton part="plug-button" icon="plug" label={t.connectAccounts} onClick={model.openPortal} />
      )}
      <HeaderButton
        part="history-button"
        icon={inHistory ? 'back' : 'history'}
        label={inHistory ? t.backToChat : t.history}
        pressed={inHistory}
        onClick={inHistory ? model.showChat : model.showHistory}
      />
      <HeaderButton
        part="new-conversation-button"
        icon="plus"
        label={t.newConversation}
        onClick={model.newConversation}
      />
      {model.options.voice && <MicButton />}
      {!inline && <HeaderButton part="close-button" icon="close" label={t.closeChat} onClick={model.close} />}
    </div>
  );
}

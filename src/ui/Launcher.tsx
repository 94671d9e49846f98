import type { Ref } from 'preact';
import { useStore } from '../state/store';
import { useModel } from './context';
import { Icon } from './icons';

export function Launcher({ buttonRef }: { buttonRef: Ref<HTMLButtonElement> }) {
  const model = useModel();
  const { open } = useStore(model.session);
  const t = model.t();
  return (
    <button
      ref={buttonRef}
      type="button"
      class="launcher"
      part="launcher"
      aria-label={open ? t.closeChat : t.openChat}
      aria-expanded={open}
      onClick={model.toggle}
    >
      <Icon name={open ? 'close' : 'chat'} />
    </button>
  );
}

import { useEffect, useRef } from 'preact/hooks';
import { textDirection } from '../i18n';
import { useStore } from '../state/store';
import { useModel } from './context';
import { Launcher } from './Launcher';
import { Panel } from './Panel';

export function App() {
  const model = useModel();
  const { open, locale } = useStore(model.session);
  const inline = model.options.container !== null;
  const launcher = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  // Closing the floating panel returns focus to the launcher.
  useEffect(() => {
    if (wasOpen.current && !open) launcher.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    // The chrome keeps the UI language's direction, whatever the page's (docs/protocol.md, "Direction").
    <div class={`root ${inline ? 'inline' : 'floating'}${open ? ' open' : ''}`} dir={textDirection(locale)}>
      {inline ? <Panel inline /> : open && <Panel inline={false} />}
      {!inline && <Launcher buttonRef={launcher} />}
    </div>
  );
}

import { useStore } from '../state/store';
import { useModel } from './context';
import { Panel } from './Panel';

/**
 * What Preact renders: the panel, inline always, floating while open or while `warm` (made in idle
 * time before its first opening, out of the document: widget.tsx). The `.root` frame and the
 * launcher around it are plain DOM made by `init` (widget.tsx, ui/launcher.ts).
 */
export function App({ warm }: { warm: boolean }) {
  const model = useModel();
  const { open } = useStore(model.session, 'open');
  const inline = model.options.container !== null;
  return inline || open || warm ? <Panel inline={inline} /> : null;
}

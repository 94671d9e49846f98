import { useStore } from '../state/store';
import { useModel, useT } from './context';

/** Three dots that breathe: something is on its way (here and in a reply's "Thinking…" line). */
export const Dots = () => (
  <span class="waiting-dots" aria-hidden="true">
    <span />
    <span />
    <span />
  </span>
);

/**
 * From the frame after the send's press (state/chat.ts) until the answer begins (its headers; the
 * reply's own status line goes on from there, ui/Message.tsx) (docs/protocol.md "Waiting"): the
 * visitor sees that the assistant is working, that the service is still being tried, or, after a
 * page load, that the answer is still being written. Not a live region itself: the widget's polite
 * region says it once (state/widget-model.ts), not at every retry.
 */
export function WaitingStatus() {
  const model = useModel();
  const { waiting } = useStore(model.chat.state);
  if (!waiting) return null;
  const t = useT();
  const text = waiting === 'retrying' ? t.stillTrying : waiting === 'resuming' ? t.stillWriting : t.thinking;
  return (
    <p class="status waiting" data-waiting={waiting}>
      <Dots />
      {text}
    </p>
  );
}

import { useStore } from '../state/store';
import { useModel } from './context';

/**
 * From the moment of sending until the reply's first event (docs/protocol.md "Waiting"): the
 * visitor sees that the assistant is working, that the service is still being tried, or, after a
 * page load, that the answer is still being written. Not a live region itself: the widget's polite
 * region says it once (state/widget-model.ts), not at every retry.
 */
export function WaitingStatus() {
  const model = useModel();
  const { waiting } = useStore(model.chat.state);
  if (!waiting) return null;
  const t = model.t();
  const text = waiting === 'retrying' ? t.stillTrying : waiting === 'resuming' ? t.stillWriting : t.thinking;
  return (
    <p class="status waiting" data-waiting={waiting}>
      <span class="waiting-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      {text}
    </p>
  );
}

import type { ChatMessage } from '../state/chat-types';
import { useStore } from '../state/store';
import { useModel, useT } from './context';
import { focusComposer } from './focus';

type Confirmation = NonNullable<ChatMessage['confirmation']>;

/** The service's plain-language question; nothing is sent until the visitor chooses. */
export function Confirmation({ confirmation }: { confirmation: Confirmation }) {
  const model = useModel();
  const { busy } = useStore(model.chat.state);
  const t = useT();
  const { id, prompt, status } = confirmation;
  const open = status === 'pending' || status === 'deciding';
  return (
    <div class="confirmation" part="confirmation" role="group" aria-label={prompt}>
      <p>{prompt}</p>
      {open ? (
        <div class="button-row">
          {/* parts confirm-button and cancel-button */}
          {(['confirm', 'cancel'] as const).map((decision) => (
            <button
              key={decision}
              type="button"
              class={decision === 'confirm' ? 'action-button primary' : 'action-button'}
              part={`${decision}-button`}
              disabled={status === 'deciding' || busy !== 'idle'}
              onClick={(e) => {
                // The buttons go away once the decision is sent: keep keyboard focus in the widget.
                focusComposer(e.currentTarget);
                void model.chat.decide(id, decision);
              }}
            >
              {t[decision]}
            </button>
          ))}
        </div>
      ) : (
        <p class="status">{t.confirmation[status]}</p>
      )}
    </div>
  );
}

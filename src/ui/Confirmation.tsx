import type { ChatMessage } from '../state/chat';
import { useStore } from '../state/store';
import { useModel } from './context';

type Confirmation = NonNullable<ChatMessage['confirmation']>;

/** The service's plain-language question; nothing is sent until the visitor chooses. */
export function Confirmation({ confirmation }: { message: ChatMessage; confirmation: Confirmation }) {
  const model = useModel();
  const { busy } = useStore(model.chat.state);
  const t = model.t();
  const { id, prompt, status } = confirmation;
  const open = status === 'pending' || status === 'deciding';
  return (
    <div class="confirmation" part="confirmation" role="group" aria-label={prompt}>
      <p>{prompt}</p>
      {open ? (
        <div class="notice-actions">
          <button
            type="button"
            class="action-button primary"
            part="confirm-button"
            disabled={status === 'deciding' || busy !== 'idle'}
            onClick={() => void model.chat.decide(id, 'confirm')}
          >
            {t.confirm}
          </button>
          <button
            type="button"
            class="action-button"
            part="cancel-button"
            disabled={status === 'deciding' || busy !== 'idle'}
            onClick={() => void model.chat.decide(id, 'cancel')}
          >
            {t.cancel}
          </button>
        </div>
      ) : (
        <p class="status">{t.confirmation[status]}</p>
      )}
    </div>
  );
}

import { starterSuggestions } from '../state/suggestions';
import { useStore } from '../state/store';
import { useModel } from './context';

/**
 * The starter questions under the welcome text while the conversation is empty. Pressing one sends
 * it as if typed. Hidden while the visitor types their own question, so a press never replaces it.
 */
export function Suggestions() {
  const model = useModel();
  const { messages, busy } = useStore(model.chat.state);
  const { config } = useStore(model.session);
  const draft = useStore(model.chat.draft);
  const list = starterSuggestions(config);
  if (!list.length || messages.length || busy != 'idle' || draft.trim()) return null;

  const press = (text: string, e: Event) => {
    // The buttons go away with the send: focus moves on to where the conversation continues.
    const input = ((e.currentTarget as Element).getRootNode() as ShadowRoot).querySelector<HTMLElement>('[part~="composer-input"]');
    void model.chat.send(text);
    input?.focus();
  };
  return (
    <div class="suggestions" role="group" aria-label={model.t().suggestionsLabel}>
      {list.map((text) => (
        // Clamped to two lines by CSS; the full text stays the accessible name, and the title shows it.
        <button key={text} type="button" class="suggestion" part="suggestion" title={text} onClick={(e) => press(text, e)}>
          {text}
        </button>
      ))}
    </div>
  );
}

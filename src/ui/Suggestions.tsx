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
  const list = starterSuggestions(useStore(model.session).config);
  const draft = useStore(model.chat.draft);
  return list.length && !messages.length && busy === 'idle' && !draft.trim() ? (
    <div class="suggestions" role="group" aria-label={model.t().suggestionsLabel}>
      {list.map((text) => (
        // Clamped to two lines by CSS; the full text stays the accessible name, and the title shows it.
        // The clamp is on an inner span: WebKit (Safari) ignores -webkit-line-clamp on a <button> itself.
        <button
          type="button"
          class="suggestion"
          part="suggestion"
          title={text}
          onClick={(e) => {
            void model.chat.send(text);
            // The button goes away with the send: focus moves on to the composer.
            (e.currentTarget.getRootNode() as ShadowRoot).querySelector('textarea')?.focus();
          }}
        >
          <span class="suggestion-text">{text}</span>
        </button>
      ))}
    </div>
  ) : null;
}

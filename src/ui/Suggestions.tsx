import { useRef } from 'preact/hooks';
import { starterSuggestions } from '../state/suggestions';
import { useStore } from '../state/store';
import { useModel, useT } from './context';
import { focusComposer } from './focus';

/**
 * The starter questions under the welcome text while the conversation is empty. Pressing one sends
 * it as if typed. Hidden while the visitor types their own question, so a press never replaces it.
 */
export function Suggestions() {
  const model = useModel();
  const { messages, busy } = useStore(model.chat.state);
  const list = starterSuggestions(useStore(model.session, 'config', 'locale').config);
  const t = useT();
  const draft = useStore(model.chat.draft);
  // The input that pressed the button: pointerdown says it in every engine (a click event's own
  // pointerType is missing in some); a key (Enter, Space) gives a click with no pointerdown, and
  // each click forgets it.
  const input = useRef('');
  return list.length && !messages.length && busy === 'idle' && !draft.trim() ? (
    <div class="suggestions" role="group" aria-label={t.suggestionsLabel}>
      {list.map((text) => (
        // Clamped to two lines by CSS; the full text stays the accessible name, and the title shows it.
        // The clamp is on an inner span: WebKit (Safari) ignores -webkit-line-clamp on a <button> itself.
        <button
          type="button"
          class="suggestion"
          part="suggestion"
          title={text}
          onPointerDown={(e) => void (input.current = e.pointerType)}
          onClick={(e) => {
            const el = e.currentTarget;
            // A finger or a stylus (focusing a text field would raise the on-screen keyboard); a press
            // with no pointer before it (a key, a screen reader) goes by the device's main pointer,
            // so a keyboard on a desktop goes on in the composer.
            const touch = input.current ? /touch|pen/.test(input.current) : matchMedia('(pointer: coarse)').matches;
            input.current = '';
            void model.chat.send(text);
            // The button goes away with the send. A keyboard or mouse user goes on in the composer; a
            // tap leaves focus on the panel: the keyboard would rise over the answer about to stream.
            if (touch) el.closest<HTMLElement>('.panel')?.focus();
            else focusComposer(el);
          }}
        >
          <span class="suggestion-text">{text}</span>
        </button>
      ))}
    </div>
  ) : null;
}

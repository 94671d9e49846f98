import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { useStore } from '../state/store';
import { useModel } from './context';
import { Icon } from './icons';
import { RecordingBar } from './RecordingBar';

export function Composer() {
  const model = useModel();
  const { busy } = useStore(model.chat.state);
  const { phase } = useStore(model.voice.state);
  const draft = useStore(model.chat.draft);
  const t = model.t();
  // While the microphone records, the mic button ends the recording: no stop button beside it.
  const recording = phase === 'recording';
  const streaming = busy === 'streaming' && !recording && phase !== 'starting';

  const submit = (e?: Event) => {
    e?.preventDefault();
    if (busy === 'idle') void model.chat.send(draft);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Enter sends, Shift+Enter breaks the line; an IME composing a word keeps its Enter.
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) submit(e);
  };
  const input = useRef<HTMLTextAreaElement>(null);
  // The page's `ask` put a question here: the caret goes after it (also when the panel just opened).
  const focusRequest = useStore(model.focusRequest);
  useEffect(() => {
    const el = input.current;
    if (!focusRequest || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [focusRequest]);
  // Grows with the text (up to the CSS max-height) and shrinks back when a send clears it.
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [draft]);

  return (
    <>
      {recording && <RecordingBar />}
      <form class="composer" part="composer" onSubmit={submit}>
        <textarea
          ref={input}
          part="composer-input"
          // What the visitor writes reads in its own direction (docs/protocol.md, "Direction").
          dir="auto"
          rows={1}
          value={draft}
          aria-label={t.composerLabel}
          placeholder={t.composerPlaceholder}
          onInput={(e) => model.chat.draft.set(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {streaming ? (
          <button
            type="button"
            class="stop-button"
            part="stop-button"
            aria-label={t.stop}
            title={t.stop}
            onClick={model.chat.stop}
          >
            <Icon name="stop" />
          </button>
        ) : (
          <button
            type="submit"
            class="send-button"
            part="send-button"
            aria-label={t.send}
            title={t.send}
            disabled={busy !== 'idle' || !draft.trim()}
          >
            <Icon name="send" />
          </button>
        )}
      </form>
    </>
  );
}

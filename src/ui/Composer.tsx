import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { useStore } from '../state/store';
import { useModel, useT } from './context';
import { Icon } from './icons';
import { useLimited } from './limit';
import { RecordingBar } from './RecordingBar';

export function Composer() {
  const model = useModel();
  const { busy } = useStore(model.chat.state);
  const { phase } = useStore(model.voice.state);
  const draft = useStore(model.chat.draft);
  // A limit that resets soon: Send (and Enter) wait for it; the draft stays (ui/limit.ts).
  const limited = useLimited();
  const t = useT();
  // While the microphone records, the mic button ends the recording: no stop button beside it.
  const recording = phase === 'recording';
  const streaming = busy === 'streaming' && !recording && phase !== 'starting';

  // No <form>: in an iframe sandboxed without `allow-forms` a form submission is blocked before
  // any submit event, so Send is a plain button with its own click handler (docs/protocol.md, "DOM").
  const submit = (e?: Event) => {
    e?.preventDefault();
    if (busy === 'idle' && !limited) void model.chat.send(draft);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Enter sends, Shift+Enter breaks the line; an IME composing a word keeps its Enter (WebKit
    // reports the Enter that ends a composition as keyCode 229 with isComposing already false).
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229) submit(e);
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
  // Grows with the text (up to the CSS max-height) and shrinks back when a send clears it. Empty,
  // it is its one row: no measuring, which would lay the panel out inside the press that sends.
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = draft ? 'auto' : '';
    if (!draft) return;
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [draft]);

  return (
    <>
      {recording && <RecordingBar />}
      <div class="composer" part="composer">
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
            type="button"
            class="send-button"
            part="send-button"
            aria-label={t.send}
            title={t.send}
            disabled={busy !== 'idle' || !draft.trim() || limited}
            onClick={submit}
          >
            <Icon name="send" />
          </button>
        )}
      </div>
    </>
  );
}

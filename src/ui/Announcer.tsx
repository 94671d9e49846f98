import { useLayoutEffect, useRef } from 'preact/hooks';
import { loadMarkdown, markdownEngine } from '../markdown/engine';
import type { Heard } from '../state/announce';
import { useModel } from './context';
import { politeness, words, type Politeness } from './announce';

/**
 * The widget's one announcer (docs/accessibility.md): a polite and an assertive live region, in
 * the panel whatever its view, there before anything is said (a region that appears with its text
 * is not announced by every screen reader). What the model tells of in one task is said together,
 * in order, once: a cut reply's note and its notice are one announcement. The words are chosen as
 * it is said, in the UI language of that moment; the regions' text is set here, not rendered, so
 * nothing re-renders them (a re-render in another language would say it again).
 */
export function Announcer() {
  const model = useModel();
  const polite = useRef<HTMLDivElement>(null);
  const assertive = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    let queue: Heard[] = [];
    let said = Promise.resolve();
    let gone = false;
    const speak = async (batch: Heard[]) => {
      // A finished reply is read from its rendered form: the markdown engine, loaded by then.
      const engine = markdownEngine() ?? (await loadMarkdown());
      const locale = model.session.get().locale;
      const texts: Record<Politeness, string[]> = { polite: [], assertive: [] };
      for (const h of batch) texts[politeness(h)].push(words(h, locale, engine));
      for (const [region, text] of [
        [assertive.current, texts.assertive.join(' ')],
        [polite.current, texts.polite.join(' ')],
      ] as const) {
        // The same words twice in a row would not be heard again: alternate a trailing no-break space.
        if (!gone && region && text) region.textContent = region.textContent === text ? `${text}\xa0` : text;
      }
    };
    const off = model.heard.subscribe((heard) => {
      if (!queue.length)
        queueMicrotask(() => {
          const batch = queue;
          queue = [];
          said = said.then(() => speak(batch)).catch(() => undefined);
        });
      queue.push(...heard);
    });
    return () => {
      gone = true;
      off();
    };
  }, []);

  return (
    <>
      <div ref={polite} class="sr-only" aria-live="polite" aria-atomic="true" />
      <div ref={assertive} class="sr-only" aria-live="assertive" aria-atomic="true" />
    </>
  );
}

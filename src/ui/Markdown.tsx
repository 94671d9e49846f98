import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { createStreamingRenderer } from '../markdown/stream';
import type { StreamingRenderer } from '../markdown/renderer';
import type { Store } from '../state/store';
import { useModel } from './context';
import { addAnswerActions } from './answer-actions';

/**
 * Model output, rendered sanitized into a node Preact does not manage. While `live` is given the
 * text streams in (at most one render a frame, finished blocks kept); then the final text lands.
 * `whole`: read when the answer's buttons come; an incomplete answer gets no "Copy answer".
 */
export function Markdown({ text, live, whole }: { text: string; live?: Store<string>; whole?: () => boolean }) {
  const model = useModel();
  const el = useRef<HTMLDivElement>(null);
  const streaming = useRef<StreamingRenderer | null>(null);

  useLayoutEffect(() => {
    if (!live || !el.current) return;
    const renderer = (streaming.current ??= createStreamingRenderer(el.current));
    renderer.update(live.get());
    return live.subscribe((value) => renderer.update(value));
  }, [live]);

  useLayoutEffect(() => {
    const target = el.current;
    if (live || !target) return;
    // A long reply (stored or streamed) may finish over a few frames, so no task holds the page;
    // the answer's buttons (copy, tables) come once it is all there.
    const renderer = streaming.current ?? createStreamingRenderer(target);
    streaming.current = null;
    let undo: (() => void) | undefined;
    renderer.finish(text, () => (undo = addAnswerActions(target, model, whole?.() ?? true)));
    return () => {
      renderer.destroy();
      undo?.();
    };
  }, [text, live]);

  useEffect(() => () => streaming.current?.destroy(), []);

  return <div class="md" ref={el} />;
}

/**
 * BENCHMARK ONLY — never imported by src/. The naive baseline for `npm run bench`: the same API
 * as src/markdown/stream.ts, but every `update` re-parses and re-sanitizes the WHOLE reply
 * synchronously (no animation-frame coalescing, no frozen blocks, no tail settling). bench/stream.mjs
 * swaps it in for src/markdown/stream.ts when it builds bench/.out/widget-naive.js.
 */
import { renderMarkdown } from '../src/markdown/render';
import type { StreamingRenderer, StreamStats } from '../src/markdown/renderer';

export type { StreamingRenderer, StreamStats };

export function createStreamingRenderer(target: HTMLElement): StreamingRenderer {
  const stats: StreamStats = { frames: 0, parsedChars: 0, lastParsedChars: 0 };
  let done = false;
  const render = (text: string): void => {
    stats.frames++;
    stats.parsedChars += text.length;
    stats.lastParsedChars = text.length;
    target.replaceChildren(renderMarkdown(text));
  };
  return {
    stats,
    update(fullText) {
      if (!done) render(fullText);
    },
    finish(fullText) {
      if (done) return;
      done = true;
      render(fullText);
    },
    destroy() {
      done = true;
    },
  };
}

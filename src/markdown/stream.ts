/**
 * Renders a reply while it streams in, without re-rendering the whole message per chunk.
 *
 * The text is split into a frozen prefix of complete top-level blocks, rendered once and never
 * touched again (so text selection and scroll anchoring survive), and the unfinished tail,
 * re-rendered into one container at most once per animation frame. Only the tail is lexed per
 * frame, so the work per frame is bounded by the size of the block being written, not by the
 * length of the message.
 */
import { settleTail } from './partial';
import { lexMarkdown, renderMarkdown } from './render';
import type { Token } from 'marked';

/** Work counters, for tests and benchmarks. */
export interface StreamStats {
  /** frames rendered (each coalesces any number of `update` calls) */
  frames: number;
  /** characters lexed so far, summed over frames (the tail and its settled copy) */
  parsedChars: number;
  /** characters lexed by the last frame */
  lastParsedChars: number;
}

export interface StreamingRenderer {
  /** Schedules a render of the reply so far; cheap to call for every network chunk. */
  update(fullText: string): void;
  /** Renders the final text exactly as `renderMarkdown(fullText)` would, synchronously. */
  finish(fullText: string): void;
  /** Cancels any pending frame; the DOM is left as it is. */
  destroy(): void;
  readonly stats: Readonly<StreamStats>;
}

/** `[label]: url` at the start of a line: a definition that may change blocks before it. */
const LINK_DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/**
 * The lexer reads `\r\n` and `\r` as `\n`; working on that form keeps token lengths and the
 * text in step (and renders the same).
 */
const normalize = (s: string): string => s.replace(/\r\n?/g, '\n');

/**
 * How many leading tokens are complete. A block is complete once another block has started
 * after it; if that next block's first line is still being written (a lone `3` after a list may
 * yet become `3. item` and join it), the boundary is not trusted until the line ends.
 */
function completeCount(tokens: Token[]): number {
  let prev = 0;
  let last = 0;
  tokens.forEach((t, i) => {
    if (t.type != 'space') (prev = last), (last = i);
  });
  return tokens[last]?.raw.includes('\n') ? last : prev;
}

/**
 * Creates a streaming renderer that owns `target`'s children. Call `update` with the whole reply
 * text so far (append-only), then `finish` with the final text.
 */
export function createStreamingRenderer(target: HTMLElement): StreamingRenderer {
  const tail = target.ownerDocument.createElement('div');
  // Lets the widget's styles treat the live tail like the rest of the message (display: contents).
  tail.setAttribute('data-md-tail', '');
  target.replaceChildren(tail);

  const stats: StreamStats = { frames: 0, parsedChars: 0, lastParsedChars: 0 };
  let frozen = ''; // normalized text of the frozen blocks
  let pending = '';
  let frame = 0; // requestAnimationFrame ids are never 0
  let done = false;

  function render(): void {
    frame = 0;
    const text = normalize(pending);
    // Append-only is the contract; anything else (a reused target) starts over.
    if (!text.startsWith(frozen)) {
      frozen = '';
      target.replaceChildren(tail);
    }
    let rest = text.slice(frozen.length);
    const lexed = rest.length;
    // Freeze the complete blocks at the start of the rest; only the remainder is shown settled.
    const tokens = lexMarkdown(rest);
    const complete = tokens.slice(0, completeCount(tokens));
    const raw = complete.map((t) => t.raw).join('');
    // Token raws normally add up to the source; if not, freezing could drop or repeat text.
    if (raw && rest.startsWith(raw)) {
      target.insertBefore(renderMarkdown(complete), tail);
      frozen += raw;
      rest = rest.slice(raw.length);
    }
    rest = settleTail(rest);
    stats.frames++;
    stats.parsedChars += stats.lastParsedChars = lexed + rest.length;
    tail.replaceChildren(renderMarkdown(rest));
  }

  function destroy(): void {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    done = true;
  }

  return {
    stats,
    update(fullText) {
      if (done) return;
      pending = fullText;
      frame ||= requestAnimationFrame(render);
    },
    finish(fullText) {
      if (done) return;
      destroy();
      const text = normalize(fullText);
      // The frozen blocks are what a whole-text render gives, except when a reference-style link
      // definition changes earlier blocks: only then is the whole reply rendered again. Otherwise
      // the last task of a long reply stays as small as any frame (bench/stream.mjs).
      if (text.startsWith(frozen) && !LINK_DEFINITION.test(text)) tail.replaceWith(renderMarkdown(text.slice(frozen.length)));
      else target.replaceChildren(renderMarkdown(text));
    },
    destroy,
  };
}

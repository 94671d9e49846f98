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
import { lexMarkdown, renderMarkdown, renderTokens } from './render';
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

/** The lexer turns `\r\n` and `\r` into `\n`; token lengths are counted in that form. */
const normalize = (s: string): string => s.replace(/\r\n?/g, '\n');

/** Length in `original` of its first `normLen` characters once normalized. */
function originalLength(original: string, normLen: number): number {
  let i = 0;
  for (let n = 0; n < normLen; n++) i += original[i] === '\r' && original[i + 1] === '\n' ? 2 : 1;
  return i;
}

/**
 * How many leading tokens are complete. A block is complete once another block has started
 * after it; if that next block's first line is still being written (a lone `3` after a list may
 * yet become `3. item` and join it), the boundary is not trusted until the line ends.
 */
function completeCount(tokens: Token[]): number {
  const blocks: number[] = [];
  tokens.forEach((t, i) => { if (t.type !== 'space') blocks.push(i); });
  const lastIdx = blocks[blocks.length - 1];
  if (lastIdx === undefined) return 0;
  if ((tokens[lastIdx] as Token).raw.includes('\n')) return lastIdx;
  return blocks[blocks.length - 2] ?? 0;
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
  let frozenText = ''; // original (unnormalized) text of the frozen blocks
  let pending: string | null = null;
  let frame: number | null = null;
  let done = false;

  const lex = (src: string): Token[] => {
    stats.lastParsedChars += src.length;
    stats.parsedChars += src.length;
    return lexMarkdown(src);
  };

  /** Freezes the complete blocks at the start of `rest`; returns the unfinished remainder. */
  function freeze(rest: string): string {
    const norm = normalize(rest);
    const tokens = lex(norm);
    const count = completeCount(tokens);
    if (count === 0) return norm;
    const complete = tokens.slice(0, count);
    const raw = complete.map((t) => t.raw).join('');
    // Token raws normally add up to the source; if not, freezing could drop or repeat text.
    if (!norm.startsWith(raw)) return norm;
    target.insertBefore(renderTokens(complete), tail);
    frozenText += rest.slice(0, originalLength(rest, raw.length));
    return norm.slice(raw.length);
  }

  function reset(): void {
    frozenText = '';
    target.replaceChildren(tail);
  }

  function render(): void {
    frame = null;
    if (pending === null || done) return;
    const text = pending;
    pending = null;
    stats.frames++;
    stats.lastParsedChars = 0;
    // Append-only is the contract; anything else (a reused target) starts over.
    if (!text.startsWith(frozenText)) reset();
    const shown = settleTail(freeze(text.slice(frozenText.length)));
    stats.lastParsedChars += shown.length;
    stats.parsedChars += shown.length;
    tail.replaceChildren(renderMarkdown(shown));
  }

  function cancel(): void {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    pending = null;
  }

  return {
    stats,
    update(fullText) {
      if (done) return;
      pending = fullText;
      frame ??= requestAnimationFrame(render);
    },
    finish(fullText) {
      if (done) return;
      cancel();
      done = true;
      // The frozen blocks are what a whole-text render gives, except when a reference-style link
      // definition changes earlier blocks: only then is the whole reply rendered again. Otherwise
      // the last task of a long reply stays as small as any frame (bench/stream.mjs).
      if (frozenText !== '' && fullText.startsWith(frozenText) && !LINK_DEFINITION.test(fullText)) {
        tail.replaceWith(renderMarkdown(fullText.slice(frozenText.length)));
        return;
      }
      target.replaceChildren(renderMarkdown(fullText));
    },
    destroy() {
      cancel();
      done = true;
    },
  };
}

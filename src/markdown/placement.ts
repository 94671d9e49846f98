// Block placement for the streaming renderer (./stream.ts, which decides when a window of work
// runs): which blocks of the reply are complete and frozen, where each rendered block goes, and
// how a block longer than a window is cut into pieces that go on in the same table or code block.
import type { Token } from 'marked';

import { markdownEngine } from './engine';
import { normalizeLineEnds } from './line-ends';
import { settleTail } from './partial';
import { type Carry, completeCount, cutPoint, FENCE_CLOSED, piece } from './pieces';
import type { StreamStats } from './renderer';
import { foldRows, foldTables } from './table';

// The engine is loaded by the scheduler's first run (./engine.ts); these are only called after that.
const lexMarkdown = (src: string): Token[] => markdownEngine()!.lexMarkdown(src);
const renderMarkdown = (src: string | Token[]): DocumentFragment => markdownEngine()!.renderMarkdown(src);

/** `[label]: url` at the start of a line: a definition that may change blocks before it. */
const LINK_DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/** The blocks of one reply in `target`: the frozen ones, a carried long block, and the live tail. */
export class Placement {
  readonly stats: StreamStats = { frames: 0, parsedChars: 0, lastParsedChars: 0 };
  /** The message element: its children are this placement's. */
  readonly #target: HTMLElement;
  /** The live tail: re-rendered as a whole each frame, before the frozen blocks are final. */
  readonly #tail: HTMLElement;
  /**
   * Normalized text of the frozen blocks (pieces included): always a slice of `#current`, so that
   * no step of a long reply copies (and the collector then sweeps) the whole text again.
   */
  #frozen = '';
  /** The text last given, normalized, and that text as given (to normalize each text once). */
  #current = '';
  #given: string | undefined;
  /** The long block whose next piece continues it, if any. */
  #carry: Carry | null = null;
  /** A block was cut: the whole-text re-render of a final render would be unbounded. */
  #pieces = false;

  constructor(target: HTMLElement) {
    this.#target = target;
    this.#tail = target.ownerDocument.createElement('div');
    // Lets the widget's styles treat the live tail like the rest of the message (display: contents).
    this.#tail.setAttribute('data-md-tail', '');
    target.replaceChildren(this.#tail);
  }

  #reset(): void {
    this.#frozen = '';
    this.#carry = null;
    this.#pieces = false;
    this.#target.replaceChildren(this.#tail);
  }

  #normalized(text: string): string {
    if (text !== this.#given) this.#current = normalizeLineEnds((this.#given = text));
    return this.#current;
  }

  /**
   * Before the final render of `text`: how many characters are left to render. The frozen blocks
   * are what a whole-text render gives, except when a reference-style link definition changes
   * earlier blocks: only then is the whole reply rendered again (when it is short enough, `window`
   * characters, to render at once). Otherwise the last task of a long reply stays as small as any
   * frame (bench/stream.mjs).
   */
  startFinal(text: string, window: number): number {
    const all = this.#normalized(text);
    const frozen = this.#frozen;
    const left = all.length - (all.startsWith(frozen) ? frozen.length : 0);
    const changed = !all.startsWith(frozen) || (frozen && LINK_DEFINITION.test(all));
    if (!this.#pieces && all.length <= window && changed) this.#reset();
    return left;
  }

  /** Puts rendered tokens in place: a carried block's continuation into that block, the rest before the tail. */
  #place(tokens: Token[], live: boolean): void {
    const carry = this.#carry;
    const tail = this.#tail;
    let rest = tokens;
    if (carry && tokens[0]) {
      const first = tokens[0];
      rest = tokens.slice(1);
      if (carry.kind === 'table') {
        const rows = first.type === 'table' ? Array.from(renderMarkdown([first]).querySelectorAll('tbody > tr')) : [];
        foldRows(rows as HTMLTableRowElement[], carry.into.childElementCount);
        if (live) carry.live.replaceChildren(...rows);
        else {
          carry.into.append(...rows);
          carry.live.replaceChildren();
        }
      } else {
        const text = first.type === 'code' ? String(first.text).replace(/\n$/, '') + '\n' : '';
        if (live) carry.live.data = text;
        else {
          // Each piece in a block of its own (styles/chat.css): adding one lays out that piece
          // only, not the whole code again.
          carry.into.insertBefore(piece(text), carry.live.parentNode);
          carry.live.data = '';
        }
      }
      if (first.type !== 'table' && first.type !== 'code') rest = tokens; // not a continuation after all
    }
    if (live) tail.replaceChildren(foldTables(renderMarkdown(rest)));
    else this.#target.insertBefore(foldTables(renderMarkdown(rest)), tail);
  }

  /** Ends the carried block once its continuation is complete. */
  #endCarry(): void {
    const carry = this.#carry;
    if (carry?.kind === 'table') carry.live.remove();
    if (carry?.kind === 'fence') (carry.live.parentNode as Element | null)?.remove();
    this.#carry = null;
  }

  /** Freezes the first `cut` characters of `src` (its carried prefix included) as a piece of a longer block. */
  #freezePiece(src: string, cut: number): void {
    const target = this.#target;
    const tail = this.#tail;
    const carry = this.#carry;
    const doc = target.ownerDocument;
    const prefix = carry?.prefix ?? '';
    const tokens = lexMarkdown(src.slice(0, cut));
    this.stats.parsedChars += cut;
    if (carry) {
      this.#place(tokens, false);
    } else {
      const frag = foldTables(renderMarkdown(tokens));
      const last = frag.lastElementChild;
      const block = [...tokens].reverse().find((t) => t.type !== 'space');
      target.insertBefore(frag, tail);
      // The block that goes on in the next piece: tables and fenced code continue in place.
      if (block?.type === 'table' && last?.querySelector('table')) {
        const table = last.querySelector('table') as HTMLTableElement;
        const into = table.tBodies[0] ?? table.appendChild(doc.createElement('tbody'));
        const [header, separator] = block.raw.split('\n');
        const live = table.appendChild(doc.createElement('tbody'));
        this.#carry = { kind: 'table', prefix: `${header}\n${separator}\n`, into, live };
      } else if (
        block?.type === 'code' &&
        /^ {0,3}(`{3,}|~{3,})/.test(block.raw) &&
        !FENCE_CLOSED.test(block.raw.trimEnd() + '\n')
      ) {
        const code = last?.querySelector('code');
        if (code) {
          const live = doc.createTextNode('');
          const end = piece('');
          end.append(live);
          code.replaceChildren(piece(Array.from(code.childNodes)), end);
          this.#carry = { kind: 'fence', prefix: `${block.raw.split('\n')[0]}\n`, into: code, live };
        }
      }
    }
    this.#frozen = this.#current.slice(0, this.#frozen.length + cut - prefix.length);
    this.#pieces = true;
  }

  /**
   * One window of work on `given` (the whole reply so far, append-only): lexes at most `size`
   * characters after the frozen blocks (and the carried prefix). Returns true if more text waits
   * (the window was full), false once the whole text so far is on screen; `final` renders the
   * last block too and ends the tail.
   */
  step(given: string, size: number, final: boolean): boolean {
    const { stats } = this;
    const text = this.#normalized(given);
    // Append-only is the contract; anything else (a reused target) starts over.
    if (!text.startsWith(this.#frozen)) this.#reset();
    const rest = text.slice(this.#frozen.length);
    const prefix = this.#carry?.prefix ?? '';
    const full = rest.length > size;
    const src = prefix + (full ? rest.slice(0, size) : rest);
    stats.frames++;
    // Freeze the complete blocks at the start of the rest; only the remainder is shown settled.
    const tokens = lexMarkdown(src);
    let lexed = src.length;
    const count = final && !full ? tokens.length : completeCount(tokens);
    const complete = tokens.slice(0, count);
    const raw = complete.map((t) => t.raw).join('');
    // Token raws normally add up to the source; if not, freezing could drop or repeat text.
    const frees = raw.length > prefix.length && src.startsWith(raw);
    if (frees) {
      this.#place(complete, false);
      if (this.#carry) this.#endCarry();
      this.#frozen = text.slice(0, this.#frozen.length + raw.length - prefix.length);
    }
    if (full) {
      // A window full of one unfinished block: freeze a piece of it.
      if (!frees) this.#freezePiece(src, cutPoint(src, prefix.length, size));
      stats.parsedChars += stats.lastParsedChars = lexed;
      return true;
    }
    if (final) {
      if (!frees) this.#place(tokens, false);
      this.#endCarry();
      this.#tail.remove();
      stats.parsedChars += stats.lastParsedChars = lexed;
      return false;
    }
    const now = this.#carry?.prefix ?? '';
    const settled = settleTail(now + text.slice(this.#frozen.length));
    lexed += settled.length;
    stats.parsedChars += stats.lastParsedChars = lexed;
    this.#place(lexMarkdown(settled), true);
    return false;
  }
}

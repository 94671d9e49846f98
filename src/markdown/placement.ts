// Block placement for the streaming renderer (./stream.ts, which decides when a window of work
// runs): which blocks of the reply are complete and frozen, where each rendered block goes, and
// how a block longer than a window is cut into pieces that go on in the same table or code block.
import type { Links, Token, Tokens } from 'marked';

import { continueCarry, endCarry, startCarry } from './carry';
import { FrozenBlocks } from './chunks';
import { DefinitionScan } from './definitions';
import { markdownEngine } from './engine';
import { normalizeLineEnds } from './line-ends';
import { settleTail } from './partial';
import {
  type Carry,
  completeCount,
  continueList,
  cutPoint,
  lineEnd,
  linesOver,
  openCut,
  TAIL_LINES,
  wholeLines,
  wholeRow,
} from './pieces';
import type { StreamStats } from './renderer';
import { foldRows, foldTables } from './table';

// The engine is loaded by the scheduler's first run (./engine.ts); these are only called after that.
const renderMarkdown = (src: string | Token[]): DocumentFragment => markdownEngine()!.renderMarkdown(src);
const noLinks = (): Links => Object.create(null) as Links;

/** The blocks of one reply in `target`: the frozen ones, a carried long block, and the live tail. */
export class Placement {
  readonly stats: StreamStats = { frames: 0, parsedChars: 0, lastParsedChars: 0 };
  /**
   * Elements rendered so far (frozen and live): each is laid out once it lands, a cost that comes
   * after the step; the scheduler (./stream.ts) sizes windows and frames by it.
   */
  elements = 0;
  /** Characters the last step took from the reply (its window, or the tail). */
  lastChars = 0;
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
  /** Where frozen blocks go (./chunks.ts). */
  readonly #blocks: FrozenBlocks;
  /** The reply's reference definitions (./definitions.ts) for every window's lexer; `#stale`: one came too late. */
  readonly #scan = new DefinitionScan();
  #links = noLinks();
  #stale = false;

  constructor(target: HTMLElement) {
    this.#target = target;
    this.#tail = target.ownerDocument.createElement('div');
    // Lets the widget's styles treat the live tail like the rest of the message (display: contents).
    this.#tail.setAttribute('data-md-tail', '');
    target.replaceChildren(this.#tail);
    this.#blocks = new FrozenBlocks(target, this.#tail);
  }

  #reset(): void {
    this.#frozen = '';
    this.#carry = null;
    this.#pieces = false;
    this.#target.replaceChildren(this.#tail);
    this.#blocks.reset();
  }

  #normalized(text: string): string {
    if (text !== this.#given) this.#current = normalizeLineEnds((this.#given = text));
    return this.#current;
  }

  /** Reads the definitions of `text` not read before (the text so far, or `final`ly all of it). */
  #define(text: string, final: boolean): void {
    const { lines, restarted } = this.#scan.scan(text, final);
    if (restarted) this.#links = noLinks();
    const known = Object.keys(this.#links).length;
    if (lines) markdownEngine()!.linkDefinitions(lines, this.#links);
    if (this.#frozen && Object.keys(this.#links).length > known) this.#stale = true;
  }

  #lex = (src: string): Token[] => markdownEngine()!.lexMarkdown(src, this.#links);

  /**
   * Before the final render of `text` (its definitions all read first): how many characters are left
   * to render. The frozen blocks are what a whole-text render gives, unless a definition came after
   * blocks frozen without it: only then is the whole reply rendered again (over frames if longer
   * than `window`). Otherwise the last task of a long reply is as small as any frame (bench/stream.mjs).
   */
  startFinal(text: string, window: number): number {
    const all = this.#normalized(text);
    this.#define(all, true);
    if (this.#stale || (!this.#pieces && all.length <= window && !all.startsWith(this.#frozen))) this.#reset();
    this.#stale = false;
    return all.length - (all.startsWith(this.#frozen) ? this.#frozen.length : 0);
  }

  /** Puts rendered tokens in place: a carried block's continuation into that block, the rest before the tail. */
  #place(tokens: Token[], live: boolean): void {
    const carry = this.#carry;
    const tail = this.#tail;
    let rest = tokens;
    if (carry && carry.kind !== 'list' && tokens[0]) {
      const rows = (token: Token, body: HTMLTableSectionElement): Element[] =>
        Array.from(this.#render([token], live, body).querySelectorAll('tbody > tr'));
      // Not a continuation after all: rendered as blocks of their own.
      if (continueCarry(carry, tokens[0], live, rows)) rest = tokens.slice(1);
    }
    if (live) tail.replaceChildren(this.#render(rest, live));
    else this.#blocks.add(this.#render(rest, live));
  }

  /**
   * Rendered tokens, tables folded (`body`: a carried table's rows so far), a carried list's
   * continuation numbered on; the elements that will be laid out are counted (not folded rows).
   */
  #render(tokens: Token[], live: boolean, body?: HTMLTableSectionElement): DocumentFragment {
    const frag = renderMarkdown(tokens);
    if (!body) foldTables(frag);
    else foldRows(frag.querySelectorAll<HTMLTableRowElement>('tbody > tr'), body);
    const carry = this.#carry;
    if (carry?.kind === 'list') {
      const items = continueList(frag, tokens[0], carry);
      if (!live) carry.next += items;
    }
    this.elements += frag.querySelectorAll('*').length - frag.querySelectorAll('tr[hidden], tr[hidden] *').length;
    return frag;
  }

  /** Ends the carried block once its continuation is complete. */
  #endCarry(): void {
    endCarry(this.#carry);
    this.#carry = null;
  }

  /**
   * Freezes the first `cut` characters of `src` (its carried prefix included) as a piece of a
   * longer block; `lexed`: their tokens, when the step has them already.
   */
  #freezePiece(src: string, cut: number, lexed?: Token[]): void {
    const carry = this.#carry;
    const prefix = carry?.prefix ?? '';
    const tokens = lexed ?? this.#lex(src.slice(0, cut));
    if (!lexed) this.stats.parsedChars += cut;
    if (carry && carry.kind !== 'list') {
      this.#place(tokens, false);
    } else {
      const frag = this.#render(tokens, false);
      const last = frag.lastElementChild;
      const block = [...tokens].reverse().find((t) => t.type !== 'space');
      this.#blocks.add(frag);
      this.#carry = startCarry(block, last, this.#target.ownerDocument);
    }
    this.#frozen = this.#current.slice(0, this.#frozen.length + cut - prefix.length);
    this.#pieces = true;
  }

  /** Freezes a full window `src` of one unfinished block as a piece: a list up to its last item. */
  #freezeWindow(src: string, tokens: Token[]): void {
    let at = tokens.length - 1;
    while (tokens[at]?.type === 'space') at--;
    const open = tokens[at];
    const cut = open?.type === 'list' ? openCut(src, this.#carry?.prefix.length ?? 0, open) : -1;
    if (cut < 0) return this.#freezePiece(src, src.length, tokens);
    const items = (open as Tokens.List).items.slice(0, -1);
    this.#freezePiece(src, cut, [...tokens.slice(0, at), { ...open, items } as Tokens.List]);
  }

  /**
   * While a list or table is written, its lines past `TAIL_LINES` would be rendered again with
   * every frame: its complete lines are frozen as a piece instead (`open`: the unfinished tokens).
   */
  #freezeOpen(text: string, open: Token[]): void {
    const block = open.find((t) => t.type !== 'space');
    if ((block?.type !== 'list' && block?.type !== 'table') || !linesOver(block.raw, TAIL_LINES)) return;
    const prefix = this.#carry?.prefix ?? '';
    const src = prefix + text.slice(this.#frozen.length);
    const cut = openCut(src, prefix.length, block);
    if (cut > 0) this.#freezePiece(src, cut);
  }

  /**
   * One window of work on `given` (the whole reply so far, append-only): lexes at most `size`
   * characters after the frozen blocks (and the carried prefix). Returns true if more text waits
   * (the window was full), false once the whole text so far is on screen; `final` renders the
   * last block too and ends the tail. `lines`: the window ends after that many lines at most.
   */
  step(given: string, size: number, final: boolean, lines = Infinity): boolean {
    const { stats } = this;
    const text = this.#normalized(given);
    // Append-only is the contract; anything else (a reused target) starts over.
    if (!text.startsWith(this.#frozen)) this.#reset();
    this.#define(text, final);
    const rest = text.slice(this.#frozen.length);
    const prefix = this.#carry?.prefix ?? '';
    size = wholeLines(rest, lineEnd(rest, size, lines));
    if (this.#carry?.kind === 'table') size = wholeRow(rest, size);
    const full = rest.length > size;
    // A full window ends at a line end (or a space): lexed once, its blocks or a piece frozen.
    const src = prefix + (full ? rest.slice(0, cutPoint(rest, 0, size)) : rest);
    this.lastChars = src.length - prefix.length;
    stats.frames++;
    // Freeze the complete blocks at the start of the rest; only the remainder is shown settled.
    const tokens = this.#lex(src);
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
      // A window full of one unfinished block: freeze a piece of it (a list without its last item).
      if (!frees) this.#freezeWindow(src, tokens);
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
    this.#freezeOpen(text, tokens.slice(count));
    const now = this.#carry?.prefix ?? '';
    const settled = settleTail(now + text.slice(this.#frozen.length));
    lexed += settled.length;
    stats.parsedChars += stats.lastParsedChars = lexed;
    this.#place(this.#lex(settled), true);
    return false;
  }
}

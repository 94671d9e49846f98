/**
 * Renders a reply while it streams in, without re-rendering the whole message per chunk; also
 * renders long stored replies in slices, so no task holds the host page (issue 10).
 *
 * The text is split into a frozen prefix of complete top-level blocks, rendered once and never
 * touched again (so text selection and scroll anchoring survive), and the unfinished tail,
 * re-rendered into one container at most once per animation frame. Only the tail is lexed per
 * frame, so the work per frame is bounded by the size of the block being written, not by the
 * length of the message.
 *
 * Bounded whatever the text: at most `WINDOW` characters are lexed at a time. A block longer than
 * that is frozen in pieces cut at a line end (or a space, or anywhere in a line longer than the
 * window): a table goes on in the same table (its header and separator rows are lexed again with
 * each piece, the rows land in the same `<tbody>`), a fenced code block in the same `<code>`;
 * any other block continues as a block of its own (a paragraph as a new paragraph, a list as a
 * new list). Text arriving faster than that is worked through in several windows per frame,
 * within the page's task budget (./budget.ts), and so is a long stored reply given to `finish`.
 * A window shrinks (to `MIN_WINDOW`) while windows take longer than that budget: a window of a
 * table builds hundreds of elements, and a loaded machine is slower.
 */
import { bidiNodes } from './bidi';
import { TASK_BUDGET_MS, withinTaskBudget } from './budget';
import { settleTail } from './partial';
import { loadMarkdown, markdownEngine } from './engine';
import type { Token } from 'marked';

// The engine is loaded by the first `run` (./engine.ts); these are only called after that.
const lexMarkdown = (src: string): Token[] => markdownEngine()!.lexMarkdown(src);
const renderMarkdown = (src: string | Token[]): DocumentFragment => markdownEngine()!.renderMarkdown(src);

/** Characters lexed at a time at most (about 10 ms of the slowest markdown in Chromium). */
export const WINDOW = 8_192;
/**
 * The fewest characters a window shrinks to: half a full one. Smaller, a window of hostile inline
 * text would fall under the inline cap (./render.ts) and be parsed as markdown, slowly, rather
 * than shown as its text.
 */
export const MIN_WINDOW = 4_096;

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
  /**
   * Renders the final text; `onDone` is called once it is all on screen. A reply up to `WINDOW`
   * characters renders synchronously (as `renderMarkdown(fullText)` would) unless the task's
   * budget is spent or the markdown engine is not loaded yet (./engine.ts: the first reply of a
   * page waits for it); a longer one is rendered over the next frames.
   */
  finish(fullText: string, onDone?: () => void): void;
  /** Cancels any pending frame; the DOM is left as it is. */
  destroy(): void;
  readonly stats: Readonly<StreamStats>;
}

/**
 * Rows of a table shown at first; the rest are built `hidden` (not laid out: Chromium lays out a
 * table again as a whole whenever rows are added, so thousands of visible rows cost a long task
 * per frame). They stay in the DOM for copy, CSV, sorting and the chart; the finished reply gets
 * a "Show all N rows" button (ui/answer-actions.ts).
 */
export const SHOWN_ROWS = 200;

/** Hides the rows that come after the first `SHOWN_ROWS`, `before` rows being in the table already. */
function foldRows(rows: Iterable<HTMLTableRowElement>, before = 0): void {
  let i = before;
  for (const row of rows) if (i++ >= SHOWN_ROWS) row.hidden = true;
}

/** Folds every table of freshly rendered (sanitized) markdown. */
function foldTables(root: DocumentFragment): DocumentFragment {
  for (const body of root.querySelectorAll('tbody')) foldRows(Array.from(body.children) as HTMLTableRowElement[]);
  return root;
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

/** A block cut into pieces: its continuation is lexed after `prefix` and lands in `into`. */
type Carry =
  | { kind: 'table'; prefix: string; into: HTMLTableSectionElement; live: HTMLTableSectionElement }
  | { kind: 'fence'; prefix: string; into: HTMLElement; live: Text };

const FENCE_CLOSED = /\n {0,3}(`{3,}|~{3,})[ \t]*\n*$/;

/**
 * A piece of a long code block: a block of its own, so appending one lays out that piece only.
 * Its bidirectional controls are shown as markers, as in any code block (./bidi.ts).
 */
function piece(text: string | Node[]): HTMLElement {
  const span = document.createElement('span');
  span.className = 'piece';
  span.append(...(typeof text === 'string' ? bidiNodes(text) : text));
  return span;
}

/** Where to cut `src` (past `from`) so that the first piece is at most `size` + `from` long. */
function cutPoint(src: string, from: number, size: number): number {
  const end = from + size;
  const line = src.lastIndexOf('\n', end - 1) + 1;
  if (line > from) return line;
  const space = src.lastIndexOf(' ', end - 1) + 1;
  let cut = space > from + size / 2 ? space : end;
  if (/[\ud800-\udbff]/.test(src[cut - 1] ?? '')) cut--; // never split a surrogate pair
  return cut;
}

/**
 * Creates a streaming renderer that owns `target`'s children. Call `update` with the whole reply
 * text so far (append-only), then `finish` with the final text.
 */
export function createStreamingRenderer(target: HTMLElement): StreamingRenderer {
  const doc = target.ownerDocument;
  const tail = doc.createElement('div');
  // Lets the widget's styles treat the live tail like the rest of the message (display: contents).
  tail.setAttribute('data-md-tail', '');
  target.replaceChildren(tail);

  const stats: StreamStats = { frames: 0, parsedChars: 0, lastParsedChars: 0 };
  // Normalized text of the frozen blocks (pieces included): always a slice of `current`, so that
  // no step of a long reply copies (and the collector then sweeps) the whole text again.
  let frozen = '';
  let current = ''; // `pending`, normalized
  let normalized: string | undefined; // the `pending` that `current` is
  let carry: Carry | null = null;
  let pieces = false; // a block was cut: the whole-text re-render of `finish` would be unbounded
  let pending = '';
  let frame = 0; // requestAnimationFrame ids are never 0
  let done = false;
  let final = false;
  let onDone: (() => void) | undefined;
  let short = false; // what `finish` has left to render fits one window: it renders at once
  // Characters of the next window: the first is small, the next sized by how long it took.
  let size = MIN_WINDOW;
  let loading: Promise<unknown> | undefined; // waiting for the engine

  const schedule = (): void => void (frame ||= requestAnimationFrame(run));

  function reset(): void {
    frozen = '';
    carry = null;
    pieces = false;
    target.replaceChildren(tail);
  }

  /** Puts rendered tokens in place: a carried block's continuation into that block, the rest before the tail. */
  function place(tokens: Token[], live: boolean): void {
    let rest = tokens;
    if (carry && tokens[0]) {
      const first = tokens[0];
      rest = tokens.slice(1);
      if (carry.kind == 'table') {
        const rows = first.type == 'table' ? Array.from(renderMarkdown([first]).querySelectorAll('tbody > tr')) : [];
        foldRows(rows as HTMLTableRowElement[], carry.into.childElementCount);
        if (live) carry.live.replaceChildren(...rows);
        else carry.into.append(...rows), carry.live.replaceChildren();
      } else {
        const text = first.type == 'code' ? String(first.text).replace(/\n$/, '') + '\n' : '';
        if (live) carry.live.data = text;
        // Each piece in a block of its own (styles/chat.css): adding one lays out that piece only,
        // not the whole code again.
        else carry.into.insertBefore(piece(text), carry.live.parentNode), (carry.live.data = '');
      }
      if (first.type != 'table' && first.type != 'code') rest = tokens; // not a continuation after all
    }
    if (live) tail.replaceChildren(foldTables(renderMarkdown(rest)));
    else target.insertBefore(foldTables(renderMarkdown(rest)), tail);
  }

  /** Ends the carried block once its continuation is complete. */
  function endCarry(): void {
    if (carry?.kind == 'table') carry.live.remove();
    if (carry?.kind == 'fence') (carry.live.parentNode as Element | null)?.remove();
    carry = null;
  }

  /** Freezes the first `cut` characters of `src` (its carried prefix included) as a piece of a longer block. */
  function freezePiece(src: string, cut: number): void {
    const prefix = carry?.prefix ?? '';
    const tokens = lexMarkdown(src.slice(0, cut));
    stats.parsedChars += cut;
    if (carry) {
      place(tokens, false);
    } else {
      const frag = foldTables(renderMarkdown(tokens));
      const last = frag.lastElementChild;
      const block = [...tokens].reverse().find((t) => t.type != 'space');
      target.insertBefore(frag, tail);
      // The block that goes on in the next piece: tables and fenced code continue in place.
      if (block?.type == 'table' && last?.querySelector('table')) {
        const table = last.querySelector('table') as HTMLTableElement;
        const into = table.tBodies[0] ?? table.appendChild(doc.createElement('tbody'));
        const [header, separator] = block.raw.split('\n');
        carry = { kind: 'table', prefix: `${header}\n${separator}\n`, into, live: table.appendChild(doc.createElement('tbody')) };
      } else if (block?.type == 'code' && /^ {0,3}(`{3,}|~{3,})/.test(block.raw) && !FENCE_CLOSED.test(block.raw.trimEnd() + '\n')) {
        const code = last?.querySelector('code');
        if (code) {
          const live = doc.createTextNode('');
          const tail = piece('');
          tail.append(live);
          code.replaceChildren(piece(Array.from(code.childNodes)), tail);
          carry = { kind: 'fence', prefix: `${block.raw.split('\n')[0]}\n`, into: code, live };
        }
      }
    }
    frozen = current.slice(0, frozen.length + cut - prefix.length);
    pieces = true;
  }

  /**
   * One window of work. Returns true if more text waits (a window was full), false once the
   * whole text so far is on screen.
   */
  function step(): boolean {
    if (pending !== normalized) current = normalize((normalized = pending));
    const text = current;
    // Append-only is the contract; anything else (a reused target) starts over.
    if (!text.startsWith(frozen)) reset();
    const rest = text.slice(frozen.length);
    const prefix = carry?.prefix ?? '';
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
      place(complete, false);
      if (carry) endCarry();
      frozen = text.slice(0, frozen.length + raw.length - prefix.length);
    }
    if (full) {
      // A window full of one unfinished block: freeze a piece of it.
      if (!frees) freezePiece(src, cutPoint(src, prefix.length, size));
      stats.parsedChars += stats.lastParsedChars = lexed;
      return true;
    }
    if (final) {
      if (!frees) place(tokens, false);
      endCarry();
      tail.remove();
      stats.parsedChars += stats.lastParsedChars = lexed;
      return false;
    }
    const now = carry?.prefix ?? '';
    const settled = settleTail(now + text.slice(frozen.length));
    lexed += settled.length;
    stats.parsedChars += stats.lastParsedChars = lexed;
    place(lexMarkdown(settled), true);
    return false;
  }

  /** A step; after a full window, the next one is sized to take about the task budget. */
  function timedStep(): boolean {
    const started = performance.now();
    const more = step();
    const ms = performance.now() - started;
    if (more) size = Math.min(WINDOW, Math.max(MIN_WINDOW, Math.round((size * TASK_BUDGET_MS) / Math.max(ms, 1))));
    return more;
  }

  /**
   * Works through windows until the text so far is shown or the task's budget is spent. A
   * streaming frame always does one window (the tail); a final render of more than one window
   * waits for a task with budget left, so a stored conversation of many long replies spreads
   * over frames (one window or less renders at once, as `renderMarkdown` would).
   */
  function run(): void {
    frame = 0;
    if (done) return;
    // The first render anywhere loads the engine first (in the bundle: within this task).
    if (!markdownEngine()) return void (loading ??= loadMarkdown().then(run, () => done || target.replaceChildren(pending)));
    // Asked first, so the task's budget counts this frame's first window too.
    const fresh = withinTaskBudget();
    if (final && !short && !fresh) return schedule();
    let more = timedStep();
    while (more && withinTaskBudget()) more = timedStep();
    if (more) return schedule();
    if (final) {
      done = true;
      onDone?.();
    }
  }

  function destroy(): void {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    done = true;
  }

  return {
    stats,
    update(fullText) {
      if (done || final) return;
      pending = fullText;
      schedule();
    },
    finish(fullText, callback) {
      if (done || final) return;
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      final = true;
      onDone = callback;
      pending = fullText;
      const text = normalize(fullText);
      short = text.length - (text.startsWith(frozen) ? frozen.length : 0) <= WINDOW;
      // The frozen blocks are what a whole-text render gives, except when a reference-style link
      // definition changes earlier blocks: only then is the whole reply rendered again (when it
      // is short enough to render at once). Otherwise the last task of a long reply stays as small
      // as any frame (bench/stream.mjs).
      if (!pieces && text.length <= WINDOW && (!text.startsWith(frozen) || (frozen && LINK_DEFINITION.test(text)))) reset();
      run();
    },
    destroy,
  };
}

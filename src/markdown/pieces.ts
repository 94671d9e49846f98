// The pieces of the streaming renderer's work (./placement.ts): which leading blocks are
// complete, and how a block longer than a window is cut and carried into the next piece.
import type { Token, Tokens } from 'marked';

import { bidiNodes } from './bidi';

/** A fenced code block's closing line, at the end of its text. */
export const FENCE_CLOSED = /\n {0,3}(`{3,}|~{3,})[ \t]*\n*$/;

/**
 * A block cut into pieces: its continuation is lexed after `prefix` and lands in `into`. A list
 * goes on as a list of its own (one list of 100,000 items would be laid out again as a whole with
 * each piece), joined to the one before (`list-piece`, styles/chat.css) and numbered on from it.
 */
export type Carry =
  | { kind: 'table'; prefix: string; into: HTMLTableSectionElement; live: HTMLTableSectionElement }
  | { kind: 'fence'; prefix: string; into: HTMLElement; live: Text }
  | { kind: 'list'; prefix: ''; marker: string; next: number };

/**
 * Lines of a list or table being written that are rendered again with each frame; past them, its
 * complete lines are frozen as a piece, so a frame's work stays the same however long it grows.
 */
export const TAIL_LINES = 64;

/** What makes items one list: the bullet, or an ordered list's delimiter (CommonMark 5.3). */
export const listMarker = (raw: string): string =>
  /^ {0,3}(?:([*+-])|\d{1,9}([.)]))/.exec(raw)?.slice(1).join('') ?? '';

/** The continuation of a carried list as its own list element, numbered on; returns the items it has. */
export function continueList(
  frag: DocumentFragment,
  first: Token | undefined,
  carry: Carry & { kind: 'list' },
): number {
  const list = frag.firstElementChild;
  if (first?.type !== 'list' || listMarker(first.raw) !== carry.marker || !list || !/^[OU]L$/.test(list.tagName))
    return 0;
  list.classList.add('list-piece');
  if (list.tagName === 'OL') list.setAttribute('start', String(carry.next));
  return list.childElementCount;
}

/**
 * Where a piece of the open (unfinished) block at the end of `src` may end, past `from`: a list
 * before its last item (whose lines may go on), anything else before its last line. -1 if nowhere.
 */
export function openCut(src: string, from: number, open: Token): number {
  const last = open.type === 'list' ? (open as Tokens.List).items.at(-1)?.raw : undefined;
  const cut = last ? src.lastIndexOf(last) : src.lastIndexOf('\n', src.length - 2) + 1;
  return cut > from ? cut : -1;
}

/** Where the `n`th line of `s` ends (after its line end), if before `size`; else `size`. */
export function lineEnd(s: string, size: number, n: number): number {
  if (n === Infinity) return size;
  for (let i = s.indexOf('\n'), k = 1; i >= 0 && i < size; i = s.indexOf('\n', i + 1)) if (k++ >= n) return i + 1;
  return size;
}

/**
 * Characters within which a window always holds two whole lines (the smallest window sized by
 * time, ./stream.ts `MIN_WINDOW`). A window sized by its elements can be shorter than one row of
 * a wide table: cut after a table's header line, the header would be frozen as a paragraph (its
 * separator line not seen yet), and cut at a space inside a row, the next window would start
 * with its middle cell. Longer lines are cut as before.
 */
export const WHOLE_LINES = 4_096;

/** `size`, grown to the end of the second line of `s` (or all of `s` while that line is not written yet) within `WHOLE_LINES`. */
export function wholeLines(s: string, size: number): number {
  const first = s.indexOf('\n');
  const second = first < 0 ? -1 : s.indexOf('\n', first + 1);
  const end = second < 0 ? s.length : second + 1;
  if (end <= WHOLE_LINES) return Math.max(size, end);
  return first >= 0 && first < WHOLE_LINES ? Math.max(size, first + 1) : Math.max(size, WHOLE_LINES);
}

/**
 * Characters of a table row that a window always holds whole: a row cut in two would go on as a
 * row of its own, shown, sorted and exported as one. Longer rows are cut as before.
 */
export const WHOLE_ROW = 32_768;

/** `size`, grown to the end of the first line of `s` (all of `s` while that line is written) within `WHOLE_ROW`. */
export function wholeRow(s: string, size: number): number {
  const end = s.indexOf('\n') + 1 || s.length;
  return Math.max(size, Math.min(end, WHOLE_ROW));
}

/** True if `s` has more than `n` lines (counted up to `n` only). */
export function linesOver(s: string, n: number): boolean {
  for (let i = s.indexOf('\n'), k = 1; i >= 0; i = s.indexOf('\n', i + 1)) if (++k > n) return true;
  return false;
}

/**
 * How many leading tokens are complete. A block is complete once another block has started
 * after it; if that next block's first line is still being written (a lone `3` after a list may
 * yet become `3. item` and join it), the boundary is not trusted until the line ends.
 */
export function completeCount(tokens: Token[]): number {
  let prev = 0;
  let last = 0;
  tokens.forEach((t, i) => {
    if (t.type === 'space') return;
    prev = last;
    last = i;
  });
  return tokens[last]?.raw.includes('\n') ? last : prev;
}

/**
 * A piece of a long code block: a block of its own, so appending one lays out that piece only.
 * Its bidirectional controls are shown as markers, as in any code block (./bidi.ts).
 */
export function piece(text: string | Node[]): HTMLElement {
  const span = document.createElement('span');
  span.className = 'piece';
  span.append(...(typeof text === 'string' ? bidiNodes(text) : text));
  return span;
}

/** Where to cut `src` (past `from`) so that the first piece is at most `size` + `from` long. */
export function cutPoint(src: string, from: number, size: number): number {
  const end = from + size;
  const line = src.lastIndexOf('\n', end - 1) + 1;
  if (line > from) return line;
  const space = src.lastIndexOf(' ', end - 1) + 1;
  let cut = space > from + size / 2 ? space : end;
  if (/[\ud800-\udbff]/.test(src[cut - 1] ?? '')) cut--; // never split a surrogate pair
  return cut;
}

// The pieces of the streaming renderer's work (./placement.ts): which leading blocks are
// complete, and how a block longer than a window is cut and carried into the next piece.
import type { Token } from 'marked';

import { bidiNodes } from './bidi';

/** A fenced code block's closing line, at the end of its text. */
export const FENCE_CLOSED = /\n {0,3}(`{3,}|~{3,})[ \t]*\n*$/;

/** A block cut into pieces: its continuation is lexed after `prefix` and lands in `into`. */
export type Carry =
  | { kind: 'table'; prefix: string; into: HTMLTableSectionElement; live: HTMLTableSectionElement }
  | { kind: 'fence'; prefix: string; into: HTMLElement; live: Text };

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

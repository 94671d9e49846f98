// Tables of a reply: how one is built from its tokens, and which of its rows are shown at first.
// Both in one place: the streaming renderer (./placement.ts) folds the rows it adds, the table UI
// (ui/table-view.ts, ui/answer-actions.ts) reads `SHOWN_ROWS` for its window of shown rows and
// its "Show all N rows" button. Only marked's types are imported: the table UI loads this module
// without loading marked (./engine.ts loads it on first use).
import type { Token, Tokens } from 'marked';

import { type Child, h } from './dom';

/**
 * Rows of a table shown at first; the rest are built `hidden` (not laid out: Chromium lays out a
 * table again as a whole whenever rows are added, so thousands of visible rows cost a long task
 * per frame). They stay in the DOM for copy, CSV, sorting and the chart; the finished reply gets
 * a "Show all N rows" button (ui/answer-actions.ts).
 */
export const SHOWN_ROWS = 200;

/** True if a table of `count` rows starts folded (some of its rows built `hidden`). */
export const isFolded = (count: number): boolean => count > SHOWN_ROWS;

/** Hides the rows that come after the first `SHOWN_ROWS`, `before` rows being in the table already. */
export function foldRows(rows: Iterable<HTMLTableRowElement>, before = 0): void {
  let i = before;
  for (const row of rows) if (i++ >= SHOWN_ROWS) row.hidden = true;
}

/** Folds every table of freshly rendered (sanitized) markdown. */
export function foldTables(root: DocumentFragment): DocumentFragment {
  for (const body of root.querySelectorAll('tbody')) foldRows(Array.from(body.children) as HTMLTableRowElement[]);
  return root;
}

/** The block of a GFM table token; `inline` builds a cell's content. */
export function tableBlock(t: Tokens.Table, inline: (tokens: Token[]) => Child[]): HTMLElement {
  // Alignment as a class (styles/chat.css): no style attribute under a strict CSP.
  const cell = (tag: string) => (c: Tokens.TableCell) =>
    h(tag, inline(c.tokens), c.align ? { class: `align-${c.align}` } : {});
  const rows = t.rows.map((row) => h('tr', row.map(cell('td'))));
  const table = h('table', [
    h('thead', [h('tr', t.header.map(cell('th')))]),
    ...(rows.length ? [h('tbody', rows)] : []),
  ]);
  // The wrapper scrolls sideways so a wide table never widens the message panel. The block
  // around it will also hold the table's chart and buttons (ui/answer-actions.ts): made
  // here, so that adding them never moves a table of thousands of rows in the DOM.
  // The scroll box takes the direction of the table's first words (./build.ts, "Direction"): the
  // first column and the start of the scroll sit on the right of a right-to-left table.
  return h('div', [h('div', [table], { class: 'table-scroll', dir: 'auto' })], { class: 'table-block' });
}

// Tables of a reply: how one is built from its tokens, and which of its rows are shown at first.
// Both in one place: the streaming renderer (./placement.ts) folds the rows it adds, the table UI
// (table/view.ts, ui/answer-actions.ts) reads `SHOWN_ROWS` for its window of shown rows and
// its "Show all N rows" button. Only marked's types are imported: the table UI loads this module
// without loading marked (./engine.ts loads it on first use).
import type { Token, Tokens } from 'marked';

import { firstStrongDir, tableTexts } from './bidi';
import { type Child, h } from './dom';

/**
 * Rows of a table shown at first; the rest are built `hidden` (not laid out: Chromium lays out a
 * table again as a whole whenever rows are added, so thousands of visible rows cost a long task
 * per frame). They stay in the DOM for copy, CSV, sorting and the chart; the finished reply gets
 * a "Show all N rows" button (ui/answer-actions.ts).
 */
export const SHOWN_ROWS = 200;

/**
 * Characters in the rows shown at first, at most (the first row always shows). A shown row costs
 * the browser in proportion to its text whenever it is laid out again, as when a sort moves it:
 * 200 rows of 1,000-character cells took 55–75 ms (docs/hardening.md, "Tables").
 */
export const SHOWN_CHARS = 40_000;

/**
 * Hides the rows past the first window: the first `SHOWN_ROWS` rows, fewer when their text is
 * over `SHOWN_CHARS`. `body`: the body the rows join, and its rows so far (a table that streams).
 */
export function foldRows(rows: Iterable<HTMLTableRowElement>, body?: HTMLTableSectionElement): void {
  let shown = 0;
  let chars = 0;
  // The rows past the window are all hidden: the body's last row says whether the window is full;
  // until it is, the body holds at most `SHOWN_ROWS` rows, all read.
  let full = !!(body?.lastElementChild as HTMLElement | null)?.hidden;
  if (!full)
    for (const row of body?.children ?? []) {
      shown++;
      chars += row.textContent!.length;
    }
  for (const row of rows) {
    if (!full) {
      chars += row.textContent!.length;
      full = shown > 0 && (shown >= SHOWN_ROWS || chars > SHOWN_CHARS);
      shown++;
    }
    if (full) row.hidden = true;
  }
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
  // first column and the start of the scroll sit on the right of a right-to-left table. Read here,
  // as `dir="auto"` would, and set fixed: a `dir` changed later (or `auto` read again as rows move)
  // restyles every row, 25,000 of them in 50–77 ms. A table that streams keeps the direction of
  // its first rows.
  return h('div', [h('div', [table], { class: 'table-scroll', dir: firstStrongDir(tableTexts(table)) })], {
    class: 'table-block',
  });
}

// Which rows of a long table are shown, in which order, and whether its controls are in the tab
// order: every change cut into tasks of a few milliseconds (docs/charts.md, "Tables").
//
// A table of thousands of rows shows a window of them, the rows the renderer left shown (at most
// `SHOWN_ROWS`, fewer of long text: ../markdown/table.ts); the others stay in the DOM, `hidden`
// (not laid out: laying out a table costs time in proportion to its shown rows and their text).
// Folded, the window is the first rows; "Show all" lets it follow the table's scroll box, with a
// spacer above and below the table that stands for the rows outside it (an SVG sized by its
// viewBox: no style attribute). A window of fewer rows than the box shows (rows of long text)
// grows to fill it, by at most `SHOWN_CHARS` characters of rows a frame. A sort computes its keys once per column,
// orders indexes over several tasks (./sort.ts), moves the hidden rows out of the table
// over several tasks, and in a last task puts the new order in place with the window's rows:
// only then does the header say it is sorted.
import { trackRows } from '../export/table-text';
import { SHOWN_CHARS } from '../markdown/table';
import { runChunked, type Work } from './chunked';
import { cellText } from '../cells/text';
import { columnKeys, sortedOrder, type SortKeys } from './sort';
import type { Locale } from '../types';

export type SortDirection = 'ascending' | 'descending' | '';

export interface TableView {
  /** Rows in the table's body. */
  readonly count: number;
  /** True while only the first rows (the window) are shown. */
  readonly folded: boolean;
  /** Orders the rows by column `col` (the original order for ''); `done` runs once it is shown. */
  sort(col: number, direction: SortDirection, done: () => void): void;
  /** Lets the window follow the scroll box through every row. */
  showAll(): void;
  /**
   * Takes the table's links and buttons (and its scroll box) out of the tab order, or back: those
   * of the rows shown now, and of each row as it is shown later (a hidden row takes no focus).
   */
  setTabbable(on: boolean): void;
  destroy(): void;
}

const SVG = 'http://www.w3.org/2000/svg';

function spacer(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'table-spacer');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('hidden', '');
  return svg;
}

export function createTableView(table: HTMLTableElement, scroll: HTMLElement, locale: () => Locale): TableView {
  const body = table.tBodies[0]!;
  const original = Array.from(body.children) as HTMLTableRowElement[];
  const n = original.length;
  let rows: readonly HTMLTableRowElement[] = original; // the committed order
  trackRows(table, () => rows);
  // The window: rows[start, start + span). `windowRows`: as many rows as ../markdown/table.ts left
  // shown, the most a sort shows at once.
  const firstHidden = original.findIndex((row) => row.hidden);
  const windowRows = firstHidden > 0 ? firstHidden : n;
  let start = 0;
  let span = windowRows;
  let folded = windowRows < n;
  let rowHeight = 0;
  let keysLocale = locale();
  let keys: (SortKeys | undefined)[] = [];
  let orders = new Map<string, Uint32Array>();
  let stopSort: (() => void) | undefined;
  let sorting = false;
  let tabbable = true;
  /** Shown rows whose links and buttons are out of the tab order. */
  const untabbed = new Set<HTMLTableRowElement>();
  let queued: (() => void) | undefined;
  let frame = 0;
  let moving = false; // rows are on their way to a new order: the window stays where it is
  const above = spacer();
  const below = spacer();

  const tabOff = (el: Element) => el.setAttribute('tabindex', '-1');
  const tabOn = (el: Element) => el.removeAttribute('tabindex');
  const focusable = (row: Element) => row.querySelectorAll('a[href], button, [tabindex]');

  /** Shows a row, its links and buttons in the tab order or not, as the table is. */
  function show(row: HTMLTableRowElement): void {
    row.hidden = false;
    if (tabbable === !untabbed.has(row)) return;
    for (const el of focusable(row)) (tabbable ? tabOn : tabOff)(el);
    if (tabbable) untabbed.delete(row);
    else untabbed.add(row);
  }

  /** The spacers stand for the rows before and after the window (estimated at the window's mean height). */
  function size(svg: SVGSVGElement, count: number): void {
    const height = count * rowHeight;
    svg.toggleAttribute('hidden', !(height > 0));
    if (height > 0) svg.setAttribute('viewBox', `0 0 1 ${height.toFixed(1)}`);
  }
  function sizeSpacers(): void {
    if (folded) return;
    size(above, start);
    size(below, n - start - span);
  }

  /**
   * Moves the window toward rows[lo, hi), which holds the rows in view, rows[first, last): the rows
   * outside it are hidden at once (a hidden row costs nothing to lay out), and rows are shown from
   * those in view outward, at least one and at most `SHOWN_CHARS` characters of them. Says whether
   * the window is there.
   */
  function step(lo: number, hi: number, first: number, last: number): boolean {
    let s = Math.max(start, lo);
    let e = Math.min(start + span, hi);
    if (s >= e) s = e = Math.min(first, hi - 1); // no row in common: from the first row in view
    for (let i = start; i < start + span; i++) if (i < s || i >= e) rows[i]!.hidden = true;
    for (let chars = 0; (s > lo || e < hi) && chars < SHOWN_CHARS;) {
      const row = rows[e < hi && (e < last || s <= first) ? e++ : --s]!;
      show(row);
      chars += row.textContent!.length;
    }
    start = s;
    span = e - s;
    sizeSpacers();
    return s === lo && e === hi;
  }

  /** After a scroll: the window re-centred on the rows in view once they near its edge. */
  function follow(): void {
    frame = 0;
    if (folded || !rowHeight || moving) return;
    const head = table.tHead?.getBoundingClientRect().height ?? 0;
    const first = Math.floor(Math.max(0, scroll.scrollTop - head) / rowHeight);
    const seen = Math.ceil(scroll.clientHeight / rowHeight);
    // Never fewer rows than the box shows, and a row to spare at each end.
    const want = Math.min(n, Math.max(windowRows, seen + 2));
    const margin = (want - seen) >> 2;
    if (span === want && first >= start + margin && first + seen <= start + span - margin) return;
    const lo = Math.max(0, Math.min(n - want, first - ((want - seen) >> 1)));
    if (!step(lo, lo + want, first, Math.min(n, first + seen))) frame = requestAnimationFrame(follow);
  }
  const onScroll = () => void (frame ||= requestAnimationFrame(follow));

  /**
   * Puts the rows in `order` over several tasks: each hidden row is moved to the end of the body in
   * turn (a display:none row costs its own style only), a row on screen is left in place with a
   * placeholder at its new place, and the last task swaps the placeholders for those rows and
   * shows the new window: nothing on screen changes before that task.
   */
  function* reorder(order: readonly HTMLTableRowElement[]): Work<void> {
    moving = true;
    const shown = new Set(rows.slice(start, start + span));
    const held: [HTMLTableRowElement, Comment][] = [];
    for (let i = 0; i < n; i++) {
      if (i % 256 === 255) yield;
      const row = order[i]!;
      if (shown.has(row)) {
        const mark = document.createComment('');
        held.push([row, mark]);
        body.append(mark);
      } else body.append(row);
    }
    yield;
    for (const [row, mark] of held) mark.replaceWith(row);
    rows = order;
    for (const row of shown) row.hidden = true;
    // At most the renderer's window at once; follow() grows it again to fill the box.
    span = Math.min(span, windowRows);
    for (let i = start; i < start + span; i++) show(rows[i]!);
    moving = false;
    follow(); // the scroll box may have moved meanwhile
  }

  function* sortWork(col: number, direction: SortDirection): Work<void> {
    if (keysLocale !== locale()) {
      keysLocale = locale();
      keys = [];
      orders = new Map();
    }
    let order: readonly HTMLTableRowElement[] = original;
    if (direction) {
      const lang = keysLocale;
      const columnKeysOf = (keys[col] ??= yield* columnKeys(n, (i) => cellText(original[i]!.cells[col]), lang));
      const id = `${col}${direction}`;
      const indexes = orders.get(id) ?? (yield* sortedOrder(columnKeysOf, direction === 'descending' ? -1 : 1, lang));
      orders.set(id, indexes);
      order = Array.from(indexes, (i) => original[i]!);
    }
    if (order !== rows) yield* reorder(order);
  }

  function setTabbable(on: boolean): void {
    tabbable = on;
    const apply = on ? tabOn : tabOff;
    apply(scroll); // a scroll box is focusable by itself in some engines
    for (const b of table.querySelectorAll(':scope > thead a[href], :scope > thead button')) apply(b);
    for (let i = start; i < start + span; i++) show(rows[i]!);
  }

  return {
    get count() {
      return n;
    },
    get folded() {
      return folded;
    },
    sort(col, direction, done) {
      // One sort at a time (rows in flight cannot be put back half-way): the last press waits.
      const run = () => {
        sorting = true;
        table.setAttribute('aria-busy', 'true');
        // `done` may run before runChunked returns (a small table sorts at once).
        stopSort = runChunked(sortWork(col, direction), () => {
          sorting = false;
          table.removeAttribute('aria-busy');
          done();
          const next = queued;
          queued = undefined;
          next?.();
        });
      };
      if (sorting) queued = run;
      else run();
    },
    showAll() {
      if (!folded) return;
      folded = false;
      rowHeight = body.getBoundingClientRect().height / span || 0;
      scroll.prepend(above);
      scroll.append(below);
      sizeSpacers();
      scroll.addEventListener('scroll', onScroll, { passive: true });
      onScroll(); // a window of fewer rows than the box shows grows now
    },
    setTabbable,
    destroy() {
      stopSort?.();
      queued = undefined;
      if (frame) cancelAnimationFrame(frame);
      scroll.removeEventListener('scroll', onScroll);
    },
  };
}

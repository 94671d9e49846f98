// Reading a table for the chart in slices: 25,000 rows or 200 columns of 700 rows take longer to
// read (textContent of every cell) and parse than one task may hold the page (50 ms), so the cells
// are read a few milliseconds at a time, yielding to the event loop between slices, and the chart
// is drawn in a task of its own. A small table is read and drawn at once.
import { cellText } from '../cells/text';
import type { Locale } from '../types';
import { MAX_BARS } from './draw';
import { column } from './series';
import type { ChartData, Series } from './types';
import { decimalOf, parseNumber, timeKey } from '../cells/values';

/** Work per slice before yielding, in ms. */
const SLICE_MS = 8;

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The chart's reading of `table` (header row first, then the body rows in the order shown, hidden
 * ones too: every row for a line, the first MAX_BARS once the labels are categories), or null when it has no numeric column or fewer than two rows. `current()` false
 * stops it (a newer draw of the same box, or the table gone): it then resolves to undefined.
 * `slow()` is called once, when the reading takes more than one slice.
 */
export async function readTable(
  table: HTMLTableElement,
  locale: Locale,
  current: () => boolean,
  slow: () => void,
): Promise<ChartData | null | undefined> {
  const decimal = decimalOf(locale);
  const head = table.tHead?.rows[0] ?? table.rows[0];
  const tbody = table.tBodies[0];
  if (!head || !tbody || tbody.childElementCount < 2) return null;
  const names = [...head.cells].map(cellText);
  const labels: string[] = [];
  const cells: string[][] = names.map(() => []);
  const values: (number | null)[][] = names.map(() => []);
  let deadline = performance.now() + SLICE_MS;
  let paused = false;
  /** False when the reading was overtaken: stop. */
  const slice = async (force = false) => {
    if (!force && performance.now() <= deadline) return true;
    if (!paused) {
      paused = true;
      slow();
    }
    await pause();
    deadline = performance.now() + SLICE_MS;
    return current();
  };
  // Labels in time order, one way or the other (series.ts inTimeOrder), decided as they are read.
  let up = true,
    down = true,
    last: number | null = null;
  // A long table starts in a task of its own: the press (or the runtime's first run) has done enough.
  if (tbody.childElementCount > 2_000 && !(await slice(true))) return undefined;
  // Row to row and cell to cell by sibling: no array of 100,000 rows made in one go, no live
  // collection per row. Each element read gets a wrapper the garbage collector must visit: a
  // table of categories is read no further than the bars it can show (draw.ts MAX_BARS).
  for (let row = tbody.firstElementChild; row; row = row.nextElementSibling) {
    if (!(row instanceof HTMLTableRowElement)) continue;
    if (!up && !down && labels.length >= MAX_BARS) break;
    if (!(await slice())) return undefined;
    let cell = row.firstElementChild;
    const label = cellText(cell ?? undefined);
    labels.push(label);
    if (up || down) {
      const k = timeKey(label);
      if (k === null) up = down = false;
      else if (last !== null) {
        up &&= k > last;
        down &&= k < last;
      }
      last = k;
    }
    for (let c = 1; c < names.length; c++) {
      cell = cell?.nextElementSibling ?? null;
      const text = cellText(cell ?? undefined);
      cells[c]!.push(text);
      values[c]!.push(parseNumber(text, decimal));
    }
  }
  const series: Series[] = [];
  for (let c = 1; c < names.length; c++) {
    if (!(await slice())) return undefined;
    const s = column(names[c]!, cells[c]!, values[c]!);
    if (s) series.push(s);
  }
  // Drawn in a task of its own once the reading took several.
  if (paused && !(await slice(true))) return undefined;
  const total = tbody.childElementCount;
  return series.length ? { labelName: names[0]!, labels, series, time: up || down, locale, total } : null;
}

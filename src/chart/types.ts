// What widget.js and widget-chart.js agree on. Types only: the core imports this file with
// `import type` (src/runtime/), nothing else of the chart feature (both read cells by src/cells/).
// ChartData is the runtime's own reading of the table (src/chart/series.ts).
import type { Locale } from '../types';

/** One numeric column of the table; `null` is a cell that does not read as a number (a gap). */
export interface Series {
  name: string;
  values: (number | null)[];
  /** The cells as written ("€7,320"): what a mark's tooltip shows. */
  cells: string[];
  /** What the values count: '€', '%', 'kg', or '' for a plain count (series.ts). */
  unit: string;
  /** The largest magnitude among the values. */
  size: number;
  /**
   * Cells in units other than `unit` (`€300K` in a column of `₺`), which its axis cannot place:
   * gaps, said in a note under the chart (series.ts).
   */
  other?: { count: number; units: string[] };
}

/** A table as the chart sees it, in the table's current (possibly sorted) row order. */
export interface ChartData {
  /** Header of the label column ("Month"). */
  labelName: string;
  labels: string[];
  series: Series[];
  /** The labels are ordered in time (years, quarters, months, dates): draw a line. */
  time: boolean;
  locale: Locale;
  /**
   * Rows in the table, when only its first rows were read: bars show at most the first
   * MAX_BARS (draw.ts), so the reading of a table of categories stops there (read.ts).
   */
  total?: number;
}

/**
 * Draws a chart of `table` (its cells in the order shown, hidden rows included) into `box`, an
 * element in the widget's shadow root, replacing what it holds. It reads a long table in slices
 * across tasks, so it returns before the chart is drawn; a later call for the same box wins.
 */
export type DrawChart = ((box: HTMLElement, table: HTMLTableElement, locale: Locale) => void) & {
  /**
   * Joins the chart's stylesheet to `root` (a shadow root); true if it was not there yet. A new
   * sheet makes the browser look at every element of the root once (30 ms with a table of
   * 100,000 rows): the caller lets a frame pass before the chart's own work.
   */
  prepare?: (root: Node) => boolean;
};

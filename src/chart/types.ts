// What widget.js and widget-chart.js agree on. Types only: the core imports this file,
// src/chart/values.ts and src/chart/load.ts, nothing else of the chart feature.
// ChartData is the runtime's own reading of the table (src/chart/series.ts).
import type { Locale } from '../types';

/** One numeric column of the table; `null` is a cell that does not read as a number (a gap). */
export interface Series {
  name: string;
  values: (number | null)[];
  /** The cells as written ("€7,320"): what a mark's tooltip shows. */
  cells: string[];
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
}

/**
 * Draws a chart of `rows` (a table's cells, header row first, in the order shown) into `box`, an
 * element in the widget's shadow root, replacing what it holds.
 */
export type DrawChart = (box: HTMLElement, rows: string[][], locale: Locale) => void;

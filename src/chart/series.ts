// What widget-chart.js draws from a table: the labels, one series per numeric column, and whether
// the labels are points in time (a line) or categories (bars). Runtime only: widget.js needs just
// values.ts to know whether a table gets a chart button.
import type { Locale } from '../types';
import type { ChartData } from './types';
import { decimalOf, numeric, parseNumber, timeKey } from './values';

/** Labels ordered in time, one way or the other: a line rather than bars. */
export function inTimeOrder(labels: string[]): boolean {
  const keys = labels.map(timeKey);
  const up = keys.every((k, i) => k != null && (!i || k > keys[i - 1]!));
  const down = keys.every((k, i) => k != null && (!i || k < keys[i - 1]!));
  return up || down;
}

/**
 * What a chart of these rows shows (first row: headers; first column: labels), or null when the
 * table has no numeric column or fewer than two rows.
 */
export function chartData(rows: string[][], locale: Locale): ChartData | null {
  const [head, ...body] = rows;
  if (!head || body.length < 2) return null;
  const series = head
    .slice(1)
    .map((name, i) => {
      const cells = body.map((r) => r[i + 1] ?? '');
      return { name, cells, values: cells.map((c) => parseNumber(c, decimalOf(locale))) };
    })
    .filter((s) => numeric(s.values));
  const labels = body.map((r) => r[0] ?? '');
  return series.length ? { labelName: head[0] ?? '', labels, series, time: inTimeOrder(labels), locale } : null;
}

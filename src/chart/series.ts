// What widget-chart.js draws from a table: the labels, the numeric columns with their units, and
// whether the labels are points in time (a line) or categories (bars). Runtime only: widget.js
// needs just ../cells/values.ts to know whether a table gets a chart button.
import type { Locale } from '../types';
import type { ChartData, Series } from './types';
import { asciiDigits, decimalOf, inOneUnit, MAGNITUDE, numeric, parseNumber, timeKey, unitWord } from '../cells/values';

/** Labels ordered in time, one way or the other: a line rather than bars. */
export function inTimeOrder(labels: string[]): boolean {
  let up = true,
    down = true,
    last: number | null = null;
  for (const label of labels) {
    const k = timeKey(label);
    if (k === null) return false;
    if (last !== null) {
      up &&= k > last;
      down &&= k < last;
    }
    if (!up && !down) return false;
    last = k;
  }
  return true;
}

// Currency codes and signs written either way are one unit.
const SAME: Record<string, string> = { TL: '₺', TRY: '₺', EUR: '€', USD: '$', GBP: '£', '%': '%' };

/** `M` of `$1.2M`, `Mn` of `1,2 Mn TL`: part of the number (../cells/values.ts), not of its unit. */
const SIZE_WORD = new RegExp(`(\\d\\s*)${MAGNITUDE}`, 'gu');

/**
 * The unit a cell is written in: what is left of it without the number (`€`, `%`, `TL`, `kg`; `$`
 * of `$1.2M`), or '' for a plain count.
 */
export function unitOf(cell: string): string {
  const u = asciiDigits(cell, '.')
    .replace(SIZE_WORD, '$1')
    .replace(/(\d)[eE][-+]?(?=\d)/g, '$1')
    .replace(/[\d\s.,()+\-−]/g, '');
  return SAME[u.toUpperCase()] ?? u;
}

/** A unit the header gives when the cells give none: "Share (%)", "Revenue [EUR]", "Share %". */
export function headerUnit(header: string): string {
  const m = /[([]\s*([^()[\]\d]{1,5}?)\s*[)\]]\s*$|(%|\p{Sc})\s*$/u.exec(header);
  const u = (m?.[1] ?? m?.[2] ?? '').trim();
  return SAME[u.toUpperCase()] ?? u;
}

/** A numeric column's unit: the one most of its first cells are written in, else the header's. */
export function columnUnit(name: string, cells: string[], values: (number | null)[]): string {
  const seen = new Map<string, number>();
  for (let i = 0, n = 0; i < cells.length && n < 50; i++) {
    if (values[i] === null) continue;
    const u = unitOf(cells[i]!);
    seen.set(u, (seen.get(u) ?? 0) + 1);
    n++;
  }
  const [unit] = [...seen].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  return unit || headerUnit(name);
}

/** The largest magnitude in a column (0 for none). */
export function sizeOf(values: (number | null)[]): number {
  let size = 0;
  for (const v of values) if (v !== null && Math.abs(v) > size) size = Math.abs(v);
  return size;
}

/**
 * Two columns may share an axis: the same unit, and sizes no more than 20 times apart (orders
 * beside revenue would lie flat at zero). A column of zeros fits any.
 */
export const sameAxis = (a: Series, b: Series) =>
  a.unit === b.unit && (!a.size || !b.size || Math.max(a.size, b.size) / Math.min(a.size, b.size) <= 20);

/**
 * A numeric column from its header and cells (top to bottom), or null when it is not numeric. A
 * column of sizes or durations in several units is drawn in the unit of its largest value; a cell
 * in a unit no conversion reaches (`€300K` in a column of `₺`) is a gap, not a value on the wrong
 * axis.
 */
export function column(name: string, cells: string[], values: (number | null)[]): Series | null {
  if (!numeric(values)) return null;
  const words = values.map((v, i) => (v === null ? undefined : unitWord(cells[i]!)));
  const converted = inOneUnit(words, values);
  const unit = converted ?? columnUnit(name, cells, values);
  const units = new Set<string>();
  // unitOf of 25,000 cells takes 25 ms: most cells show the unit, or only digits, and need none;
  // the others share a few shapes (`€0K`, `€0.0M`: digits do not change the unit), read once each.
  const shapes = new Map<string, string>();
  let count = 0;
  values.forEach((v, i) => {
    const cell = cells[i]!;
    if (v === null || (converted && words[i]) || (unit ? cell.includes(unit) : !/[^\d\s.,()+\-−]/.test(cell))) return;
    const shape = cell.replace(/\d+/g, '0');
    const u = shapes.get(shape) ?? unitOf(shape);
    shapes.set(shape, u);
    if (u && u.toLowerCase() !== unit.toLowerCase()) {
      values[i] = null;
      units.add(u);
      count++;
    }
  });
  return { name, cells, values, unit, size: sizeOf(values), ...(count && { other: { count, units: [...units] } }) };
}

/**
 * What a chart of these rows shows (first row: headers; first column: labels), or null when the
 * table has no numeric column or fewer than two rows. widget-chart.js reads a table in slices
 * (read.ts); this is the same reading at once, for small tables and tests.
 */
export function chartData(rows: string[][], locale: Locale): ChartData | null {
  const [head, ...body] = rows;
  if (!head || body.length < 2) return null;
  const series: Series[] = [];
  head.slice(1).forEach((name, i) => {
    const cells = body.map((r) => r[i + 1] ?? '');
    const s = column(
      name,
      cells,
      cells.map((c) => parseNumber(c, decimalOf(locale))),
    );
    if (s) series.push(s);
  });
  const labels = body.map((r) => r[0] ?? '');
  return series.length ? { labelName: head[0] ?? '', labels, series, time: inTimeOrder(labels), locale } : null;
}

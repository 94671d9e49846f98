// The value axis of a chart: which round ticks, where a value lies between them, and how the ticks
// are labelled. Every loop here has a fixed bound computed before it starts: nothing depends on a
// floating-point sum reaching an end (values near 2^53 one apart, or spans near 1e308, used to
// freeze the page in a `for (v = lo; v < hi; v += step)` loop). docs/charts.md, "The value axis".
import type { Locale } from '../types';

/** At most this many ticks, whatever the values. */
export const MAX_TICKS = 10;

/**
 * Where `v` lies between `lo` (0) and `hi` (1). Halves first, so that a span from -1e308 to 1e308
 * does not overflow to Infinity; an empty span puts every value in the middle.
 */
export function fraction(v: number, lo: number, hi: number): number {
  const span = hi / 2 - lo / 2;
  return span > 0 ? (v / 2 - lo / 2) / span : 0.5;
}

/**
 * Round ticks covering lo..hi (finite, lo <= hi): steps of 1, 2 or 5 times a power of ten, about
 * `count` of them. A tick that would overflow is left out, so the last may fall short of `hi`.
 */
export function ticks(lo: number, hi: number, count = 4): number[] {
  const half = hi / 2 - lo / 2;
  const size = Math.max(Math.abs(lo), Math.abs(hi));
  const raw = half > 0 ? (half / count) * 2 : size > 0 ? size / count : 1;
  const exp = Math.floor(Math.log10(raw));
  const n = raw / 10 ** exp;
  const m = n > 5 ? 10 : n > 2 ? 5 : n > 1 ? 2 : 1;
  // k * m * 10^exp, divided by an exact power of ten for small steps, so 3 * 0.1 is 0.3, not 0.30000000000000004.
  const at = (k: number) => (exp < 0 ? (k * m) / 10 ** -exp : k * m * 10 ** exp);
  const step = at(1);
  // Subnormal or overflowing steps (raw near 5e-324 or 1e308 after rounding): the values themselves are the axis.
  if (!(step > 0 && Number.isFinite(step) && Number.isFinite(10 ** Math.abs(exp)))) return lo === hi ? [lo] : [lo, hi];
  const k0 = Math.floor(lo / step);
  const k1 = Math.max(Math.ceil(hi / step), k0 + 1);
  const out: number[] = [];
  for (let i = 0; i <= Math.min(k1 - k0, MAX_TICKS); i++) {
    const v = at(k0 + i);
    // Beyond 2^53 consecutive k can give the same value: each tick once.
    if (Number.isFinite(v) && v !== out[out.length - 1]) out.push(v);
  }
  return out.length ? out : [lo];
}

/**
 * Tick labels in the visitor's language, with as many significant digits as it takes for
 * neighbours to differ (compact `48K` / `1,2 Mn`, plain below 10,000, scientific `1E308` from
 * 10^15 up, where compact would spell out dozens of digits). Never "NaN": ticks are finite.
 */
export function tickLabels(values: number[], locale: Locale): string[] {
  const size = Math.max(0, ...values.map(Math.abs));
  const notation = size >= 1e15 ? 'scientific' : size >= 1e4 ? 'compact' : 'standard';
  let labels: string[] = [];
  for (let digits = 2; digits <= 17; digits++) {
    const format = new Intl.NumberFormat(locale, { notation, maximumSignificantDigits: digits });
    labels = values.map((v) => (v ? format.format(v) : '0')); // not "0E0"
    if (labels.every((l, i) => !i || l !== labels[i - 1])) break;
  }
  return labels;
}

export interface Axis {
  /** The value at the bottom and at the top of the plot. */
  lo: number;
  hi: number;
  ticks: number[];
  labels: string[];
}

/**
 * The value axis for finite values from `min` to `max`. Bars (`zero`) start at zero; a line spans
 * its values, with zero in view when it is close. A spread the labels cannot tell apart (under a
 * millionth of the values' size: 2^53 and 2^53 + 2, or 19-digit ids one apart) is drawn from zero
 * too: to the eye, and to six digits, those values are equal, and the chart says so.
 */
export function valueAxis(min: number, max: number, zero: boolean, locale: Locale): Axis {
  const half = max / 2 - min / 2;
  const size = Math.max(Math.abs(min), Math.abs(max));
  const near = (a: number) => a / 4 < half;
  if (zero || half < size * 5e-7 || (min > 0 && near(min)) || (max < 0 && near(-max))) {
    min = Math.min(0, min);
    max = Math.max(0, max);
  }
  const t = ticks(min, max);
  return { lo: Math.min(t[0]!, min), hi: Math.max(t[t.length - 1]!, max), ticks: t, labels: tickLabels(t, locale) };
}

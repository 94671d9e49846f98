// Sorting a table column without holding the page (docs/charts.md, "Sorting"): the sort keys of a
// column are computed once (numbers, points in time or text), then a merge sort orders row
// indexes in typed arrays, yielding every few thousand comparisons (./chunked.ts runs it).
// Array.prototype.sort cannot be cut into tasks, and a comparator that parses cells or calls
// localeCompare on every comparison costs n log n parses.
import { decimalOf, inOneUnit, parseNumber, readsDayFirst, timeKey, unitWord } from '../cells/values';
import type { Locale } from '../types';
import type { Work } from './chunked';

/** A column's sort keys, by row: numbers (NaN for a gap) or text ('' for a gap). */
export type SortKeys = { numbers: Float64Array; texts?: undefined } | { texts: string[]; numbers?: undefined };

const STEP = 2_048;

/**
 * Reads a column's keys: points in time (dates, months, quarters) as time when every cell is
 * one, else numbers as numbers when at least half the cells are numbers (the rest are gaps; sizes
 * or durations in several units in one of them), else the text.
 */
export function* columnKeys(n: number, cell: (row: number) => string, locale: Locale): Work<SortKeys> {
  const decimal = decimalOf(locale);
  // A preallocated (holey) array: every slot is written below, and 25,000 pushes would cost more.
  // oxlint-disable-next-line unicorn/no-new-array
  const texts = new Array<string>(n);
  const numbers = new Float64Array(n);
  const times = new Float64Array(n);
  const units: (string | undefined)[] = [];
  let allTimes = n > 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (i % 256 === 255) yield;
    const text = (texts[i] = cell(i));
    const number = parseNumber(text, decimal);
    numbers[i] = number ?? NaN;
    if (number !== null) {
      count++;
      units[i] = unitWord(text);
    }
    if (allTimes) {
      const time = timeKey(text);
      if (time === null) allTimes = false;
      else times[i] = time;
    }
  }
  if (allTimes) {
    // `03/04/2024` was read month first; a column whose dates put the day first is read again.
    if (readsDayFirst(texts, locale))
      for (let i = 0; i < n; i++) {
        if (i % 256 === 255) yield;
        times[i] = timeKey(texts[i]!, true)!;
      }
    return { numbers: times };
  }
  if (!(count > 0 && count * 2 >= n)) return { texts };
  inOneUnit(units, numbers);
  return { numbers };
}

/**
 * The row order that sorts `keys` in `direction`: gaps last either way, ties in the table's
 * order (the merge is stable), text in the visitor's collation (numbers inside text as numbers).
 */
export function* sortedOrder(keys: SortKeys, direction: 1 | -1, locale: Locale): Work<Uint32Array> {
  const n = keys.numbers?.length ?? keys.texts!.length;
  let from = new Uint32Array(n);
  let to = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  const { numbers, texts } = keys;
  const collator = new Intl.Collator(locale, { numeric: true });
  // Negative when row `a` goes before row `b`.
  const before = numbers
    ? (a: number, b: number) => {
        const x = numbers[a]!;
        const y = numbers[b]!;
        return x !== x ? +(y === y) : y !== y ? -1 : direction * (x - y);
      }
    : (a: number, b: number) => {
        const x = texts![a]!;
        const y = texts![b]!;
        return !x ? +!!y : !y ? -1 : direction * collator.compare(x, y);
      };
  let work = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      // The right run's row goes first only when strictly before: stable.
      while (i < mid && j < hi) {
        to[k++] = before(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
        if (++work === STEP) {
          work = 0;
          yield;
        }
      }
      while (i < mid) to[k++] = from[i++]!;
      while (j < hi) to[k++] = from[j++]!;
    }
    [from, to] = [to, from];
    yield;
  }
  return from;
}

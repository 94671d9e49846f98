// Reading a table's cells the way the visitor reads them: numbers (currency, %, thousands
// separators, the locale's decimal mark) and points in time (years, quarters, month names in
// English and Turkish, dates). Below table/ and chart/, which both read cells through it: it ships
// in widget.js (sorting needs it, and it decides which tables get a chart button) and again in
// widget-chart.js. Nothing here imports either of them.
import type { Locale } from '../types';

/**
 * The words of size data answers write after an amount: `$1.2M`, `850K`, `3.4bn`, `1,2 Mn TL`,
 * `450 bin`, `2.5 million`. Not with a letter after it (`5 MB`, `12 kg` are units); a lower-case
 * `m`, `b` or `t` alone is a unit too (metres, bits, tonnes).
 */
export const MAGNITUDE =
  /(?:MM|[MBT][Nn]|[mbt]n|[kKMBT]|thousand|million|billion|trillion|bin|milyon|milyar|trilyon)(?!\p{L})/u.source;

/** The power of ten of a MAGNITUDE word. */
const scale = (word: string): number => {
  const w = word.toLowerCase();
  if (w === 'k' || w === 'thousand' || w === 'bin') return 3;
  if (w[0] === 't') return 12;
  return w[0] === 'b' || w.endsWith('ar') ? 9 : 6;
};

/**
 * The zeros of the digits answers write besides ASCII's: Arabic-Indic, Persian, Devanagari,
 * Bengali, Thai, full-width.
 */
const ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];
const LOCAL =
  /[\u0660-\u066c\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\uff10-\uff19\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with its digits in ASCII, the Arabic percent sign, decimal and thousands separators as
 * `%`, `decimal` and nothing, and without the invisible direction marks that a right-to-left
 * answer puts around numbers: `٪٧١` → `%71`, `١٬٢٣٤٫٥` → `1234.5`, `\u200f12` → `12`.
 */
export const asciiDigits = (text: string, decimal: string): string =>
  text.replace(LOCAL, (c) => {
    const code = c.charCodeAt(0);
    const zero = ZEROS.find((z) => code - z >= 0 && code - z <= 9);
    return zero !== undefined ? `${code - zero}` : c === '\u066a' ? '%' : c === '\u066b' ? decimal : '';
  });

/**
 * Longer than any number or point in time a visitor reads (a finite number has at most 309 digits
 * before its decimal mark): such a cell is a gap at once, without reading it (a cell of 1 MB of
 * digits took a regular expression 230 ms).
 */
const LONGEST = 1_000;

const NUMBER = new RegExp(
  `^([-−+]?)\\s*(?:\\p{Sc}|[A-Z]{2,3}|%)?\\s*([-−+]?)(\\d[\\d.,\u00a0\u202f]*?)(?:[eE]([-+]?\\d+))?\\s*(?:(${MAGNITUDE})\\s*)?(?:\\p{Sc}|%|[A-Za-z]{1,3}|bytes?|bayt)?$`,
  'u',
);

/**
 * `€7,320` → 7320, `1.234,5` → 1234.5 (`decimal` ','), `71%` → 71, `(12)` → -12, `-3` → -3,
 * `1e6` → 1000000, `$1.2M` → 1200000, `١٬٢٣٤` → 1234; anything else (text, `n/a`, `NaN`,
 * `Infinity`, a value beyond ±1.8e308, an empty cell, a cell over `LONGEST`) → null, a gap rather
 * than a zero.
 */
export function parseNumber(cell: string, decimal: string): number | null {
  if (cell.length > LONGEST) return null;
  let s = asciiDigits(cell, decimal).trim();
  const parens = /^\(.+\)$/.test(s);
  if (parens) s = s.slice(1, -1);
  const m = NUMBER.exec(s);
  if (!m) return null;
  const n = m[3]!.replace(/\s/g, '');
  const marks = n.replace(/\d/g, '');
  const last = Math.max(n.lastIndexOf('.'), n.lastIndexOf(','));
  // Both kinds: the last is the decimal mark. One mark once: the locale's, or any not followed by
  // a group of three digits.
  // Not /\..*,|,.*\./: on 1,000 dots it backtracks for 2 ms a cell (a sort of 1,000 such rows held the page 315 ms).
  const isDecimal =
    (marks.includes('.') && marks.includes(',')) || marks === decimal || (marks.length === 1 && n.length - last !== 4);
  const whole = (isDecimal ? n.slice(0, last) : n).replace(/[.,]/g, '');
  const value = +`${whole}.${isDecimal ? n.slice(last + 1) : ''}e${+(m[4] ?? 0) + (m[5] ? scale(m[5]) : 0)}`;
  // 400 digits or `1e999` overflow to Infinity: not a number a chart or a sort can place (docs/charts.md).
  if (!Number.isFinite(value)) return null;
  return parens || /[-−]/.test(m[1]! + m[2]) ? -value : value;
}

/**
 * Units of one quantity that a column may mix, with their size in the quantity's smallest: sizes
 * as databases print them (`pg_size_pretty`: `8192 bytes`, `512 kB`, `3 GB`, 1 kB = 1024 bytes)
 * and durations (`850 ms`, `1.2 s`, `2 min`, `5 dk`). Not `m` alone: minutes or metres.
 */
const UNITS = new Map<string, [quantity: string, size: number]>();
for (const [quantity, names, size] of [
  ['B', 'B bytes byte bayt', 1],
  ['B', 'kB KB KiB', 2 ** 10],
  ['B', 'MB MiB', 2 ** 20],
  ['B', 'GB GiB', 2 ** 30],
  ['B', 'TB TiB', 2 ** 40],
  ['B', 'PB PiB', 2 ** 50],
  ['s', 'ms', 1e-3],
  ['s', 's sec sn', 1],
  ['s', 'min dk', 60],
  ['s', 'h hr hrs sa', 3600],
] as const)
  for (const name of names.split(' ')) UNITS.set(name, [quantity, size]);

/** The unit of UNITS a number cell ends with: `512 kB` → `kB`, `(3 GB)` → `GB`. */
export const unitWord = (cell: string): string | undefined => {
  const word = /([A-Za-z]+)[^\dA-Za-z]*$/.exec(cell)?.[1];
  return word && UNITS.has(word) ? word : undefined;
};

/**
 * A column that writes one quantity in several units (`512 kB` beside `3 GB`, `850 ms` beside
 * `1.2 s`; `units` by row, from unitWord) in the unit of its largest value, as an axis reads best:
 * `512 kB` is then 0.00049 GB rather than 512, for a sort and a chart. Changes `values` in place
 * and returns that unit; a column of one unit, or of units of different quantities, is left as it
 * is (undefined).
 */
export function inOneUnit(units: (string | undefined)[], values: (number | null)[] | Float64Array): string | undefined {
  const size = (unit: string) => UNITS.get(unit)![1];
  // `512 B` was read as 512 billion (./MAGNITUDE): among sizes, B is bytes.
  const inSmallest = (i: number) => (values[i]! * size(units[i]!)) / (units[i] === 'B' ? 1e9 : 1);
  const seen = new Set<string>();
  let main = '';
  let most = -1;
  units.forEach((unit, i) => {
    if (!unit) return;
    seen.add(unit);
    if (Math.abs(inSmallest(i)) > most) [main, most] = [unit, Math.abs(inSmallest(i))];
  });
  if (seen.size < 2 || new Set([...seen].map((unit) => UNITS.get(unit)![0])).size > 1) return;
  units.forEach((unit, i) => {
    if (unit) values[i] = inSmallest(i) / size(main);
  });
  return main;
}

export const decimalOf = (locale: Locale) => (locale === 'tr' ? ',' : '.');

/** A column is numeric when at least half its cells read as numbers (the rest are gaps). */
export const numeric = (values: (number | null)[]) =>
  values.some((v) => v != null) && values.filter((v) => v != null).length * 2 >= values.length;

let months: Map<string, number> | undefined;

/** Month names (long and short, English and Turkish) → 1..12, from Intl rather than a word list. */
function month(word: string): number | undefined {
  if (!months) {
    months = new Map();
    for (const locale of ['en', 'tr'])
      for (const style of ['long', 'short'] as const)
        for (let i = 0; i < 12; i++)
          months.set(
            new Intl.DateTimeFormat(locale, { month: style })
              .format(new Date(2e3, i, 9))
              .toLowerCase()
              .replace('.', ''),
            i + 1,
          );
  }
  return months.get(word.toLowerCase());
}

/** `03/15/2024`, `15/03/24`: the month or the day first, which readsDayFirst decides for a column. */
const SLASH = /^(\d\d?)\/(\d\d?)\/(\d{4}|\d\d)$/;

/**
 * Whether a column's slash dates (`03/04/2024`) put the day first: yes when one of them can only
 * be read so (`15/03/2024`), no when one can only be read month first (`03/15/2024`), else as the
 * visitor's language writes dates (Turkish: day first). No when it has none.
 */
export function readsDayFirst(labels: string[], locale: Locale): boolean {
  let some = false;
  for (const label of labels) {
    const m = SLASH.exec(label.trim());
    if (!m) continue;
    if (+m[1]! > 12) return true;
    if (+m[2]! > 12) return false;
    some = true;
  }
  return some && locale === 'tr';
}

/** The time of a day, or null when there is no such day (`31 Feb`, month 13). */
const day = (year: number, month: number, date: number): number | null => {
  const t = Date.UTC(year, month - 1, date);
  return new Date(t).getUTCDate() === date && month >= 1 && month <= 12 ? t : null;
};

/**
 * A number that orders a label in time, or null when it is no point in time: `2024`, `Q3 2024`,
 * `2024 Q3`, `March`, `Mar 2024`, `Mart 2024`, `2024-03`, `2024-03-15`, `15.03.2024`,
 * `Mar 15, 2024`, `15 Mart 2024`, `03/15/2024` (`15/03/2024`, and `03/04/2024` when `dayFirst`).
 */
export function timeKey(label: string, dayFirst = false): number | null {
  if (label.length > LONGEST) return null;
  const s = asciiDigits(label, '.').trim();
  let m = /^(\d\d?)\.(\d\d?)\.(\d{4})$/.exec(s);
  if (m) return day(+m[3]!, +m[2]!, +m[1]!);
  if ((m = SLASH.exec(s))) {
    const [a, b, y] = [+m[1]!, +m[2]!, +m[3]!];
    const year = m[3]!.length === 2 ? y + (y < 70 ? 2000 : 1900) : y;
    return (dayFirst && b <= 12) || a > 12 ? day(year, b, a) : day(year, a, b);
  }
  if (/^\d{4}-\d\d(-\d\d([T ][\d:.]+Z?)?)?$/.test(s)) return Date.parse(s) || null;
  if (/^\d{4}$/.test(s)) return +s * 16;
  if ((m = /^(?:[QÇ]([1-4])(?:\s*(\d{4}))?|(\d{4})[\s-]*[QÇ]([1-4]))$/i.exec(s)))
    return +(m[2] ?? m[3] ?? 0) * 16 + +(m[1] ?? m[4])! * 3;
  if ((m = /^(\p{L}+)\.?(?:\s+(\d{4}))?$/u.exec(s))) {
    const i = month(m[1]!);
    if (i) return +(m[2] ?? 0) * 16 + i;
  }
  // A day of a named month, with its year: `Mar 15, 2024`, `March 15th 2024`, `15 Mart 2024`, `15. März 2024`.
  if ((m = /^(?:(\p{L}+)\.?\s+(\d\d?)(?:st|nd|rd|th)?|(\d\d?)\.?\s+(\p{L}+)\.?),?\s+(\d{4})$/u.exec(s))) {
    const i = month(m[1] ?? m[4]!);
    if (i) return day(+m[5]!, i, +(m[2] ?? m[3])!);
  }
  return null;
}

/** A table (header row first) gets a chart: at least two rows and a numeric column after the labels. */
export const chartable = (rows: string[][], locale: Locale) =>
  rows.length > 2 &&
  rows[0]!.some(
    (_, i) =>
      i > 0 &&
      numericColumn(
        rows.slice(1).map((r) => r[i] ?? ''),
        locale,
      ),
  );

const numericColumn = (cells: string[], locale: Locale) => numeric(cells.map((c) => parseNumber(c, decimalOf(locale))));

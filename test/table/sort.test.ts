// @vitest-environment node
// Sorting a column in slices (src/table/sort.ts): the same order as a stable sort of the cells,
// numbers as numbers, time as time, gaps last; and no slice longer than a few thousand steps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Work } from '../../src/table/chunked';
import { columnKeys, sortedOrder } from '../../src/table/sort';

/** Runs work to its end, counting the yields. */
function finish<T>(work: Work<T>): { value: T; yields: number } {
  let yields = 0;
  for (;;) {
    const step = work.next();
    if (step.done) return { value: step.value, yields };
    yields++;
  }
}

const order = (cells: string[], direction: 1 | -1 = 1, locale: 'en' | 'tr' = 'en') =>
  Array.from(
    finish(sortedOrder(finish(columnKeys(cells.length, (i) => cells[i]!, locale)).value, direction, locale)).value,
    (i) => cells[i],
  );

describe('sorting a column', () => {
  it('numbers as numbers, gaps last both ways, ties in the table order', () => {
    const cells = ['€9,870', 'n/a', '€48,200', '€22,400', '', '€22,400', '-5'];
    expect(order(cells)).toEqual(['-5', '€9,870', '€22,400', '€22,400', '€48,200', 'n/a', '']);
    expect(order(cells, -1)).toEqual(['€48,200', '€22,400', '€22,400', '€9,870', '-5', 'n/a', '']);
  });

  it('amounts with a word of size by their value: $1.2M above $850K', () => {
    expect(order(['$850K', '$1.2M', '$95K', '$2.1B'], -1)).toEqual(['$2.1B', '$1.2M', '$850K', '$95K']);
    expect(order(['1,2 Mn TL', '450 bin TL', '3,4 milyar TL'], 1, 'tr')).toEqual([
      '450 bin TL',
      '1,2 Mn TL',
      '3,4 milyar TL',
    ]);
  });

  it('sizes and durations in several units by their size: 3 GB above 512 kB, 1.2 s above 850 ms', () => {
    // As pg_size_pretty prints a table's size, and as answers write durations.
    expect(order(['512 kB', '3 GB', '8192 bytes', '1.5 MB', '900 kB', '(12 GB)'], -1)).toEqual([
      '3 GB',
      '1.5 MB',
      '900 kB',
      '512 kB',
      '8192 bytes',
      '(12 GB)',
    ]);
    expect(order(['850 ms', '1.2 s', '2 min', '40 ms', '1 h'])).toEqual(['40 ms', '850 ms', '1.2 s', '2 min', '1 h']);
    expect(order(['512 B', '3 KiB', '2 B'])).toEqual(['2 B', '512 B', '3 KiB']);
    expect(order(['5 dk', '90 sn', '1 sa'], 1, 'tr')).toEqual(['90 sn', '5 dk', '1 sa']);
    // One unit, or units of different quantities: the numbers as written.
    expect(order(['$2.1B', '$850M', '$1.2B'], -1)).toEqual(['$2.1B', '$1.2B', '$850M']);
    expect(order(['5 MB', '3 s', '4 kg'])).toEqual(['3 s', '4 kg', '5 MB']);
  });

  it('dates with a day of a named month, and slash dates, in time', () => {
    expect(order(['Mar 15, 2024', 'Jan 2, 2025', 'Dec 31, 2023', 'March 1st 2024'])).toEqual([
      'Dec 31, 2023',
      'March 1st 2024',
      'Mar 15, 2024',
      'Jan 2, 2025',
    ]);
    expect(order(['15 Mart 2024', '2 Ocak 2025', '31 Aralık 2023'], 1, 'tr')).toEqual([
      '31 Aralık 2023',
      '15 Mart 2024',
      '2 Ocak 2025',
    ]);
    // Month first in English, as the numbers say when one of them is over 12 ...
    expect(order(['12/15/2024', '1/2/2025', '03/04/2024'])).toEqual(['03/04/2024', '12/15/2024', '1/2/2025']);
    // ... day first when one of them says so, whatever the language, and in Turkish when none does.
    expect(order(['15/12/2024', '02/01/2025', '03/04/2024'])).toEqual(['03/04/2024', '15/12/2024', '02/01/2025']);
    expect(order(['02/01/2025', '03/04/2024', '01/05/24'], 1, 'tr')).toEqual(['03/04/2024', '01/05/24', '02/01/2025']);
    expect(order(['02/01/2025', '03/04/2024', '01/05/24'])).toEqual(['01/05/24', '03/04/2024', '02/01/2025']);
    // No such day: not a date (the column sorts as text).
    expect(order(['31/02/2024', '01/01/2024'])).toEqual(['01/01/2024', '31/02/2024']);
  });

  it('numbers in Arabic-Indic or Persian digits as numbers, direction marks and all', () => {
    expect(order(['١٢', '٨', '١٠٠', '\u200f٣٫٥'])).toEqual(['\u200f٣٫٥', '٨', '١٢', '١٠٠']);
    expect(order(['۱۲۰', '۹'], -1)).toEqual(['۱۲۰', '۹']);
  });

  it('months as time; text in the collation, numbers inside it as numbers', () => {
    expect(order(['March', 'January', 'February'])).toEqual(['January', 'February', 'March']);
    expect(order(['item 10', 'item 9', '', 'Item 1'])).toEqual(['Item 1', 'item 9', 'item 10', '']);
  });

  it("a Turkish visitor's numbers, dates and letters", () => {
    expect(order(['1.234,5', '99,9', '12.000'], 1, 'tr')).toEqual(['99,9', '1.234,5', '12.000']);
    expect(order(['15.02.2024', '30.01.2024'], 1, 'tr')).toEqual(['30.01.2024', '15.02.2024']);
    expect(order(['Zonguldak', 'İzmir', 'Çorum', 'Ankara'], 1, 'tr')).toEqual([
      'Ankara',
      'Çorum',
      'İzmir',
      'Zonguldak',
    ]);
  });

  it('equals a stable sort of the keys, for any column', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -50, max: 50 }).map(String), fc.constantFrom('', 'n/a')), {
          maxLength: 300,
        }),
        (cells) => {
          const numeric =
            cells.filter((c) => /\d/.test(c)).length * 2 >= cells.length && cells.some((c) => /\d/.test(c));
          if (!numeric) return;
          const expected = cells
            .map((c, i) => [c, i] as const)
            .sort(([a, i], [b, j]) => {
              const x = /\d/.test(a) ? +a : NaN;
              const y = /\d/.test(b) ? +b : NaN;
              return (x !== x ? +(y === y) : y !== y ? -1 : x - y) || i - j;
            })
            .map(([c]) => c);
          expect(order(cells)).toEqual(expected);
        },
      ),
    );
  });

  it('130,000 rows: yields every few thousand comparisons and never spreads rows into arguments', () => {
    const n = 130_000;
    const cells = Array.from({ length: n }, (_, i) => String((i * 7919) % n));
    const keys = finish(columnKeys(n, (i) => cells[i]!, 'en'));
    expect(keys.yields).toBeGreaterThan(n / 300);
    const sorted = finish(sortedOrder(keys.value, 1, 'en'));
    expect(sorted.yields).toBeGreaterThan((n * Math.log2(n)) / 4_096);
    expect(sorted.value).toHaveLength(n);
    for (let i = 1; i < n; i++)
      if (+cells[sorted.value[i]!]! < +cells[sorted.value[i - 1]!]!) throw new Error(`unsorted at ${i}`);
  });
});

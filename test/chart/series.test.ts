// @vitest-environment node
// Units (src/chart/series.ts): which columns may share an axis.
import { describe, expect, it } from 'vitest';
import { chartData, column, headerUnit, sameAxis, unitOf } from '../../src/chart/series';
import { parseNumber } from '../../src/cells/values';

const col = (name: string, cells: string[]) =>
  column(
    name,
    cells,
    cells.map((c) => parseNumber(c, '.')),
  )!;

describe('units', () => {
  it('a cell’s unit is what is left without the number; currency codes and signs are one unit', () => {
    expect(
      ['€7,320', '7.320 TL', '₺1.234,50', '71%', '%71', '12 kg', '(12)', '-3', '1e6', '$1,234.50', '1,234 EUR'].map(
        unitOf,
      ),
    ).toEqual(['€', '₺', '₺', '%', '%', 'kg', '', '', '', '$', '€']);
  });

  it('a word of size is part of the number, not of its unit: $1.2M and $850K are dollars on one axis', () => {
    expect(['$1.2M', '$850K', '1,2 Mn TL', '3.4bn', '5 MB', '12 kg'].map(unitOf)).toEqual([
      '$',
      '$',
      '₺',
      '',
      'MB',
      'kg',
    ]);
    // Arabic digits are digits, the Arabic percent sign is %.
    expect(['٧١٪', '١٢٬٥٠٠ €', '\u200f١٢'].map(unitOf)).toEqual(['%', '€', '']);
    const revenue = col('Revenue', ['$1.2M', '$850K', '$95K']);
    expect(revenue.unit).toBe('$');
    expect(revenue.values).toEqual([1_200_000, 850_000, 95_000]);
  });

  it('sizes or durations in several units are drawn in the unit of the largest: 512 MB is 0.5 GB', () => {
    const size = col('Size', ['512 MB', '3 GB', '1.5 MB', '8192 bytes']);
    expect(size.unit).toBe('GB');
    expect(size.values).toEqual([0.5, 3, 1.5 / 1024, 8192 / 2 ** 30]);
    expect(size.size).toBe(3);
    const took = col('Took', ['850 ms', '1.2 s', '40 ms']);
    expect([took.unit, took.values]).toEqual(['s', [0.85, 1.2, 0.04]]);
    // `B` beside other sizes is bytes, not billions.
    const small = col('Size', ['512 B', '2 kB', '3 B']);
    expect([small.unit, small.values]).toEqual(['kB', [0.5, 2, 3 / 1024]]);
    // Units of two quantities: the unit of most cells, the others gaps (said under the chart).
    const mixed = col('Mixed', ['5 MB', '3 s', '4 MB']);
    expect([mixed.unit, mixed.values, mixed.other]).toEqual(['MB', [5, null, 4], { count: 1, units: ['s'] }]);
  });

  it('a cell in a unit no conversion reaches is a gap: €300K in a column of ₺ is no ₺300K', () => {
    const revenue = col('Revenue', ['₺1.2M', '€300K', '₺900K', '7,320 TL', '$5K']);
    expect(revenue.unit).toBe('₺');
    expect(revenue.values).toEqual([1_200_000, null, 900_000, 7320, null]);
    expect(revenue.other).toEqual({ count: 2, units: ['€', '$'] });
    // Plain numbers beside a unit, and a unit given by the header, are in that unit.
    expect(col('Share', ['12%', '15', '18 %']).other).toBeUndefined();
    expect(col('Revenue (EUR)', ['48000', '52000']).other).toBeUndefined();
    expect(col('Weight', ['5 kg', '7 KG']).other).toBeUndefined();
  });

  it('a header can give the unit: "Share (%)", "Revenue [EUR]", "Share %"', () => {
    expect(
      ['Share (%)', 'Revenue [EUR]', 'Share %', 'Revenue (TL)', 'Orders', 'Sales (2024)', 'Price €'].map(headerUnit),
    ).toEqual(['%', '€', '%', '₺', '', '', '€']);
  });

  it('a count, a percentage and money never share an axis; nor do values more than 20 times apart', () => {
    const orders = col('Orders', ['412', '530']);
    const returns = col('Returns', ['27', '31']);
    const tiny = col('Complaints', ['1', '2']);
    const share = col('Share', ['12.5%', '14%']);
    const revenue = col('Revenue (EUR)', ['48000', '52000']);
    const revenue2 = col('Cost', ['€30,000', '€41,000']);
    expect(sameAxis(orders, returns)).toBe(true);
    expect(sameAxis(orders, tiny)).toBe(false); // 530 / 2 > 20
    expect(sameAxis(orders, share)).toBe(false);
    expect(sameAxis(orders, revenue)).toBe(false);
    expect(sameAxis(revenue, revenue2)).toBe(true);
    expect(revenue.unit).toBe('€');
    expect(sameAxis(col('Zero', ['0', '0']), orders)).toBe(true);
  });

  it('non-finite cells are gaps, so a column of them is not numeric', () => {
    expect(
      chartData(
        [
          ['Item', 'X'],
          ['a', 'NaN'],
          ['b', 'Infinity'],
          ['c', '9'.repeat(400)],
        ],
        'en',
      ),
    ).toBeNull();
    expect(
      chartData(
        [
          ['Year', 'Big'],
          ['2023', '1e308'],
          ['2024', '1.7e308'],
        ],
        'en',
      )!.series[0]!.values,
    ).toEqual([1e308, 1.7e308]);
  });
});

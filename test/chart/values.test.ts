// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chartData, inTimeOrder } from '../../src/chart/series';
import { chartable, parseNumber, readsDayFirst, timeKey } from '../../src/cells/values';

describe('parseNumber: values as the visitor reads them', () => {
  it.each([
    ['€7,320', '.', 7320],
    ['$1,234.50', '.', 1234.5],
    ['1.234,5', ',', 1234.5],
    ['₺7.320,50', ',', 7320.5],
    ['7.320 TL', ',', 7320],
    ['1,5', ',', 1.5],
    ['1.5', '.', 1.5],
    ['1,234,567', '.', 1234567],
    ['1.234.567', ',', 1234567],
    ['1,234.5', ',', 1234.5],
    ['71%', '.', 71],
    ['(4,4)', ',', -4.4],
    ['(4,4)', '.', -4.4],
    ['18,75', '.', 18.75],
    ['1,234', ',', 1.234],
    ['1.234', '.', 1.234],
    ['1,2345', '.', 1.2345],
    ['%71', ',', 71],
    ['-3', '.', -3],
    ['−3', '.', -3],
    ['(12)', '.', -12],
    ['-€40', '.', -40],
    ['€-40', '.', -40],
    ['12 kg', '.', 12],
    ['1\u00a0234', '.', 1234],
    ['0', '.', 0],
    // Amounts with a word of size, as data answers write them.
    ['$1.2M', '.', 1_200_000],
    ['$850K', '.', 850_000],
    ['850k', '.', 850_000],
    ['0.29K', '.', 290],
    ['€1.5B', '.', 1_500_000_000],
    ['3.4bn', '.', 3_400_000_000],
    ['$2.1T', '.', 2_100_000_000_000],
    ['1.2MM', '.', 1_200_000],
    ['(1.2M)', '.', -1_200_000],
    ['-$3.5K', '.', -3500],
    ['2.5 million', '.', 2_500_000],
    ['1,2 Mn TL', ',', 1_200_000],
    ['450 bin TL', ',', 450_000],
    ['3,4 milyar', ',', 3_400_000_000],
    ['1e3K', '.', 1_000_000],
    // Other digits, Arabic separators and percent sign, and the direction marks around numbers.
    ['٧١٪', '.', 71],
    ['١٬٢٣٤٫٥', '.', 1234.5],
    ['١٫٢٣٤', ',', 1.234],
    ['۱۲۳', '.', 123],
    ['१२३', '.', 123],
    ['১২৩', '.', 123],
    ['๑๒๓', '.', 123],
    ['１２３', '.', 123],
    ['\u200f-12\u200f', '.', -12],
    ['1,234\u200e', '.', 1234],
    ['\u2067€7,320\u2069', '.', 7320],
    ['\u061c١٢', '.', 12],
    // A letter after it makes a unit; lower-case m, b and t alone are units.
    ['5 MB', '.', 5],
    ['12 km', '.', 12],
    ['7 m', '.', 7],
    ['64 b', '.', 64],
    ['3 t', '.', 3],
  ])('%s (decimal mark %s) → %s', (cell, decimal, value) => {
    expect(parseNumber(cell, decimal)).toBe(value);
  });

  it('a cell longer than any number is a gap at once, however many digits it holds', () => {
    expect(parseNumber('1'.repeat(300), '.')).toBe(+'1'.repeat(300));
    expect(parseNumber('1'.repeat(1e6) + 'M', '.')).toBeNull();
    expect(parseNumber('١'.repeat(1e6), '.')).toBeNull();
    expect(timeKey('2024' + ' '.repeat(1e6))).toBeNull();
  });

  it.each(['', 'n/a', '—', 'Marmara', 'Q1 2024', '#1031', '12 minutes ago', '2024 12', '1-2'])(
    '%j is a gap, not a zero',
    (cell) => {
      expect(parseNumber(cell, '.')).toBeNull();
    },
  );
});

describe('timeKey and time order', () => {
  it('orders years, quarters, months in English and Turkish, and dates', () => {
    const ordered = [
      ['2021', '2022', '2023'],
      ['Q1 2024', 'Q2 2024', '2024 Q3', '2024-Q4'],
      ['Q1', 'Q2', 'Q3'],
      ['January', 'February', 'March'],
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
      ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
      ['Oca', 'Şub', 'Mar'],
      ['Nov 2023', 'Dec 2023', 'Jan 2024'],
      ['Kasım 2023', 'Aralık 2023', 'Ocak 2024'],
      ['2024-01', '2024-02', '2024-03'],
      ['2024-01-30', '2024-02-01', '2024-02-15'],
      ['30.01.2024', '01.02.2024', '15.02.2024'],
      ['Dec 30, 2023', 'Dec 31, 2023', 'Jan 1, 2024'],
      ['30 Aralık 2023', '31 Aralık 2023', '1 Ocak 2024'],
      ['12/30/2024', '12/31/2024', '01/01/2025'],
      ['30/12/2024', '31/12/2024', '01/01/2025'],
      ['2023', '2022', '2021'],
    ];
    for (const labels of ordered) expect(inTimeOrder(labels), labels.join(' ')).toBe(true);
  });

  it('categories, unordered months and mixed labels are not a time line', () => {
    for (const labels of [
      ['Marmara', 'Aegean', 'Central Anatolia'],
      ['March', 'January', 'February'],
      ['2021', 'Total'],
      ['1', '2', '3'],
      ['May', 'May'],
    ])
      expect(inTimeOrder(labels), labels.join(' ')).toBe(false);
    expect(timeKey('Mayıs')).toBe(5);
    expect(timeKey('٢٠٢٤')).toBe(timeKey('2024'));
    expect(inTimeOrder(['٢٠٢٢', '٢٠٢٣', '٢٠٢٤'])).toBe(true);
    expect(timeKey('may')).toBe(5);
    // No such day, a day without its month's name: not a point in time.
    for (const label of [
      '31/02/2024',
      '13/13/2024',
      '00/05/2024',
      '05.00.2024',
      '32.01.2024',
      'Feb 30, 2024',
      'Region 15, 2024',
    ])
      expect(timeKey(label), label).toBeNull();
    expect(timeKey('03/04/2024')).toBe(Date.UTC(2024, 2, 4));
    expect(timeKey('03/04/2024', true)).toBe(Date.UTC(2024, 3, 3));
    expect(timeKey('15. Mart 2024')).toBe(Date.UTC(2024, 2, 15));
    // A column decides which number of its slash dates is the day; one without any is not read again.
    expect(readsDayFirst(['03/04/2024', '15/03/2024'], 'en')).toBe(true);
    expect(readsDayFirst(['03/04/2024', '03/15/2024'], 'tr')).toBe(false);
    expect(readsDayFirst(['03/04/2024'], 'tr')).toBe(true);
    expect(readsDayFirst(['03/04/2024'], 'en')).toBe(false);
    expect(readsDayFirst(['2024-03-04', '15.03.2024'], 'tr')).toBe(false);
  });
});

describe('chartData', () => {
  it('takes the first column as labels and every numeric column as a series', () => {
    const data = chartData(
      [
        ['Month', 'Revenue', 'Note', 'Orders'],
        ['Jan', '€7,320', 'quiet', '12'],
        ['Feb', '€8,010', 'busy', '—'],
      ],
      'en',
    );
    expect(data).toEqual({
      labelName: 'Month',
      labels: ['Jan', 'Feb'],
      series: [
        { name: 'Revenue', values: [7320, 8010], cells: ['€7,320', '€8,010'], unit: '€', size: 8010 },
        { name: 'Orders', values: [12, null], cells: ['12', '—'], unit: '', size: 12 },
      ],
      time: true,
      locale: 'en',
    });
  });

  it('chartable: a label column, a numeric column and at least two rows', () => {
    expect(
      chartable(
        [
          ['Region', 'Revenue'],
          ['Marmara', '€48,200'],
          ['Aegean', '—'],
        ],
        'en',
      ),
    ).toBe(true);
    expect(
      chartable(
        [
          ['Region', 'Revenue'],
          ['Marmara', '€48,200'],
        ],
        'en',
      ),
    ).toBe(false);
    expect(
      chartable(
        [
          ['Customer', 'Owner'],
          ['Acme', 'Ayşe'],
          ['Bauhaus', 'Jonas'],
        ],
        'en',
      ),
    ).toBe(false);
    expect(chartable([['Year'], ['2023'], ['2024']], 'en')).toBe(false);
  });

  it('is null for a table with no numbers or a single row', () => {
    expect(
      chartData(
        [
          ['City', 'Team'],
          ['İzmir', 'A'],
          ['Köln', 'B'],
        ],
        'en',
      ),
    ).toBeNull();
    expect(
      chartData(
        [
          ['City', 'Sales'],
          ['İzmir', '3'],
        ],
        'en',
      ),
    ).toBeNull();
  });
});

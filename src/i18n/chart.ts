// The chart's words, in widget-chart.js only (widget.js does not carry these strings).
import type { Locale } from '../types';

/**
 * What a chart shows, said as a sentence: "Line chart of Revenue and Orders by Month, from Jan to
 * Jun" / "Ay bazında Gelir ve Sipariş çizgi grafiği, Oca – Haz".
 */
export function chartName(
  locale: Locale,
  line: boolean,
  series: string[],
  by: string,
  first: string,
  last: string,
): string {
  const what = new Intl.ListFormat(locale, { type: 'conjunction' }).format(series);
  return locale === 'tr'
    ? `${by} bazında ${what} ${line ? 'çizgi' : 'çubuk'} grafiği, ${first} – ${last}`
    : `${line ? 'Line' : 'Bar'} chart of ${what} by ${by}, from ${first} to ${last}`;
}

const N = (locale: Locale, n: number) => new Intl.NumberFormat(locale).format(n);

/** The chart's other words: the `chart-series` control and the notes under a chart. */
export const chartText = (locale: Locale) =>
  locale === 'tr'
    ? {
        series: 'Grafikteki sütunlar',
        show: 'Göster',
        add: 'Aynı birimde ekle:',
        reading: 'Tablo okunuyor…',
        none: 'Bu tablonun hiçbir sütunu grafiğe dökülebilecek sayılar içermiyor.',
        bars: (shown: number, all: number) =>
          `${N(locale, all)} satırın ilk ${N(locale, shown)} tanesi gösteriliyor. ` +
          'Hangilerinin gösterileceğini seçmek için tabloyu sıralayın.',
        line: (shown: number, all: number) =>
          `${N(locale, all)} değer: çizgi, en yüksek ve en düşük noktaları koruyarak ` +
          `${N(locale, shown)} tanesinden geçiyor.`,
        joined: 'Bu uzunlukta veri boşlukları gösterilemiyor: çizgi onların üzerinden geçiyor.',
        other: (n: number, units: string, unit: string) =>
          unit
            ? `Eksen ${unit} cinsinden; ${units} cinsinden ${N(locale, n)} değer çizilmedi.`
            : `${units} cinsinden ${N(locale, n)} değer çizilmedi: diğerlerinin birimi yok.`,
      }
    : {
        series: 'Columns in the chart',
        show: 'Show',
        add: 'Add, same unit:',
        reading: 'Reading the table…',
        none: 'No column of this table holds numbers to chart.',
        bars: (shown: number, all: number) =>
          `Showing the first ${N(locale, shown)} of ${N(locale, all)} rows. Sort the table to choose which.`,
        line: (shown: number, all: number) =>
          `${N(locale, all)} values: the line goes through ${N(locale, shown)} of them, keeping the highs and lows.`,
        joined: 'Gaps in the data cannot be shown at this length: the line runs across them.',
        other: (n: number, units: string, unit: string) => {
          const left = `${N(locale, n)} ${n === 1 ? 'value' : 'values'} in ${units} ${n === 1 ? 'is' : 'are'} not drawn`;
          return unit ? `The axis is in ${unit}; ${left}.` : `${left}: the others have no unit.`;
        },
      };

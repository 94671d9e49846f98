// The chart's accessible name, in widget-chart.js only (widget.js does not carry these strings).
import type { Locale } from '../types';

/**
 * What a chart shows, said as a sentence: "Line chart of Revenue and Orders by Month, from Jan to
 * Jun" / "Ay bazında Gelir ve Sipariş çizgi grafiği, Oca – Haz".
 */
export function chartName(locale: Locale, line: boolean, series: string[], by: string, first: string, last: string): string {
  const what = new Intl.ListFormat(locale, { type: 'conjunction' }).format(series);
  return locale == 'tr'
    ? `${by} bazında ${what} ${line ? 'çizgi' : 'çubuk'} grafiği, ${first} – ${last}`
    : `${line ? 'Line' : 'Bar'} chart of ${what} by ${by}, from ${first} to ${last}`;
}

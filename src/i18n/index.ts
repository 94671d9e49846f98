import type { Locale } from '../types';
import { MESSAGES } from './messages';

type Table = typeof MESSAGES;
/** One locale's column of the table: `[en, tr]` pairs become the English (or Turkish) value. */
type Column<T> = T extends readonly [infer En, unknown] ? En : { [K in keyof T]: Column<T[K]> };
export type Messages = Column<Table>;

const column = (node: object, i: number): any =>
  Array.isArray(node) ? node[i] : Object.fromEntries(Object.entries(node).map(([k, v]) => [k, column(v, i)]));

const catalogs: Record<Locale, Messages> = { en: column(MESSAGES, 0), tr: column(MESSAGES, 1) };

export const messages = (locale: Locale): Messages => catalogs[locale];

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31557600], ['month', 2629800], ['week', 604800], ['day', 86400], ['hour', 3600], ['minute', 60],
];

/** "in 3 hours" / "3 saat sonra", "yesterday" / "dün", in the UI locale. */
export function relativeTime(locale: Locale, iso: string, now = Date.now()): string {
  const diff = (Date.parse(iso) - now) / 1000;
  if (Number.isNaN(diff)) return '';
  // The largest unit that fits (seconds below a minute).
  const [unit, size] = UNITS.find(([, s]) => Math.abs(diff) >= s) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(diff / size), unit);
}

/** A reset moment said plainly: "in 5 minutes" or "on 1 December at 00:00". */
export function resetTime(locale: Locale, iso: string | undefined, now = Date.now()): string | null {
  const t = Date.parse(iso as string); // NaN when missing or invalid
  if (Number.isNaN(t)) return null;
  return t - now < 216e5 // 6 hours
    ? relativeTime(locale, iso as string, now)
    : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(t);
}

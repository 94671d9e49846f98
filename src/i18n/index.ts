import type { Locale } from '../types';
import type { VOICE_MESSAGES } from '../voice/messages';
import { MESSAGES } from './messages';

/** The voice runtime's sentences are in it once the runtime has handed them over (`addMessages`). */
type Table = typeof MESSAGES & typeof VOICE_MESSAGES;
/** One locale's column of the table: `[en, tr]` pairs become the English (or Turkish) value. */
type Column<T> = T extends readonly [infer En, unknown] ? En : { [K in keyof T]: Column<T[K]> };
export type Messages = Column<Table>;

const column = (node: object, i: number): unknown =>
  Array.isArray(node) ? node[i] : Object.fromEntries(Object.entries(node).map(([k, v]) => [k, column(v, i)]));

const catalogs = { en: {}, tr: {} } as Record<Locale, Messages>;

/**
 * Adds sentences to every locale's catalog, for good: the core's own at load, and what a runtime
 * carries (widget-voice.js: what only a spoken turn says) when it hands it over, before it can make
 * the widget say any of it.
 */
export const addMessages = (table: object): void => {
  Object.assign(catalogs.en, column(table, 0));
  Object.assign(catalogs.tr, column(table, 1));
};
addMessages(MESSAGES);

export const messages = (locale: Locale): Messages => catalogs[locale];

/**
 * The UI language's writing direction, which the widget's own chrome keeps whatever the page's
 * `dir` (docs/protocol.md, "Direction"). Both UI languages are written left to right.
 */
export const textDirection = (locale: Locale): 'ltr' | 'rtl' => (locale === 'tr' || locale === 'en' ? 'ltr' : 'rtl');

/**
 * A whole number with the locale's group separator, "3,000" / "3.000". Not with Intl: the first
 * number format of a page costs V8 tens of milliseconds (docs/hardening.md, long tables).
 */
export const count = (locale: Locale, n: number): string =>
  `${n}`.replace(/\B(?=(\d{3})+$)/g, locale === 'tr' ? '.' : ',');

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31557600],
  ['month', 2629800],
  ['week', 604800],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
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

import type { Locale } from '../types';
import { en, type Messages } from './en';
import { tr } from './tr';

export type { Messages };

const catalogs: Record<Locale, Messages> = { en, tr };

export function messages(locale: Locale): Messages {
  return catalogs[locale];
}

/** "in 3 hours" / "3 saat sonra", "yesterday" / "dün", in the UI locale. */
export function relativeTime(locale: Locale, iso: string, now = Date.now()): string {
  const diff = (Date.parse(iso) - now) / 1000;
  if (!Number.isFinite(diff)) return '';
  const abs = Math.abs(diff);
  const fmt = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const steps: [number, Intl.RelativeTimeFormatUnit][] = [
    [60, 'second'], [3600, 'minute'], [86400, 'hour'], [604800, 'day'], [2629800, 'week'], [31557600, 'month'],
  ];
  let divisor = 1;
  for (const [limit, unit] of steps) {
    if (abs < limit) return fmt.format(Math.round(diff / divisor), unit);
    divisor = limit;
  }
  return fmt.format(Math.round(diff / 31557600), 'year');
}

/** A reset moment said plainly: "in 5 minutes" or "on 1 December at 00:00". */
export function resetTime(locale: Locale, iso: string | undefined, now = Date.now()): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return null;
  if (t - now < 6 * 3600_000) return relativeTime(locale, iso, now);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(t);
}

// How long until a limit resets, said as the visitor reads a countdown (docs/protocol.md "Errors",
// 429): seconds under a minute, then minutes, then hours, and past six hours the date itself.
import type { Locale } from '../types';

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Beyond this a reset is a date ("on 1 December at 00:00"), not a countdown. */
export const FAR_MS = 6 * HOUR;

/** "in 14 seconds" / "14 saniye sonra", "in 5 minutes", "in 3 hours", or the date and time. */
export function untilText(locale: Locale, until: number, now = Date.now()): string {
  const ms = until - now;
  if (ms >= FAR_MS) return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(until);
  // Rounded up: "in 1 second" until the very moment, never "in 0 seconds" before it.
  const [n, unit]: [number, Intl.RelativeTimeFormatUnit] =
    ms < MINUTE
      ? [Math.ceil(ms / 1000), 'second']
      : ms < HOUR
        ? [Math.ceil(ms / MINUTE), 'minute']
        : [Math.round(ms / HOUR), 'hour'];
  return new Intl.RelativeTimeFormat(locale).format(Math.max(1, n), unit);
}

/**
 * When the text of `untilText` next changes (ms from `now`): every second in the last minute, every
 * minute before that, and a far reset only when it comes within six hours. Never past `until`.
 */
export function nextChange(until: number, now = Date.now()): number {
  const ms = until - now;
  if (ms <= 0) return 0;
  if (ms >= FAR_MS) return Math.min(ms - FAR_MS + 1, 2 ** 31 - 1);
  const step = ms <= MINUTE ? 1000 : MINUTE;
  // The boundary where the rounded-up number drops; the last minute starts at exactly 60 s.
  return ms % step || step;
}

// A per-user limit that resets at a known moment (docs/protocol.md "Errors", 429): its notice
// counts down, and Send waits for the reset. Only the current notice holds the limit: once it is
// dismissed or replaced, a send simply asks the service again.
import { useLayoutEffect, useState } from 'preact/hooks';
import { nextChange } from '../i18n/countdown';
import { useStore } from '../state/store';
import { useModel } from './context';

/** The longest delay setTimeout takes (a longer one fires at once). */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * Date.now() at this render; renders again when the countdown to `until` next reads differently
 * (`ticks`: every second in the last minute, every minute before, i18n/countdown.ts), else only at `until`.
 */
export function useClock(until: number | undefined, ticks = true): number {
  const [, force] = useState(0);
  const now = Date.now();
  // A layout effect: set right after the render, so the next tick is not a frame late.
  useLayoutEffect(() => {
    const at = Date.now();
    if (until === undefined || until <= at) return;
    const delay = ticks ? nextChange(until, at) : until - at;
    const timer = setTimeout(() => force((n) => n + 1), Math.min(delay, MAX_DELAY));
    return () => clearTimeout(timer);
  });
  return now;
}

/** The current notice is a limit that has not reset yet. */
export function useLimited(): boolean {
  const notice = useStore(useModel().notice);
  const until = notice?.kind === 'limit' ? notice.until : undefined;
  const now = useClock(until, false);
  return until !== undefined && until > now;
}

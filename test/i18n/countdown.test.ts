// @vitest-environment node
// A limit's reset as a countdown (docs/protocol.md "Errors", 429): what it says, and when it changes.
import { describe, expect, it } from 'vitest';
import { FAR_MS, nextChange, untilText } from '../../src/i18n/countdown';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const s = 1000;

describe('countdown to a reset', () => {
  it('counts seconds in the last minute (rounded up: never "0 seconds" before the reset), in both languages', () => {
    expect(untilText('en', NOW + 14 * s, NOW)).toBe('in 14 seconds');
    expect(untilText('tr', NOW + 14 * s, NOW)).toBe('14 saniye sonra');
    expect(untilText('en', NOW + 13_200, NOW)).toBe('in 14 seconds');
    expect(untilText('en', NOW + 300, NOW)).toBe('in 1 second');
  });

  it('minutes below an hour, hours below six, then the date and time', () => {
    expect(untilText('en', NOW + 61 * s, NOW)).toBe('in 2 minutes');
    expect(untilText('en', NOW + 60 * s, NOW)).toBe('in 1 minute');
    expect(untilText('tr', NOW + 5 * 60 * s, NOW)).toBe('5 dakika sonra');
    expect(untilText('en', NOW + 3 * 3600 * s, NOW)).toBe('in 3 hours');
    expect(untilText('en', NOW + FAR_MS + 1, NOW)).toMatch(/2026/);
  });

  it('changes every second in the last minute, every minute before, and a far reset not before six hours are left', () => {
    expect(nextChange(NOW + 14_200, NOW)).toBe(200);
    expect(nextChange(NOW + 14 * s, NOW)).toBe(1000);
    expect(nextChange(NOW + 60 * s, NOW)).toBe(1000);
    expect(nextChange(NOW + 90 * s, NOW)).toBe(30 * s);
    expect(nextChange(NOW + 10 * 60 * s, NOW)).toBe(60 * s);
    expect(nextChange(NOW + FAR_MS + 5000, NOW)).toBe(5001);
    // A monthly reset weeks away: no timer beyond what setTimeout can hold.
    expect(nextChange(NOW + 40 * 86_400 * s, NOW)).toBe(2 ** 31 - 1);
    expect(nextChange(NOW - 1, NOW)).toBe(0);
  });
});

// @vitest-environment node
// Counts in the UI ("Show all 3,000 rows") are grouped as Intl would group them, without Intl.
import { describe, expect, it } from 'vitest';
import { count } from '../../src/i18n';

describe('count', () => {
  it('groups digits as Intl.NumberFormat does in English and Turkish', () => {
    for (const n of [0, 7, 999, 1_000, 12_345, 201, 1_234_567, 30_000_000]) {
      expect(count('en', n)).toBe(n.toLocaleString('en'));
      expect(count('tr', n)).toBe(n.toLocaleString('tr'));
    }
  });
});

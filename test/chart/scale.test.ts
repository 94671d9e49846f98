// @vitest-environment node
// The value axis (src/chart/scale.ts): ticks bounded by construction, honest labels, whatever the
// numbers. fast-check throws finite doubles of every size at it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fraction, MAX_TICKS, tickLabels, ticks, valueAxis } from '../../src/chart/scale';

describe('ticks', () => {
  it('round steps of 1, 2 or 5 times a power of ten that cover the range', () => {
    expect(ticks(0, 48200)).toEqual([0, 20000, 40000, 60000]);
    expect(ticks(0, 530)).toEqual([0, 200, 400, 600]);
    expect(ticks(-12, 30)).toEqual([-20, 0, 20, 40]);
    expect(ticks(0.2, 0.9)).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
    expect(ticks(0, 0.3)).toEqual([0, 0.1, 0.2, 0.3]); // not 0.30000000000000004
    expect(ticks(5, 5)).toEqual([4, 6]); // one value: still an axis around it
  });

  it('values one unit apart beyond 2^53, and spans near the largest double: a few ticks at once, all finite', () => {
    for (const [lo, hi] of [
      [9007199254740992, 9007199254740994],
      [1234567890123456789, 1234567890123456800],
      [1e308, 1.7e308],
      [-1.7e308, 1.7e308],
      [-Number.MAX_VALUE, Number.MAX_VALUE],
      [0, 5e-324],
      [5e-324, 1e-323],
    ] as [number, number][]) {
      const t = ticks(lo, hi);
      expect(t.length, `${lo}..${hi}`).toBeGreaterThanOrEqual(1);
      expect(t.length).toBeLessThanOrEqual(MAX_TICKS + 1);
      expect(t.every(Number.isFinite)).toBe(true);
      expect(new Set(t).size).toBe(t.length);
    }
  });

  it('any finite range: at most MAX_TICKS + 1 distinct finite ticks, in order', () => {
    const double = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(double, double, (a, b) => {
        const t = ticks(Math.min(a, b), Math.max(a, b));
        return (
          t.length >= 1 && t.length <= MAX_TICKS + 1 && t.every((v, i) => Number.isFinite(v) && (!i || v > t[i - 1]!))
        );
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('valueAxis and its labels', () => {
  it('bars from zero; a line spans its values, with zero when close', () => {
    expect(valueAxis(9870, 48200, true, 'en')).toMatchObject({ lo: 0, hi: 60000, labels: ['0', '20K', '40K', '60K'] });
    expect(valueAxis(388, 530, false, 'en').ticks).toEqual([350, 400, 450, 500, 550]);
    expect(valueAxis(10, 20, false, 'en').lo).toBe(0);
  });

  it('values the labels cannot tell apart are drawn from zero, and the labels differ', () => {
    const axis = valueAxis(9007199254740992, 9007199254740996, false, 'en');
    expect(axis.lo).toBe(0);
    expect(axis.labels).toEqual(['0', '5E15', '1E16']);
    const ids = valueAxis(1234567890123456789, 1234567890123456791, false, 'en');
    expect(ids.lo).toBe(0);
    expect(new Set(ids.labels).size).toBe(ids.labels.length);
  });

  it('labels are never NaN or Infinity and neighbours differ, whatever the finite values', () => {
    const double = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(double, double, fc.boolean(), (a, b, zero) => {
        const axis = valueAxis(Math.min(a, b), Math.max(a, b), zero, 'en');
        const ok = axis.labels.every((l, i) => !/NaN|∞|Infinity/.test(l) && (!i || l !== axis.labels[i - 1]));
        return (
          ok &&
          Number.isFinite(axis.lo) &&
          Number.isFinite(axis.hi) &&
          axis.lo <= Math.min(a, b) &&
          axis.hi >= Math.max(a, b)
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('labels in the visitor’s language: compact, plain, scientific from 10^15', () => {
    expect(tickLabels([0, 500000, 1000000, 1500000], 'tr').map((l) => l.replace(/\s/g, ' '))).toEqual([
      '0',
      '500 B',
      '1 Mn',
      '1,5 Mn',
    ]);
    expect(tickLabels([2020, 2022, 2024], 'en')).toEqual(['2,020', '2,022', '2,024']);
    expect(tickLabels([0, 1e308], 'en')).toEqual(['0', '1E308']);
  });

  it('fraction: where a value lies, without overflow', () => {
    expect(fraction(0, -1.7e308, 1.7e308)).toBe(0.5);
    expect(fraction(1.7e308, -1.7e308, 1.7e308)).toBe(1);
    expect(fraction(3, 3, 3)).toBe(0.5);
  });
});

// @vitest-environment node
// Labels under a chart (src/chart/labels.ts): a time axis always shows its first and last label;
// categories are level, turned or thinned, never overlapping, the full text on demand.
import { describe, expect, it } from 'vitest';
import { labelsAt, middle } from '../../src/chart/labels';
import { CHAR } from '../../src/chart/svg';

/** Labels for `n` rows across a chart `W` wide (plot from 40 to W - 10), as drawChart lays them out. */
const layout = (labels: string[], W: number, time: boolean) => {
  const band = (W - 50) / labels.length;
  return labelsAt(labels, band, time, W, (i) => 40 + band * (i + 0.5));
};
const day = (i: number) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10);

describe('labelsAt', () => {
  it('a time axis labels its first and last point at every length and width, without overlaps', () => {
    for (const W of [280, 330, 480, 900])
      for (const n of [2, 3, 7, 12, 31, 365, 25_000]) {
        const labels = Array.from({ length: n }, (_, i) => day(i));
        const drawn = layout(labels, W, true);
        const texts = drawn.map((l) => l.full ?? l.text);
        expect(texts[0], `${n} at ${W}`).toBe(labels[0]);
        expect(texts.at(-1), `${n} at ${W}`).toBe(labels[n - 1]);
        // Left edges in order, each after the previous label's right edge.
        const span = drawn.map((l) => {
          const w = l.text.length * CHAR;
          const from = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
          return [from, from + w] as const;
        });
        span.forEach(([from], i) => i && expect(from, `${n} at ${W}`).toBeGreaterThanOrEqual(span[i - 1]![1] - 1));
        expect(Math.min(...span.map((s) => s[0]))).toBeGreaterThanOrEqual(0);
        expect(Math.max(...span.map((s) => s[1]))).toBeLessThanOrEqual(W);
      }
  });

  it('categories: level when they fit, else turned and cut in the middle with the full text kept', () => {
    const level = layout(['North', 'South', 'East'], 480, false);
    expect(level.map((l) => [l.text, l.turned ?? false])).toEqual([
      ['North', false],
      ['South', false],
      ['East', false],
    ]);
    const long = Array.from({ length: 6 }, (_, i) => `Central Anatolia region ${i}`);
    const turned = layout(long, 330, false);
    expect(turned).toHaveLength(6); // every label, on a phone-sized chart
    expect(turned.every((l) => l.turned && l.full === long[turned.indexOf(l)])).toBe(true);
    expect(new Set(turned.map((l) => l.text)).size).toBe(6); // the cut keeps them apart
    const many = layout(
      Array.from({ length: 150 }, (_, i) => `P${i}`),
      330,
      false,
    );
    expect(many.length).toBeLessThan(150); // every n-th: each bar's <title> names the rest
  });

  it('middle keeps both ends', () => {
    expect(middle('Product with a long name 12', 14)).toBe('Product…ame 12');
    expect(middle('Short', 14)).toBe('Short');
  });
});

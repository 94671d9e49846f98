// @vitest-environment node
// Long series (src/chart/reduce.ts): largest-triangle-three-buckets keeps the shape of a line in a
// few hundred real points; gaps break the line while there is room to show them.
import { describe, expect, it } from 'vitest';
import { lttb, reduceLine, runs } from '../../src/chart/reduce';

describe('lttb', () => {
  it('keeps every point of a short series, and the first and last of a long one', () => {
    expect(lttb([1, 2, 3], 10)).toEqual([0, 1, 2]);
    const ys = Array.from({ length: 25_000 }, (_, i) => Math.sin(i / 100));
    const kept = lttb(ys, 300);
    expect(kept).toHaveLength(300);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(24_999);
    expect(kept.every((k, i) => !i || k > kept[i - 1]!)).toBe(true);
  });

  it('keeps a single spike that an every-n-th sample would miss', () => {
    const ys = Array.from({ length: 10_000 }, () => 1);
    ys[4_321] = 1_000;
    ys[7_777] = -1_000;
    const kept = lttb(ys, 100);
    expect(kept).toContain(4_321);
    expect(kept).toContain(7_777);
  });

  it('values near the largest double stay finite in its arithmetic', () => {
    const ys = Array.from({ length: 1_000 }, (_, i) => (i % 2 ? 1.7e308 : -1.7e308));
    expect(lttb(ys, 50)).toHaveLength(50);
  });
});

describe('reduceLine', () => {
  it('a gap breaks the line', () => {
    expect(runs([1, 2, null, 4, null, null, 7])).toEqual([[0, 1], [3], [6]]);
    expect(reduceLine([1, 2, null, 4], 300)).toEqual({ pieces: [[0, 1], [3]], total: 3, joined: false });
  });

  it('a long series keeps at most about the target, each piece its share and its ends', () => {
    const values = Array.from({ length: 25_000 }, (_, i) => (i === 12_000 ? null : i % 97));
    const line = reduceLine(values, 300);
    expect(line.joined).toBe(false);
    expect(line.pieces).toHaveLength(2);
    const kept = line.pieces.flat();
    expect(kept.length).toBeLessThanOrEqual(300);
    expect(kept).toEqual(expect.arrayContaining([0, 11_999, 12_001, 24_999]));
  });

  it('more gaps than room: the pieces are joined and the line says so', () => {
    const values = Array.from({ length: 25_000 }, (_, i) => (i % 2 ? null : i));
    const line = reduceLine(values, 300);
    expect(line.joined).toBe(true);
    expect(line.pieces).toHaveLength(1);
    expect(line.pieces[0]!.length).toBe(300);
    expect(line.total).toBe(12_500);
  });
});

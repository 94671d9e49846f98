// The chart renderer of widget-chart.js: SVG elements and classes only (createElementNS and
// geometry attributes; no style attribute strings, no innerHTML, no canvas), so it needs no CSP
// entry and no Trusted Types policy. Colours come from the theme variables in chart.css.
// It draws at most a few hundred marks whatever the table's length (reduce.ts) and one value axis
// (the series a chart shows share a unit: series.ts). docs/charts.md says why it is hand-written.
import { chartName, chartText } from '../i18n/chart';
import type { Locale } from '../types';
import { labelsAt, turnedReach, xLabels } from './labels';
import { reduceLine } from './reduce';
import { fraction, valueAxis } from './scale';
import { CHAR, cut, el } from './svg';
import type { ChartData, Series } from './types';
import { walk, type Mark } from './walk';

/** Height of the plot area. */
const PLOT = 200;
/** At most this many points per line and bars per chart: a few hundred marks, whatever the rows. */
export const MAX_POINTS = 300;
export const MAX_BARS = 150;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Lowest and highest value of the first `rows` rows (loops: a spread of 140,000 arguments overflows the stack). */
function extent(series: Series[], rows: number): [number, number] {
  let min = Infinity,
    max = -Infinity;
  for (const s of series)
    for (let i = 0; i < rows; i++) {
      const v = s.values[i];
      if (v !== null && v !== undefined) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
  return min <= max ? [min, max] : [0, 0];
}

/**
 * Draws `series` (one unit) of `data` into `box` at `width` pixels: the SVG (part `chart`, role
 * img, named), a note when rows were left out or reduced, and a polite live region for the walk.
 */
export function drawPlot(box: HTMLElement, data: ChartData, series: Series[], width: number, locale: Locale): void {
  const { labels, time } = data;
  const t = chartText(locale);
  const W = Math.max(280, width > 0 ? Math.round(width) : 480);
  const notes: string[] = [];

  // Bars: as many as fit at 4 px each (the first rows, said in a note). Lines: every row, reduced.
  const room = W - 60;
  const fit = Math.max(1, Math.floor(room / (series.length * 4 + 3)));
  const rows = time ? labels.length : Math.min(labels.length, MAX_BARS, fit);
  const count = Math.max(labels.length, data.total ?? 0);
  if (rows < count) notes.push(t.bars(rows, count));
  const lines = time ? series.map((s) => reduceLine(s.values, Math.min(MAX_POINTS, Math.max(24, room >> 1)))) : [];
  const kept = lines.reduce((n, l) => n + l.pieces.reduce((k, p) => k + p.length, 0), 0);
  const total = lines.reduce((n, l) => n + l.total, 0);
  if (kept < total) notes.push(t.line(kept, total));
  if (lines.some((l) => l.joined)) notes.push(t.joined);
  const other = series.flatMap((s) => (s.other ? [s.other] : []));
  if (other.length)
    notes.push(
      t.other(
        other.reduce((n, o) => n + o.count, 0),
        [...new Set(other.flatMap((o) => o.units))].join(', '),
        series[0]!.unit,
      ),
    );

  const axis = valueAxis(...extent(series, rows), !time, locale);
  const svg = el('svg', { role: 'img', part: 'chart', tabindex: 0 }, box);
  const names = series.map((s) => s.name);
  svg.setAttribute('aria-label', chartName(locale, time, names, data.labelName, labels[0]!, labels[rows - 1]!));

  // The legend wraps; then the value axis's unit, the plot, and the category labels under it.
  const unit = series[0]!.unit;
  let top = 14;
  if (series.length > 1) {
    let at = 8,
      line = 4;
    series.forEach((s, i) => {
      const name = cut(s.name, 24);
      const w = 28 + name.length * CHAR;
      if (at > 8 && at + w > W) {
        at = 8;
        line += 18;
      }
      el('rect', { class: `s${i % 5}`, x: at, y: line, width: 10, height: 10, rx: 2 }, svg);
      el('text', { class: 'legend', x: at + 14, y: line + 9 }, svg, name);
      at += w;
    });
    top = line + 30;
  }
  // The unit the value axis counts in (`₺`, `GB`, `%`), above its labels: a chart of one column has
  // no legend or select that says it.
  if (unit) {
    el('text', { class: 'unit', x: 4, y: top + 4 }, svg, unit);
    top += 16;
  }
  // Room on the left for the tick labels, and for the first category label when labels are turned.
  let left = 8 + CHAR * Math.max(...axis.labels.map((l) => l.length));
  left = Math.max(left, time ? 0 : turnedReach(labels, rows, W - 10 - left));
  const right = W - 10;
  const bottom = top + PLOT;
  const band = (right - left) / rows;
  const x = (i: number) => r1(left + band * (i + 0.5));
  const y = (v: number) => r1(bottom - fraction(v, axis.lo, axis.hi) * (bottom - top));

  axis.ticks.forEach((v, i) => {
    el('line', { class: v ? 'grid' : 'base', x1: left, x2: right, y1: y(v), y2: y(v) }, svg);
    el('text', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end' }, svg, axis.labels[i]);
  });
  const under = xLabels(svg, labelsAt(labels.slice(0, rows), band, time, W, x), bottom);

  const marks: Mark[] = [];
  const title = (node: SVGElement, s: Series, i: number) => {
    const text = `${labels[i]} · ${s.name}: ${s.cells[i]}`;
    el('title', {}, node, text);
    return text;
  };
  if (time) {
    lines.forEach((l, li) => {
      const s = series[li]!;
      const cls = `s${li % 5}`;
      // A piece of one point is a dot (a zero-length segment with round caps).
      const piece = (p: number[]) => p.map((i, k) => `${k ? 'L' : 'M'}${x(i)} ${y(s.values[i]!)}`).join('');
      const d = l.pieces.map((p) => piece(p) + (p.length < 2 ? 'h0' : '')).join('');
      el('path', { class: `line ${cls}`, d }, svg);
      const dense = l.pieces.reduce((n, p) => n + p.length, 0) > 40;
      for (const p of l.pieces)
        for (const i of p) {
          const cy = y(s.values[i]!);
          const attrs = { class: `mark ${cls}${dense ? ' dense' : ''}`, cx: x(i), cy, r: dense ? 3 : 4 };
          const node = el('circle', attrs, svg);
          marks.push({ node, text: title(node, s, i), x: x(i), y: cy });
        }
    });
  } else {
    const width = (band * 0.72) / series.length;
    const base = y(Math.min(Math.max(0, axis.lo), axis.hi));
    for (let i = 0; i < rows; i++)
      series.forEach((s, si) => {
        const v = s.values[i];
        if (v === null || v === undefined) return;
        const at = r1(x(i) - band * 0.36 + si * width);
        const top = y(v);
        const cls = `mark s${si % 5}`;
        const height = r1(Math.max(1, Math.abs(top - base)));
        const attrs = { class: cls, x: at, y: Math.min(top, base), width: r1(Math.max(1, width - 2)), height, rx: 2 };
        const node = el('rect', attrs, svg);
        marks.push({ node, text: title(node, s, i), x: r1(at + width / 2), y: Math.min(top, base) });
      });
  }
  svg.setAttribute('viewBox', `0 0 ${W} ${bottom + under}`);
  for (const text of notes) {
    const p = document.createElement('p');
    p.className = 'chart-note';
    p.textContent = text;
    box.append(p);
  }
  walk(box, svg, marks, W);
}

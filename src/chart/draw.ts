// The chart renderer of widget-chart.js: SVG elements and classes only (createElementNS and
// geometry attributes; no style attribute strings, no innerHTML, no canvas), so it needs no CSP
// entry and no Trusted Types policy. Colours come from the theme variables in chart.css.
// docs/charts.md says why this is hand-written rather than a chart library.
import { chartName } from '../i18n/chart';
import type { Locale } from '../types';
import css from './chart.css?inline';
import { chartData } from './series';

const NS = 'http://www.w3.org/2000/svg';
const H = 240;
/** Average width of an 11px label character, for layout without measuring text. */
const CHAR = 6.4;

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, parent: Element, text?: string) {
  const node = document.createElementNS(NS, tag);
  for (const k in attrs) node.setAttribute(k, `${attrs[k]}`);
  if (text != null) node.textContent = text;
  parent.append(node);
  return node;
}

let sheet: CSSStyleSheet | undefined;

/** The chart's stylesheet joins the widget's in its shadow root (a <style> where sheets cannot be adopted). */
function adopt(root: Node): void {
  if (!(root instanceof ShadowRoot)) return;
  if (root.adoptedStyleSheets) {
    if (!sheet) (sheet = new CSSStyleSheet()).replaceSync(css);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else if (!root.querySelector('style.chart-css')) {
    const style = document.createElement('style');
    style.className = 'chart-css';
    style.nonce = root.querySelector('style')?.nonce ?? '';
    style.textContent = css;
    root.append(style);
  }
}

/** Round tick values covering lo..hi: steps of 1, 2 or 5 times a power of ten. */
export function ticks(lo: number, hi: number, count = 4): number[] {
  const raw = (hi - lo || Math.abs(hi) || 1) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const n = raw / mag;
  const step = (n > 5 ? 10 : n > 2 ? 5 : n > 1 ? 2 : 1) * mag;
  const out: number[] = [];
  for (let v = Math.floor(lo / step) * step; v < hi + step - 1e-9 * step; v += step) out.push(+v.toPrecision(12));
  if (out.length < 2) out.push(+(out[0]! + step).toPrecision(12));
  return out;
}

const cut = (s: string, chars: number) => (s.length > chars ? `${s.slice(0, Math.max(1, chars - 1))}…` : s);

export function drawChart(box: HTMLElement, rows: string[][], locale: Locale): void {
  adopt(box.getRootNode());
  const data = chartData(rows, locale);
  box.replaceChildren();
  if (!data) return;
  const { labels, series, time } = data;
  const all = series.flatMap((s) => s.values).filter((v): v is number => v != null);
  // Bars start at zero; a line spans its values (with zero in view when it is close).
  let lo = Math.min(...all), hi = Math.max(...all);
  if (!time || lo > 0 === lo < (hi - lo) * 2) (lo = Math.min(0, lo)), (hi = Math.max(0, hi));
  const yTicks = ticks(lo, hi);
  lo = yTicks[0]!;
  hi = yTicks[yTicks.length - 1]!;
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });

  const W = Math.max(280, Math.round(box.clientWidth - 14) || 480);
  const legend = series.length > 1;
  const top = legend ? 34 : 14;
  const left = 8 + CHAR * Math.max(...yTicks.map((v) => compact.format(v).length));
  const right = W - 10;
  const bottom = H - 22;
  const band = (right - left) / labels.length;
  const x = (i: number) => left + band * (i + 0.5);
  const y = (v: number) => bottom - ((v - lo) / (hi - lo)) * (bottom - top);

  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', part: 'chart', tabindex: 0 }, box);
  svg.setAttribute('aria-label', chartName(locale, time, series.map((s) => s.name), data.labelName, labels[0]!, labels[labels.length - 1]!));
  const live = document.createElement('p');
  live.className = 'sr-only';
  live.setAttribute('aria-live', 'polite');
  box.append(live);

  for (const v of yTicks) {
    el('line', { class: v ? 'grid' : 'base', x1: left, x2: right, y1: y(v), y2: y(v) }, svg);
    el('text', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end' }, svg, compact.format(v));
  }
  // As many category labels as fit side by side, each cut to its room.
  const every = Math.ceil((Math.min(12, Math.max(...labels.map((l) => l.length))) * CHAR + 8) / band);
  labels.forEach((label, i) => {
    if (i % every == 0) el('text', { x: x(i), y: H - 6, 'text-anchor': 'middle' }, svg, cut(label, Math.floor((band * every - 6) / CHAR)));
  });
  if (legend) {
    let at = left;
    series.forEach((s, i) => {
      el('rect', { class: `s${i % 5}`, x: at, y: 4, width: 10, height: 10, rx: 2 }, svg);
      const name = cut(s.name, 18);
      el('text', { class: 'legend', x: at + 14, y: 13 }, svg, name);
      at += 28 + name.length * CHAR;
    });
  }

  // Marks: one bar or point per value (gaps draw nothing), each with its <title> for hover.
  const marks: { node: SVGElement; text: string; x: number; y: number }[] = [];
  series.forEach((s, si) => {
    const cls = `s${si % 5}`;
    if (time) {
      let d = '';
      s.values.forEach((v, i) => v != null && (d += `${d && s.values[i - 1] != null ? 'L' : 'M'}${x(i)} ${y(v)}`));
      el('path', { class: `line ${cls}`, d }, svg);
    }
  });
  labels.forEach((label, i) =>
    series.forEach((s, si) => {
      const v = s.values[i];
      if (v == null) return;
      const cls = `mark s${si % 5}`;
      const width = (band * 0.72) / series.length;
      const node = time
        ? el('circle', { class: cls, cx: x(i), cy: y(v), r: labels.length > 24 ? 2.5 : 4 }, svg)
        : el('rect', { class: cls, x: x(i) - band * 0.36 + si * width, y: Math.min(y(v), y(0)), width: Math.max(1, width - 2), height: Math.max(1, Math.abs(y(v) - y(0))), rx: 2 }, svg);
      const text = `${label} · ${s.name}: ${s.cells[i]}`;
      el('title', {}, node, text);
      marks.push({ node, text, x: time ? x(i) : x(i) - band * 0.36 + (si + 0.5) * width, y: y(Math.max(v, 0)) });
    }),
  );

  // Keyboard and pointer: one tab stop (the chart); arrows walk the marks, the value shows above the mark.
  const readout = el('g', { visibility: 'hidden' }, svg);
  const bg = el('rect', { class: 'readout-bg', rx: 4, height: 20 }, readout);
  const label = el('text', { class: 'readout', 'text-anchor': 'middle' }, readout);
  let active = 0;
  const show = (i: number) => {
    marks[active]?.node.classList.remove('active');
    const m = marks[(active = (i + marks.length) % marks.length)];
    if (!m) return;
    m.node.classList.add('active');
    label.textContent = live.textContent = m.text;
    const w = m.text.length * CHAR + 12;
    const cx = Math.min(Math.max(m.x, w / 2), W - w / 2);
    const cy = Math.max(m.y - 12, 18);
    label.setAttribute('x', `${cx}`);
    label.setAttribute('y', `${cy - 5}`);
    bg.setAttribute('x', `${cx - w / 2}`);
    bg.setAttribute('y', `${cy - 19}`);
    bg.setAttribute('width', `${w}`);
    readout.setAttribute('visibility', 'visible');
  };
  const hide = () => {
    marks[active]?.node.classList.remove('active');
    readout.setAttribute('visibility', 'hidden');
  };
  svg.onfocus = () => show(active);
  svg.onblur = hide;
  svg.onkeydown = (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const to = e.key == 'Home' ? 0 : e.key == 'End' ? marks.length - 1 : step != null ? active + step : null;
    if (to == null) return;
    e.preventDefault();
    show(to);
  };
  marks.forEach((m, i) => (m.node.onpointerenter = () => show(i)));
  svg.onpointerleave = () => svg.matches(':focus') || hide();
}

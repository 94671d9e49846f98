// The labels under a chart. Categories: every label when there is room, turned at an angle when
// there is not, cut with the full text in a <title>; when even that does not fit, every n-th, and
// each bar still names its label (its <title>, the keyboard walk). Time: evenly spaced labels and
// always the first and the last, so the visitor sees where the line starts and ends.
import { CHAR, cut, el } from './svg';

export interface XLabel {
  x: number;
  text: string;
  /** The label as written, when `text` is cut. */
  full?: string;
  anchor: 'start' | 'middle' | 'end';
  /** Drawn at an angle, ending at its point. */
  turned?: boolean;
}

/**
 * `s` in at most `chars` characters, cut in the middle: labels often differ at their end
 * ("Product with a long name 12"), so "Product…ame 12" tells them apart where "Product with…" does not.
 */
export function middle(s: string, chars: number): string {
  if (s.length <= chars || chars < 5) return cut(s, chars);
  const tail = Math.floor((chars - 1) / 2);
  return `${s.slice(0, chars - 1 - tail)}…${s.slice(s.length - tail)}`;
}

/** Longest label drawn at an angle, in characters. */
const TURNED = 14;
/** Room a turned label needs along the axis (its line height across the slant). */
const TURNED_STEP = 16;

/** Category labels turned at an angle: how far the first reaches left of its bar (0 when level). */
export function turnedReach(labels: string[], rows: number, width: number): number {
  let longest = 0;
  for (let i = 0; i < rows; i++) longest = Math.max(longest, labels[i]!.length);
  return Math.min(longest, 12) * CHAR + 8 <= width / rows ? 0 : Math.min(longest, TURNED) * CHAR * 0.77 + 4;
}

/** Where a level label's text starts and ends. */
function extent(l: XLabel): [number, number] {
  const w = l.text.length * CHAR;
  const from = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  return [from, from + w];
}
const overlap = (a: XLabel, b: XLabel) => extent(a)[1] + 4 > extent(b)[0];

/** Which labels to draw and where: `x(i)` is the middle of row i's band, `band` its width. */
export function labelsAt(labels: string[], band: number, time: boolean, W: number, x: (i: number) => number): XLabel[] {
  const n = labels.length;
  const longest = labels.reduce((m, l) => Math.max(m, l.length), 0);
  const label = (i: number, chars: number, anchor: XLabel['anchor'], at = x(i)): XLabel => {
    const text = middle(labels[i]!, Math.max(1, chars));
    return { x: at, text, anchor, ...(text === labels[i] ? {} : { full: labels[i] }) };
  };
  if (!time) {
    const level = Math.floor((band - 6) / CHAR);
    if (Math.min(longest, 12) * CHAR + 8 <= band) return labels.map((_, i) => label(i, level, 'middle'));
    const every = Math.ceil(TURNED_STEP / band);
    const out: XLabel[] = [];
    for (let i = 0; i < n; i += every) out.push({ ...label(i, TURNED, 'end'), turned: true });
    return out;
  }
  // Time: the widest label decides the spacing; the first and last are kept, anchored inside the chart.
  const chars = Math.min(longest, 12);
  const w = chars * CHAR + 10;
  const every = Math.max(1, Math.ceil(w / band));
  const picks: number[] = [];
  for (let i = 0; i < n - 1; i += every) picks.push(i);
  // The last label replaces a label too close to it (never the first).
  while (picks.length > 1 && x(n - 1) - x(picks[picks.length - 1]!) < w) picks.pop();
  if (n > 1) picks.push(n - 1);
  const place = (room: number) =>
    picks.map((i, k) => {
      const lone = picks.length === 1;
      const anchor = lone ? 'middle' : k === 0 ? 'start' : k === picks.length - 1 ? 'end' : 'middle';
      // Centred on its point unless that would leave the chart: then flush with the chart's edge.
      const half = (Math.min(labels[i]!.length, room) * CHAR) / 2;
      const at = anchor === 'start' ? Math.max(2, x(i) - half) : anchor === 'end' ? Math.min(W - 2, x(i) + half) : x(i);
      return label(i, room, anchor, Math.round(at));
    });
  // Flush with an edge, the first or last label reaches further in: its neighbour gives way.
  let out = place(chars);
  while (out.length > 2 && (overlap(out[0]!, out[1]!) || overlap(out[out.length - 2]!, out[out.length - 1]!))) {
    picks.splice(overlap(out[0]!, out[1]!) ? 1 : picks.length - 2, 1);
    out = place(chars);
  }
  // Two labels that do not fit side by side (a narrow chart of long dates) share the width.
  return out.length === 2 && overlap(out[0]!, out[1]!) ? place(Math.floor((W / 2 - 8) / CHAR)) : out;
}

/** Draws the labels under the plot (`bottom`); returns the height they take. */
export function xLabels(svg: SVGSVGElement, labels: XLabel[], bottom: number): number {
  let height = 22;
  for (const l of labels) {
    const turned = l.turned === true;
    const y = bottom + (turned ? 12 : 16);
    const attrs: Record<string, string | number> = { x: l.x, y, 'text-anchor': l.anchor };
    if (turned) attrs.transform = `rotate(-40 ${l.x} ${y})`;
    const text = el('text', attrs, svg, l.text);
    if (l.full !== undefined) el('title', {}, text, l.full);
    if (turned) height = Math.max(height, 20 + l.text.length * CHAR * 0.65);
  }
  return height;
}

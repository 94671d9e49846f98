// Keyboard and pointer on a drawn chart: one tab stop (the chart); the arrow keys, Home and End
// walk the marks, and the value shows above its mark and in a polite live region.
import { CHAR, el } from './svg';

export interface Mark {
  node: SVGElement;
  /** "April · Orders: 501": the label, the column and the cell as written. */
  text: string;
  x: number;
  y: number;
}

export function walk(box: HTMLElement, svg: SVGSVGElement, marks: Mark[], W: number): void {
  const live = document.createElement('p');
  live.className = 'sr-only';
  live.setAttribute('aria-live', 'polite');
  box.append(live);
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
    const step = ({ ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 } as Record<string, number>)[e.key];
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? marks.length - 1 : step !== undefined ? active + step : null;
    if (to === null) return;
    e.preventDefault();
    show(to);
  };
  marks.forEach((m, i) => (m.node.onpointerenter = () => show(i)));
  svg.onpointerleave = () => svg.matches(':focus') || hide();
}

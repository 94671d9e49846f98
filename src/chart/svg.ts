// SVG helpers of widget-chart.js: elements made with createElementNS and set attributes only (no
// style attribute strings, no innerHTML), and the chart's stylesheet joined to the shadow root.
import css from './chart.css?inline';

const NS = 'http://www.w3.org/2000/svg';
/** Average width of an 11px label character, for layout without measuring text. */
export const CHAR = 6.4;

type Attrs = Record<string, string | number>;

export function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs, parent: Element, text?: string) {
  const node = document.createElementNS(NS, tag);
  for (const k in attrs) node.setAttribute(k, `${attrs[k]}`);
  if (text !== undefined) node.textContent = text;
  parent.append(node);
  return node;
}

/** `s` in at most `chars` characters, an ellipsis marking a cut. */
export const cut = (s: string, chars: number) => (s.length > chars ? `${s.slice(0, Math.max(1, chars - 1))}…` : s);

let sheet: CSSStyleSheet | undefined;

/**
 * The chart's stylesheet joins the widget's in its shadow root (a <style> where sheets cannot be
 * adopted); true if it was not there yet.
 */
export function adopt(root: Node): boolean {
  if (!(root instanceof ShadowRoot)) return false;
  if (root.adoptedStyleSheets) {
    if (!sheet) (sheet = new CSSStyleSheet()).replaceSync(css);
    if (root.adoptedStyleSheets.includes(sheet)) return false;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return true;
  }
  if (root.querySelector('style.chart-css')) return false;
  const style = document.createElement('style');
  style.className = 'chart-css';
  style.nonce = root.querySelector('style')?.nonce ?? '';
  style.textContent = css;
  root.append(style);
  return true;
}

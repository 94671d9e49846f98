// Vite inlines the CSS files as minified strings; the widget ships no CSS file. The theme tokens
// are custom properties in shell.css.
import chatCss from './chat.css?inline';
import shellCss from './shell.css?inline';

/**
 * Constructable stylesheets need no CSP change; a nonce'd <style> is the fallback for browsers
 * without them. Each sheet is shared by every widget on the page, and parsed when first needed:
 * shell.css (tokens, launcher, panel frame) by `init`, chat.css (what is inside the panel) when the
 * panel is prepared, in idle time or at its first opening (widget.tsx).
 */
const shared = new Map<string, CSSStyleSheet>();
const sheet = (css: string) => {
  let s = shared.get(css);
  if (!s) {
    s = new CSSStyleSheet();
    s.replaceSync(css);
    shared.set(css, s);
  }
  return s;
};

/**
 * Adopts shell.css and returns what adds chat.css. `accent` (the `primaryColor` option, already
 * checked to be a colour and nothing else) is a rule on `:host` inside the shadow root, set through
 * the CSSOM (no CSS text is built from it): the page-owned host element gets no `style` attribute.
 */
export function applyStyles(root: ShadowRoot, nonce: string | null, accent: string | null = null): () => void {
  let add: (css: string) => void;
  if (root.adoptedStyleSheets) {
    const own = new CSSStyleSheet();
    if (accent) {
      own.replaceSync(':host{}');
      (own.cssRules[0] as CSSStyleRule).style.setProperty('--sw-primary', accent);
    }
    // The accent stays last: it wins over the tokens in shell.css.
    add = (css) => (root.adoptedStyleSheets = [...root.adoptedStyleSheets.slice(0, -1), sheet(css), own]);
  } else {
    let last: HTMLStyleElement | undefined;
    add = (css) => {
      const style = document.createElement('style');
      if (nonce) style.nonce = nonce;
      // No CSSOM before the host is in the document: as text, safe as the accent holds no `;{}<`.
      style.textContent = accent ? `${css}:host{--sw-primary:${accent}}` : css;
      if (last) last.after(style);
      else root.prepend(style);
      last = style;
    };
  }
  add(shellCss);
  let done = false;
  return () => done || ((done = true), add(chatCss));
}

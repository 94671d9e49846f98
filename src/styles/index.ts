// Vite inlines the CSS files as minified strings; the widget ships no CSS file. The theme tokens
// are custom properties in shell.css.
import chatCss from './chat.css?inline';
import panelCss from './panel.css?inline';
import shellCss from './shell.css?inline';

/**
 * Constructable stylesheets need no CSP change. Parsed once a page, when first needed, and shared
 * by every widget of the page: shell.css (tokens, launcher) in `init`, panel.css and chat.css (the
 * panel and what is inside it) when the model is made, in idle time or at the panel's first
 * opening (widget.tsx).
 */
const sheets: Record<string, CSSStyleSheet> = {};
const sheet = (css: string) => {
  if (sheets[css]) return sheets[css];
  const s = (sheets[css] = new CSSStyleSheet());
  s.replaceSync(css);
  return s;
};

/**
 * Styles the shadow root for the launcher and returns what adds the panel's styles. `accent` (the
 * `primaryColor` option, already checked to be a colour and nothing else) is a rule on `:host`
 * inside the shadow root, set through the CSSOM (no CSS text is built from it): the page-owned host
 * element gets no `style` attribute.
 */
export function applyStyles(root: ShadowRoot, nonce: string | null, accent: string | null = null): () => void {
  if (!root.adoptedStyleSheets) {
    // Browsers without constructable stylesheets get one nonce'd <style>, all of it at once. No
    // CSSOM before the host is in the document: as text, safe as the accent holds no `;{}<`.
    const style = document.createElement('style');
    if (nonce) style.nonce = nonce;
    style.textContent = shellCss + panelCss + chatCss + (accent ? `:host{--sw-primary:${accent}}` : '');
    root.prepend(style);
    return () => {};
  }
  const own = new CSSStyleSheet();
  if (accent) {
    own.replaceSync(':host{}');
    (own.cssRules[0] as CSSStyleRule).style.setProperty('--sw-primary', accent);
  }
  // The accent last: it wins over the tokens in shell.css.
  const adopt = (...sheets: CSSStyleSheet[]) => (root.adoptedStyleSheets = [...sheets, own]);
  const shell = sheet(shellCss);
  adopt(shell);
  return () => void adopt(shell, sheet(panelCss + chatCss));
}

// Vite inlines the CSS files as minified strings; the widget ships no CSS file. The theme tokens
// are custom properties in shell.css.
import chatCss from './chat.css?inline';
import shellCss from './shell.css?inline';

const css = shellCss + chatCss;

/**
 * Constructable stylesheets need no CSP change; a nonce'd <style> is the fallback for browsers
 * without them. One sheet is shared by every widget on the page.
 */
let shared: CSSStyleSheet | undefined;

/**
 * `accent` (the `primaryColor` option, already checked to be a colour and nothing else) is a rule
 * on `:host` inside the shadow root, set through the CSSOM (no CSS text is built from it): the
 * page-owned host element gets no `style` attribute.
 */
export function applyStyles(root: ShadowRoot, nonce: string | null, accent: string | null = null): void {
  if (root.adoptedStyleSheets) {
    if (!shared) (shared = new CSSStyleSheet()).replaceSync(css);
    const sheets = [shared];
    if (accent) {
      const own = new CSSStyleSheet();
      own.replaceSync(':host{}');
      (own.cssRules[0] as CSSStyleRule).style.setProperty('--sw-primary', accent);
      sheets.push(own);
    }
    root.adoptedStyleSheets = sheets;
  } else {
    const style = document.createElement('style');
    if (nonce) style.nonce = nonce;
    // No CSSOM before the host is in the document: as text, safe as the accent holds no `;{}<`.
    style.textContent = accent ? `${css}:host{--sw-primary:${accent}}` : css;
    root.appendChild(style);
  }
}

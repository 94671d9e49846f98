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

export function applyStyles(root: ShadowRoot, nonce: string | null): void {
  if (root.adoptedStyleSheets) {
    if (!shared) (shared = new CSSStyleSheet()).replaceSync(css);
    root.adoptedStyleSheets = [shared];
  } else {
    const style = document.createElement('style');
    if (nonce) style.nonce = nonce;
    style.textContent = css;
    root.appendChild(style);
  }
}

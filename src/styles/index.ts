// Vite inlines these as minified strings; the widget ships no CSS file.
import chatCss from './chat.css?inline';
import shellCss from './shell.css?inline';
import { themeCss } from './tokens';

const css = themeCss + shellCss + chatCss;

/**
 * Constructable stylesheets need no CSP change; a nonce'd <style> is the fallback for browsers
 * without them. One sheet is shared by every widget on the page.
 */
let shared: CSSStyleSheet | null = null;

export function applyStyles(root: ShadowRoot, nonce: string | null): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    shared ??= new CSSStyleSheet();
    if (!shared.cssRules.length) shared.replaceSync(css);
    root.adoptedStyleSheets = [shared];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  root.appendChild(style);
}

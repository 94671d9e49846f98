/**
 * The only place where model output (untrusted markdown) becomes DOM.
 *
 * Pipeline: private `Marked` instance (GFM) with renderer overrides → HTML string →
 * DOMPurify with `RETURN_DOM_FRAGMENT` (the string never reaches an `innerHTML` sink of ours,
 * so it works under `require-trusted-types-for 'script'` with DOMPurify's own `dompurify`
 * policy) → `harden()`, a last pass over the DOM that enforces the link/attribute rules on
 * what the browser actually parsed (entities decoded), so no clever encoding can slip past.
 */
import DOMPurify, { type Config } from 'dompurify';
import { Marked, type Token, type Tokens, type TokensList } from 'marked';

/** Elements a rendered reply may contain. Anything else is dropped (its text kept). */
export const ALLOWED_TAGS: readonly string[] = [
  'p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'div',
];

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
// An image URL is only ever offered as a link to press, never loaded; mailto makes no sense.
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
// Private markers from our renderer to harden(); raw HTML is escaped, so the model cannot forge them.
const IMAGE_MARK = 'data-md-image';
const NO_ALT_MARK = 'data-md-noalt';
const SENTINEL_MARK = 'data-md-sentinel';
const SENTINEL = `<p ${SENTINEL_MARK}=""></p>`;
const HTML_NS = 'http://www.w3.org/1999/xhtml';

const PURIFY_CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: ['href', 'title', 'class', 'align', 'start', IMAGE_MARK, NO_ALT_MARK, SENTINEL_MARK],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
  RETURN_DOM_FRAGMENT: true,
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
// Like marked: in markdown text and link destinations `&amp;`-style references are meaningful
// and left for the browser to decode; only an `&` that cannot start one is escaped.
const escapeKeepingRefs = (s: string): string =>
  s.replace(/&(?!#?\w+;)/g, '&amp;').replace(/[<>"']/g, (c) => ESCAPES[c] ?? c);

/** Marks images inside link text: a nested `<a>` would be split apart by the HTML parser. */
function markNestedImages(tokens: Token[] | undefined): void {
  for (const t of tokens ?? []) {
    if (t.type === 'image') (t as Tokens.Generic)['mdInLink'] = true;
    markNestedImages((t as Tokens.Generic).tokens as Token[] | undefined);
  }
}

// Built on first use: a page whose visitor never opens the chat does no markdown work at all.
let engine: Marked | undefined;
const markdown = (): Marked => (engine ??= createEngine());

const createEngine = () => new Marked({
  gfm: true,
  // Plain GFM: a single newline is a soft break, as on GitHub, so output matches what models expect.
  breaks: false,
  async: false,
  renderer: {
    // Raw HTML is never rendered as HTML; showing it as text is friendlier than dropping it.
    // `<br>` is the one tag models use on purpose (line breaks inside table cells).
    html({ text, block }) {
      if (/^\s*<br\s*\/?>\s*$/i.test(text)) return '<br>';
      return block ? `<p>${escapeHtml(text.replace(/\n+$/, ''))}</p>\n` : escapeHtml(text);
    },
    // Page headings are far too big inside a chat bubble, and an h1 in a reply would sit above
    // the host page's own outline; shift by two levels.
    heading({ tokens, depth }) {
      const level = Math.min(depth + 2, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    code({ text, lang }) {
      const word = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const cls = /^[\w#+.-]{1,40}$/.test(word) ? ` class="language-${escapeHtml(word)}"` : '';
      const body = text ? text.replace(/\n$/, '') + '\n' : '';
      return `<pre><code${cls}>${escapeHtml(body)}</code></pre>\n`;
    },
    // Forms/inputs are not allowed; a task-list box becomes a character.
    checkbox({ checked }) {
      return checked ? '☑ ' : '☐ ';
    },
    table(token) {
      const cell = (c: Tokens.TableCell): string => {
        const tag = c.header ? 'th' : 'td';
        const align = c.align ? ` align="${c.align}"` : '';
        return `<${tag}${align}>${this.parser.parseInline(c.tokens)}</${tag}>`;
      };
      const head = `<thead><tr>${token.header.map(cell).join('')}</tr></thead>`;
      const rows = token.rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('');
      // The wrapper scrolls sideways so a wide table never widens the message panel.
      return `<div class="table-scroll"><table>${head}${rows ? `<tbody>${rows}</tbody>` : ''}</table></div>\n`;
    },
    link({ href, title, tokens, autolink }) {
      markNestedImages(tokens);
      const text = this.parser.parseInline(tokens);
      const t = title ? ` title="${escapeHtml(title)}"` : '';
      // Autolink destinations are literal text. The scheme is checked later, on the parsed DOM.
      const dest = autolink === true ? escapeHtml(href) : escapeKeepingRefs(href);
      return `<a href="${dest}"${t}>${text}</a>`;
    },
    // Images are never loaded (their URL can carry data out): they become a link to the URL.
    image(token) {
      const alt = escapeKeepingRefs(this.parser.parseInline(token.tokens, this.parser.textRenderer));
      if ((token as Tokens.Generic)['mdInLink'] === true) return alt;
      const mark = alt.trim() ? IMAGE_MARK : `${IMAGE_MARK} ${NO_ALT_MARK}`;
      return `<a href="${escapeKeepingRefs(token.href)}" ${mark}>${alt.trim() ? alt : escapeHtml(token.href)}</a>`;
    },
  },
});

/** Lexes with the widget's private marked instance (never the page's global `marked`). */
export function lexMarkdown(src: string): TokensList {
  return markdown().lexer(src);
}

/** Returns an absolute, canonical URL if `raw` uses one of `schemes`, else null. */
export function allowedUrl(raw: string | null, schemes: ReadonlySet<string> = LINK_SCHEMES): string | null {
  if (raw === null) return null;
  try {
    // No base URL: relative and protocol-relative (`//evil`) addresses throw and are refused.
    const url = new URL(raw);
    return schemes.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

// Which attribute may stay on which element, with which value. A Map, so that names such as
// `constructor` find nothing.
const isLink = (el: Element): boolean => el.localName === 'a';
const ATTRS = new Map<string, (el: Element, value: string) => boolean>([
  ['class', (el, v) =>
    (el.localName === 'code' && /^language-[\w#+.-]{1,40}$/.test(v)) ||
    (el.localName === 'div' && v === 'table-scroll')],
  ['align', (el, v) => (el.localName === 'th' || el.localName === 'td') && /^(left|center|right)$/.test(v)],
  ['start', (el, v) => el.localName === 'ol' && /^\d{1,9}$/.test(v)],
  ['href', isLink],
  ['title', isLink],
  [IMAGE_MARK, isLink],
  [NO_ALT_MARK, isLink],
]);
const allowedTagSet = new Set(ALLOWED_TAGS);

/**
 * Defence in depth after DOMPurify: re-check tags and attributes, and decide links on the
 * `href` as parsed by the DOM. Disallowed links become their text.
 */
function harden(frag: DocumentFragment): void {
  const first = frag.firstChild;
  if (first?.nodeType === 1 && (first as Element).hasAttribute(SENTINEL_MARK)) first.remove();
  for (const el of Array.from(frag.querySelectorAll('*'))) {
    if (!allowedTagSet.has(el.localName) || el.namespaceURI !== HTML_NS) {
      el.replaceWith(el.ownerDocument.createTextNode(el.textContent ?? ''));
      continue;
    }
    for (const { name, value } of Array.from(el.attributes)) {
      if (!ATTRS.get(name)?.(el, value)) el.removeAttribute(name);
    }
    if (el.localName !== 'a') continue;
    const image = el.hasAttribute(IMAGE_MARK);
    const href = allowedUrl(el.getAttribute('href'), image ? IMAGE_SCHEMES : LINK_SCHEMES);
    if (href === null) {
      if (el.hasAttribute(NO_ALT_MARK)) el.remove();
      else el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    el.removeAttribute(IMAGE_MARK);
    el.removeAttribute(NO_ALT_MARK);
    el.setAttribute('href', href);
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer');
  }
  // Newlines between blocks carry no meaning and would show under `white-space: pre-wrap`;
  // dropping them also makes block-by-block and whole-text rendering compare equal.
  for (const node of Array.from(frag.childNodes)) {
    if (node.nodeType === 3 && !/\S/.test(node.nodeValue ?? '')) node.remove();
  }
}

function toFragment(html: string): DocumentFragment {
  // Per-call config on the default instance: no global hooks, no second `dompurify` policy.
  // The leading sentinel absorbs a DOM-emulation quirk: under happy-dom (used by the unit tests,
  // and not supported by DOMPurify, see cure53/DOMPurify#1457) DOMPurify unwraps the first
  // element and stops walking. In browsers the sentinel survives and harden() removes it; either
  // way harden() alone enforces the allowlists, so the result does not depend on that walk.
  const frag = DOMPurify.sanitize(SENTINEL + html, PURIFY_CONFIG);
  harden(frag);
  return frag;
}

function fallback(text: string): DocumentFragment {
  const frag = document.createDocumentFragment();
  const p = document.createElement('p');
  p.textContent = text;
  frag.append(p);
  return frag;
}

/** Renders already-lexed block tokens (used by the streaming renderer for finished blocks). */
export function renderTokens(tokens: Token[]): DocumentFragment {
  try {
    return toFragment(markdown().parser(tokens));
  } catch {
    return fallback(tokens.map((t) => t.raw).join(''));
  }
}

/**
 * Renders untrusted markdown (GFM) to a sanitized fragment: only the tags in `ALLOWED_TAGS`,
 * links limited to http/https/mailto (opened in a new tab, `rel="noopener noreferrer"`),
 * images shown as links, raw HTML shown as text. Never throws.
 */
export function renderMarkdown(source: string): DocumentFragment {
  try {
    return toFragment(markdown().parse(source, { async: false }));
  } catch {
    // A parser bug must not take the reply down; show the text as it came.
    return fallback(source);
  }
}

/**
 * The only place where model output (untrusted markdown) becomes DOM.
 *
 * Pipeline: private `Marked` instance (GFM) with renderer overrides → HTML string →
 * DOMPurify with `RETURN_DOM_FRAGMENT` (the string never reaches an `innerHTML` sink of ours,
 * so it works under `require-trusted-types-for 'script'` with DOMPurify's own `dompurify`
 * policy) → `harden()`, a last pass over the DOM that enforces the tag, attribute and link rules
 * on what the browser actually parsed (entities decoded), so no clever encoding can slip past.
 *
 * Testing note: DOMPurify does not run under happy-dom (see `renderMarkdown`), so the unit XSS
 * corpus (test/markdown/xss.test.ts) exercises `harden()` alone. The real-browser suite must run
 * the same corpus against real DOMPurify; neither layer may be dropped on the other's account.
 */
import DOMPurify, { type Config } from 'dompurify';
import { Marked, Renderer, type Token, type Tokens } from 'marked';

/**
 * Elements a rendered reply may contain. Anything else is dropped (its text kept). No h1/h2:
 * headings are shifted down two levels.
 */
export const ALLOWED_TAGS: readonly string[] =
  'p br strong em del code pre blockquote ul ol li h3 h4 h5 h6 hr a table thead tbody tr th td div'.split(' ');

// Which attribute may stay on which element, with which value: `<tag> <name>=<value>` must match.
const ALLOWED_ATTR = /^(?:a (?:href|title)=.*|code class=language-[\w#+.-]{1,40}|div class=table-scroll|t[hd] align=(?:left|center|right)|ol start=\d{1,9})$/s;
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const LINK_SCHEME = /^(?:https?|mailto):/i;

const PURIFY: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: ALLOWED_TAGS as string[], // DOMPurify copies it
  ALLOWED_ATTR: ['href', 'title', 'class', 'align', 'start'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: LINK_SCHEME,
  RETURN_DOM_FRAGMENT: true,
};

// `all`: escape every `&` (literal text such as raw HTML). Otherwise, like marked, leave
// `&amp;`-style references for the browser to decode: in markdown text and URLs they are meant.
const esc = (s: string, all?: boolean): string =>
  s.replace(all ? /[&<>"']/g : /&(?!#?\w+;)|[<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An image inside link text stays alt text: a nested `<a>` would be split apart by the HTML parser. */
const unlinkImages = (tokens: Token[] | undefined): void =>
  tokens?.forEach((t) => {
    if (t.type == 'image') t.href = '';
    unlinkImages((t as Tokens.Generic).tokens);
  });

// Built on first use: a page whose visitor never opens the chat does no markdown work at all.
// Defaults are GFM with `breaks: false` (a single newline is a soft break, as on GitHub).
// A renderer returning `false` hands the (possibly adjusted) token to marked's own renderer.
let engine: Marked | undefined;
const markdown = (): Marked => (engine ??= new Marked({
  renderer: {
    // Raw HTML is never rendered as HTML; showing it as text is friendlier than dropping it.
    // `<br>` is the one tag models use on purpose (line breaks inside table cells).
    html: ({ text, block }) =>
      /^\s*<br\s*\/?>\s*$/i.test(text) ? '<br>' : block ? `<p>${esc(text.trimEnd(), true)}</p>` : esc(text, true),
    // Page headings are far too big inside a chat bubble, and an h1 in a reply would sit above
    // the host page's own outline; shift by two levels.
    heading: (t) => {
      t.depth = Math.min(t.depth + 2, 6);
      return false;
    },
    // Forms/inputs are not allowed; a task-list box becomes a character.
    checkbox: ({ checked }) => (checked ? '☑ ' : '☐ '),
    // The wrapper scrolls sideways so a wide table never widens the message panel.
    table(t) {
      return `<div class="table-scroll">${Renderer.prototype.table.call(this, t)}</div>`;
    },
    // marked's link escapes the destination and title; the scheme is checked by harden().
    link: (t) => {
      unlinkImages(t.tokens);
      return false;
    },
    // Images are never loaded (their URL can carry data out): an http(s) image becomes a link to
    // its URL (mailto makes no sense), any other just its alt text. harden() checks the URL again.
    image({ href, tokens }) {
      const alt = this.parser.parseInline(tokens, this.parser.textRenderer);
      return /^https?:/i.test(href) ? `<a href="${esc(href)}">${esc(alt.trim() ? alt : href)}</a>` : esc(alt);
    },
    // Code blocks: marked's own (escaped text, `language-x` class, validated by harden()).
  },
}));

/** Lexes with the widget's private marked instance (never the page's global `marked`). */
export const lexMarkdown = (src: string): Token[] => markdown().lexer(src);

/** Returns the absolute, canonical URL if `raw` is an http, https or mailto one, else null. */
export function allowedUrl(raw: string | null): string | null {
  try {
    // No base URL: relative and protocol-relative (`//evil`) addresses throw and are refused.
    const url = new URL(raw as string);
    return LINK_SCHEME.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Defence in depth after DOMPurify: re-check tags and attributes, and decide links on the
 * `href` as parsed by the DOM. A disallowed element (or link) is replaced by its children, which
 * are checked in turn (the list is a snapshot in document order); allowed links open in a new
 * tab without opener or referrer.
 */
function harden(frag: DocumentFragment): DocumentFragment {
  for (const el of frag.querySelectorAll('*')) {
    const tag = el.localName;
    for (const { name, value } of [...el.attributes]) {
      if (!ALLOWED_ATTR.test(`${tag} ${name}=${value}`)) el.removeAttribute(name);
    }
    const href = tag == 'a' && allowedUrl(el.getAttribute('href'));
    if (!ALLOWED_TAGS.includes(tag) || el.namespaceURI != HTML_NS || href === null) {
      el.replaceWith(...el.childNodes);
    } else if (href) {
      el.setAttribute('href', href);
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  }
  // Newlines between blocks carry no meaning and would show under `white-space: pre-wrap`;
  // dropping them also makes block-by-block and whole-text rendering compare equal.
  for (const node of [...frag.childNodes]) {
    if (node.nodeType == 3 && !node.textContent?.trim()) node.remove();
  }
  return frag;
}

/**
 * Renders untrusted markdown (GFM) to a sanitized fragment: only the tags in `ALLOWED_TAGS`,
 * links limited to http/https/mailto (opened in a new tab, `rel="noopener noreferrer"`),
 * images shown as links, raw HTML shown as text. Also takes block tokens already lexed by
 * `lexMarkdown` (the streaming renderer's finished blocks); rendering adjusts tokens (heading
 * levels, images in links), so render each token list once. Never throws.
 */
export function renderMarkdown(src: string | Token[]): DocumentFragment {
  try {
    const md = markdown();
    // Per-call config on the default instance: no global hooks, no second `dompurify` policy.
    // The leading `<b></b>` is a sentinel for a DOM-emulation quirk: under happy-dom (used by the
    // unit tests, and not supported by DOMPurify, see cure53/DOMPurify#1457) DOMPurify unwraps
    // the first element and stops walking. In browsers DOMPurify drops it (`b` is not allowed);
    // either way harden() alone enforces the allowlists, so the result does not depend on that walk.
    return harden(DOMPurify.sanitize('<b></b>' + md.parser(typeof src == 'string' ? md.lexer(src) : src), PURIFY));
  } catch {
    // A parser bug must not take the reply down; show the text as it came.
    const p = document.createElement('p');
    p.textContent = typeof src == 'string' ? src : src.map((t) => t.raw).join('');
    const frag = new DocumentFragment();
    frag.append(p);
    return frag;
  }
}

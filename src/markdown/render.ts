/**
 * The only place where model output (untrusted markdown) becomes DOM.
 *
 * Pipeline: marked's lexer (GFM) → DOM built here from the tokens with `createElement` and text
 * nodes only (no HTML string is ever parsed, so raw HTML in a reply is text by construction and no
 * Trusted Types sink is touched) → DOMPurify over that DOM in place (`IN_PLACE`: defence in depth;
 * it parses nothing either). Only the lexer of marked is used. marked and DOMPurify ship as
 * published (docs/testing.md, "Dependencies as published").
 *
 * Nothing imports this module statically: ./engine.ts loads it (and with it marked and DOMPurify)
 * on the first reply, so a page view whose visitor never opens the chat builds none of their
 * rules (docs/benchmarks.md, "Start-up").
 *
 * Testing note: DOMPurify does not run under happy-dom (cure53/DOMPurify#1457), so the unit XSS
 * corpus (test/markdown/xss.test.ts) checks what this builder makes; test/browser/sanitizer.test.ts
 * runs the same corpus in the three engines with the DOMPurify widget.js ships, under Trusted Types.
 */
import DOMPurify from 'dompurify';
import { getDefaults, Lexer, type MarkedOptions, type Token, type Tokens } from 'marked';

import { markCodeBidi } from './bidi';
import { provideMarkdown } from './engine';
import { inlineTooCostly, MAX_DEPTH } from './limits';
import { ENTITY_PURIFY, LINK_SCHEME, PURIFY } from './sanitize-config';

export { inlineTooCostly, MAX_DEPTH, MAX_INLINE_CHARS, MAX_INLINE_COST } from './limits';

// Lexer options, built on first use. GFM with `breaks: false` (a single newline is a soft break,
// as on GitHub); never the page's global `marked` defaults.
let options: MarkedOptions | undefined;

// The container prefix of a line: indentation, list markers and `>`s.
// (`>` needs no space after it: `>>>` is three quotes deep.)
const CONTAINER_PREFIX = /^(?:[ \t]*(?:(?:[*+-]|\d{1,9}[.)])(?=[ \t]|$)|>))*[ \t]*/gm;

/** Where the first line of `src` nested deeper than `MAX_DEPTH` containers starts, or -1. */
function deepLine(src: string): number {
  for (const { 0: prefix, index } of src.matchAll(CONTAINER_PREFIX)) {
    if (prefix.length <= MAX_DEPTH) continue; // cheap: each level takes at least one character
    // Nesting needs markers; indentation before the last one nests too (two columns a level).
    // Indentation alone (deep code in a fence) is not nesting.
    const lead = /^.*(?:[*+>-]|\d[.)])/.exec(prefix)?.[0] ?? '';
    const markers = lead.match(/[*+>-]|\d[.)]/g)?.length ?? 0;
    const indent = lead.replace(/\t/g, '    ').replace(/[^ ]/g, '').length;
    if (markers + indent / 2 > MAX_DEPTH) return index;
  }
  return -1;
}

/**
 * Lexes with the widget's own options (never the page's global `marked` defaults), within the
 * limits above: a block nested too deep becomes one `plain` token (its lines as text), an inline
 * run too costly one text token.
 */
export function lexMarkdown(src: string): Token[] {
  const deep = deepLine(src);
  if (deep >= 0) {
    // From the blank line before it, the text is shown as written; what comes before is lexed.
    const blank = src.lastIndexOf('\n\n', deep);
    const cut = blank < 0 ? 0 : blank + 2;
    const rest = src.slice(cut);
    return [...(cut ? lexMarkdown(src.slice(0, cut)) : []), { type: 'plain', raw: rest, text: rest } as Tokens.Generic as Token];
  }
  const lexer = new Lexer((options ??= { ...getDefaults(), gfm: true, breaks: false }));
  // What `Lexer.lex` does, with the inline scan skipped for costly runs.
  const tokens = lexer.blockTokens(src.replace(/\r\n?/g, '\n'), lexer.tokens);
  for (const run of lexer.inlineQueue) {
    if (inlineTooCostly(run.src)) run.tokens.push({ type: 'text', raw: run.src, text: run.src } as Tokens.Text);
    else lexer.state.inRawBlock = false, lexer.inlineTokens(run.src, run.tokens);
  }
  lexer.inlineQueue = [];
  return tokens;
}

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

// Markdown text may carry character references; text nodes would show them literally. Numeric
// ones are decoded here as CommonMark says. Named ones (HTML5 has 2,231) are decoded as the
// browser itself decodes them, without shipping the table: the unknown names of a text are parsed
// in one batch by DOMPurify (its own Trusted Types policy, an inert document: nothing runs or
// loads, and only `&name;` strings are ever given to it). Only a whole `&name;` counts (`&copyx;`
// is not `©x;`), results are kept, and after `MAX_LOOKUPS` distinct names new ones stay as written.
const resolved = new Map<string, string>([['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"], ['nbsp', '\u00a0']]);
const MAX_LOOKUPS = 512;
const REFERENCE = /&(#[xX][\da-fA-F]{1,6}|#\d{1,7}|[A-Za-z][A-Za-z\d]{1,31});/g;

function lookUp(names: string[]): void {
  if (resolved.size + names.length > MAX_LOOKUPS) return;
  for (const name of names) resolved.set(name, ''); // as written, unless the browser knows it
  try {
    const body: HTMLElement = DOMPurify.sanitize(names.map((name) => `<p>&${name};</p>`).join(''), ENTITY_PURIFY) as HTMLElement;
    body.querySelectorAll('p').forEach((p, i) => {
      const value = p.textContent ?? '';
      // A known name gives one or two characters; a prefix match (`&notit;` is `¬it;`) keeps its `;`.
      if (value && [...value].length <= 2 && (!value.endsWith(';') || names[i] == 'semi')) resolved.set(names[i]!, value);
    });
  } catch {
    // No DOMPurify here (happy-dom): names stay as written.
  }
}

const decode = (s: string): string => {
  if (!s.includes('&')) return s;
  const unknown = new Set<string>();
  for (const [, name] of s.matchAll(REFERENCE)) if (name![0] != '#' && !resolved.has(name!)) unknown.add(name!);
  if (unknown.size) lookUp([...unknown]);
  return s.replace(REFERENCE, (ref, name: string) => {
    if (name[0] != '#') return resolved.get(name) || ref;
    const n = name[1] == 'x' || name[1] == 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
    return n > 0 && n < 0x110000 && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : '\ufffd';
  });
};

type Child = Node | string;

function h(tag: string, children: Child[] = [], attrs: Record<string, string> = {}): HTMLElement {
  const el = document.createElement(tag);
  el.append(...children);
  for (const name in attrs) el.setAttribute(name, attrs[name]!);
  return el;
}

/** A link whose `href` is already checked; it opens in a new tab (set after sanitizing). */
const link = (href: string, children: Child[], title?: string | null): HTMLElement =>
  h('a', children, { href, ...(title ? { title: decode(title) } : {}) });

function inline(tokens: Token[] = [], inLink = false): Child[] {
  return tokens.flatMap((token): Child[] => {
    const t = token as Tokens.Generic;
    switch (t.type) {
      case 'strong':
      case 'em':
      case 'del':
        return [h(t.type, inline(t.tokens, inLink))];
      case 'codespan':
        return [h('code', [t.text])];
      case 'br':
        return [h('br')];
      // Raw HTML is shown as text; `<br>` is the one tag models use on purpose (in table cells).
      case 'html':
        return [/^\s*<br\s*\/?>\s*$/i.test(t.text) ? h('br') : t.text];
      case 'link': {
        // A link inside link text stays text: nested <a> elements are not allowed.
        const href = !inLink && allowedUrl(t.href);
        const children = inline(t.tokens, true);
        return href ? [link(href, children, t.title)] : children;
      }
      // Images are never loaded (their URL can carry data out): an http(s) image becomes a link to
      // its URL (mailto makes no sense), any other just its alt text.
      case 'image': {
        const alt = decode(t.text);
        const href = !inLink && /^https?:/i.test(t.href) && allowedUrl(t.href);
        return href ? [link(href, [alt.trim() ? alt : t.href])] : [alt];
      }
      // Forms/inputs are not allowed; a task-list box becomes a character.
      case 'checkbox':
        return [t.checked ? '☑ ' : '☐ '];
      case 'escape':
        return [t.text];
      default:
        return t.tokens ? inline(t.tokens, inLink) : [decode(t.text ?? t.raw ?? '')];
    }
  });
}

function blocks(tokens: Token[]): Node[] {
  return tokens.flatMap((token): Node[] => {
    const t = token as Tokens.Generic;
    switch (t.type) {
      case 'space':
      case 'def':
        return [];
      // Page headings are far too big inside a chat bubble, and an h1 in a reply would sit above
      // the host page's own outline: shifted by two levels.
      case 'heading':
        return [h(`h${Math.min(t.depth + 2, 6)}`, inline(t.tokens))];
      case 'code': {
        // The info string's first word names the language, as a class only when it looks like one.
        const lang = String(t.lang ?? '').trim().split(/\s/)[0]!;
        const code = h('code', [t.text.replace(/\n$/, '') + '\n'], /^[\w#+.-]{1,40}$/.test(lang) ? { class: `language-${lang}` } : {});
        return [h('pre', [code])];
      }
      case 'blockquote':
        return [h('blockquote', blocks(t.tokens as Token[]))];
      case 'hr':
        return [h('hr')];
      case 'list':
        return [
          h(
            t.ordered ? 'ol' : 'ul',
            (t.items as Tokens.ListItem[]).map((item) =>
              h('li', (item.tokens as Token[]).flatMap((c) => (c.type == 'text' || c.type == 'checkbox' ? inline([c]) : blocks([c])))),
            ),
            t.ordered && t.start !== 1 && t.start !== '' ? { start: String(t.start) } : {},
          ),
        ];
      case 'table': {
        // Alignment as a class (styles/chat.css): no style attribute under a strict CSP.
        const cell = (tag: string) => (c: Tokens.TableCell) => h(tag, inline(c.tokens), c.align ? { class: `align-${c.align}` } : {});
        const rows = (t.rows as Tokens.TableCell[][]).map((row) => h('tr', row.map(cell('td'))));
        const table = h('table', [h('thead', [h('tr', (t.header as Tokens.TableCell[]).map(cell('th')))]), ...(rows.length ? [h('tbody', rows)] : [])]);
        // The wrapper scrolls sideways so a wide table never widens the message panel. The block
        // around it will also hold the table's chart and buttons (ui/answer-actions.ts): made
        // here, so that adding them never moves a table of thousands of rows in the DOM.
        return [h('div', [h('div', [table], { class: 'table-scroll' })], { class: 'table-block' })];
      }
      case 'html':
        return [/^\s*<br\s*\/?>\s*$/i.test(t.text) ? h('br') : h('p', [t.text.trimEnd()])];
      // Nested too deep to lex within budget (see `MAX_DEPTH`): its lines, as written.
      case 'plain':
        return [h('p', t.text.trimEnd().split('\n').flatMap((line: string, i: number) => (i ? [h('br'), line] : [line])))];
      default:
        return [h('p', t.tokens ? inline(t.tokens) : [decode(t.text ?? t.raw ?? '')])];
    }
  });
}

/**
 * Renders untrusted markdown (GFM) to a sanitized fragment: only the tags in `ALLOWED_TAGS`
 * (sanitize-config.ts), links limited to http/https/mailto (opened in a new tab,
 * `rel="noopener noreferrer"`), images shown as links, raw HTML shown as text. Also takes block
 * tokens already lexed by `lexMarkdown` (the streaming renderer's finished blocks). Never throws.
 */
export function renderMarkdown(src: string | Token[]): DocumentFragment {
  const root: HTMLElement = document.createElement('div');
  try {
    root.append(...blocks(typeof src == 'string' ? lexMarkdown(src) : src));
  } catch {
    // A parser bug must not take the reply down; show the text as it came.
    root.replaceChildren(h('p', [typeof src == 'string' ? src : src.map((t) => t.raw).join('')]));
  }
  let clean = root;
  try {
    const copy = root.cloneNode(true) as HTMLElement;
    DOMPurify.sanitize(copy, PURIFY);
    clean = copy;
  } catch {
    // DOMPurify throws on DOM implementations it does not support (happy-dom in the unit tests),
    // possibly halfway: the copy is dropped. What was built above holds only allowlisted
    // elements, text nodes and checked links anyway; DOMPurify is the second line.
  }
  // After DOMPurify, which drops `target`: links open in a new tab without opener or referrer.
  for (const a of clean.querySelectorAll('a')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  // Also after DOMPurify, whose allowlist has no <span>: bidirectional controls in code shown (./bidi.ts).
  markCodeBidi(clean);
  const frag = new DocumentFragment();
  frag.append(...clean.childNodes);
  return frag;
}

// Hands the engine to ./engine.ts, whose loader runs this module on the first reply.
provideMarkdown({ lexMarkdown, renderMarkdown });

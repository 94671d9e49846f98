// marked's tokens to DOM, with `createElement` and text nodes only (./dom.ts): no HTML string is
// ever parsed, so raw HTML in a reply is text by construction. Only the tags of `ALLOWED_TAGS`
// (./sanitize-config.ts) are made; links are checked here (./sanitize.ts `allowedUrl`).
import type { Token, Tokens } from 'marked';

import { type Child, h } from './dom';
import { decodeEntities as decode } from './entities';
import { allowedUrl } from './sanitize';
import { tableBlock } from './table';

/** A link whose `href` is already checked; it opens in a new tab (set after sanitizing). */
const link = (href: string, children: Child[], title?: string | null): HTMLElement =>
  h('a', children, { href, ...(title ? { title: decode(title) } : {}) });

/**
 * Adjacent strings joined: one text node for a run of text, however many tokens it was lexed into
 * (200 KB of `\\.` is 100,000 escape tokens; a text node each would cost the page's layout dearly).
 */
function joinText(children: Child[]): Child[] {
  const out: Child[] = [];
  for (const child of children) {
    const last = out.length - 1;
    if (typeof child === 'string' && typeof out[last] === 'string') out[last] += child;
    else out.push(child);
  }
  return out;
}

function inline(tokens: Token[] = [], inLink = false): Child[] {
  return joinText(inlineParts(tokens, inLink));
}

function inlineParts(tokens: Token[], inLink: boolean): Child[] {
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

/**
 * Direction (docs/protocol.md, "Direction"): a block takes the direction of its own text with
 * `dir="auto"`, which reads the first strong letter of its text but skips every descendant that
 * has a `dir` itself. So only the outermost text block says `auto`: a list item or a quote (and
 * the blocks inside them follow it), a paragraph or heading not inside one of those. A table's
 * scroll box says what `auto` would read, fixed (./table.ts). Code is always left to right. No
 * `dir` is ever taken from the reply.
 */
const AUTO = { dir: 'auto' };
const own = (nested: boolean) => (nested ? {} : AUTO);

/**
 * The DOM of block tokens (and of the `plain` token ./lex.ts makes of a block nested too deep);
 * `nested`: inside a list item or a quote, whose direction they follow.
 */
export function blocks(tokens: Token[], nested = false): Node[] {
  return tokens.flatMap((token): Node[] => {
    const t = token as Tokens.Generic;
    switch (t.type) {
      case 'space':
      case 'def':
        return [];
      // Page headings are far too big inside a chat bubble, and an h1 in a reply would sit above
      // the host page's own outline: shifted by two levels.
      case 'heading':
        return [h(`h${Math.min(t.depth + 2, 6)}`, inline(t.tokens), own(nested))];
      case 'code': {
        // The info string's first word names the language, as a class only when it looks like one.
        const lang = String(t.lang ?? '')
          .trim()
          .split(/\s/)[0]!;
        const code = h(
          'code',
          [t.text.replace(/\n$/, '') + '\n'],
          /^[\w#+.-]{1,40}$/.test(lang) ? { class: `language-${lang}` } : {},
        );
        return [h('pre', [code], { dir: 'ltr' })];
      }
      case 'blockquote':
        return [h('blockquote', blocks(t.tokens as Token[], true), AUTO)];
      case 'hr':
        return [h('hr')];
      case 'list':
        return [
          h(
            t.ordered ? 'ol' : 'ul',
            (t.items as Tokens.ListItem[]).map((item) =>
              h(
                'li',
                joinText(
                  (item.tokens as Token[]).flatMap((c) =>
                    c.type === 'text' || c.type === 'checkbox' ? inline([c]) : blocks([c], true),
                  ),
                ),
                AUTO,
              ),
            ),
            t.ordered && t.start !== 1 && t.start !== '' ? { start: String(t.start) } : {},
          ),
        ];
      case 'table':
        return [tableBlock(t as Tokens.Table, (cell) => inline(cell))];
      case 'html':
        return [/^\s*<br\s*\/?>\s*$/i.test(t.text) ? h('br') : h('p', [t.text.trimEnd()], own(nested))];
      // Nested too deep to lex within budget (`MAX_DEPTH`, ./limits.ts): its lines, as written.
      case 'plain':
        return [
          h(
            'p',
            t.text
              .trimEnd()
              .split('\n')
              .flatMap((line: string, i: number) => (i ? [h('br'), line] : [line])),
            own(nested),
          ),
        ];
      default:
        return [h('p', t.tokens ? inline(t.tokens) : [decode(t.text ?? t.raw ?? '')], own(nested))];
    }
  });
}

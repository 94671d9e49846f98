/**
 * The only place where model output (untrusted markdown) becomes DOM, along marked's own line
 * between lexer and renderer: ./lex.ts (marked's lexer, GFM, within the limits of ./limits.ts) →
 * ./build.ts (DOM from the tokens: elements and text nodes only, entities by ./entities.ts,
 * tables by ./table.ts) → ./sanitize.ts (DOMPurify over that DOM in place, then links and code).
 * marked and DOMPurify ship as published (docs/testing.md, "Dependencies as published").
 *
 * Nothing imports this module statically: ./engine.ts loads it (and with it marked and DOMPurify)
 * on the first reply, so a page view whose visitor never opens the chat builds none of their
 * rules (docs/benchmarks.md, "Start-up").
 */
import type { Token } from 'marked';

import { blocks } from './build';
import { h } from './dom';
import { provideMarkdown } from './engine';
import { lexMarkdown, linkDefinitions } from './lex';
import { sanitize } from './sanitize';

export { inlineTooCostly, MAX_DEPTH, MAX_INLINE_CHARS, MAX_INLINE_COST } from './limits';
export { lexMarkdown } from './lex';
export { allowedUrl } from './sanitize';

/**
 * Renders untrusted markdown (GFM) to a sanitized fragment: only the tags in `ALLOWED_TAGS`
 * (sanitize-config.ts), links limited to http/https/mailto (opened in a new tab,
 * `rel="noopener noreferrer"`), images shown as links, raw HTML shown as text. Also takes block
 * tokens already lexed by `lexMarkdown` (the streaming renderer's finished blocks). Never throws.
 */
export function renderMarkdown(src: string | Token[]): DocumentFragment {
  const root: HTMLElement = document.createElement('div');
  try {
    root.append(...blocks(typeof src === 'string' ? lexMarkdown(src) : src));
  } catch {
    // A parser bug must not take the reply down; show the text as it came.
    root.replaceChildren(h('p', [typeof src === 'string' ? src : src.map((t) => t.raw).join('')]));
  }
  return sanitize(root);
}

// Hands the engine to ./engine.ts, whose loader runs this module on the first reply.
provideMarkdown({ lexMarkdown, linkDefinitions, renderMarkdown });

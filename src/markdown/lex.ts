// Markdown text to marked's tokens, within the limits of ./limits.ts. Only the lexer of marked is
// used; the DOM is built from its tokens by ./build.ts.
import { getDefaults, Lexer, type Links, type MarkedOptions, type Token, type Tokens } from 'marked';

import { inlineTooCostly, MAX_DEPTH } from './limits';
import { normalizeLineEnds } from './line-ends';

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

const newLexer = (): Lexer => new Lexer((options ??= { ...getDefaults(), gfm: true, breaks: false }));

/**
 * Lexes with the widget's own options (never the page's global `marked` defaults), within the
 * limits of ./limits.ts: a block nested too deep becomes one `plain` token (its lines as text),
 * an inline run too costly one text token. `links`: reference definitions read elsewhere in the
 * reply (./definitions.ts), resolved as if they were in `src` (a definition in `src` adds to them).
 */
export function lexMarkdown(src: string, links?: Links): Token[] {
  const deep = deepLine(src);
  if (deep >= 0) {
    // From the blank line before it, the text is shown as written; what comes before is lexed.
    const blank = src.lastIndexOf('\n\n', deep);
    const cut = blank < 0 ? 0 : blank + 2;
    const rest = src.slice(cut);
    return [
      ...(cut ? lexMarkdown(src.slice(0, cut), links) : []),
      { type: 'plain', raw: rest, text: rest } as Tokens.Generic as Token,
    ];
  }
  const lexer = newLexer();
  // Read through, never written: a definition in `src` (a half-written one in a live tail too)
  // stays this lex's own.
  if (links) lexer.tokens.links = Object.create(links) as Links;
  // What `Lexer.lex` does, with the inline scan skipped for costly runs.
  const tokens = lexer.blockTokens(normalizeLineEnds(src), lexer.tokens);
  for (const run of lexer.inlineQueue) {
    if (inlineTooCostly(run.src)) run.tokens.push({ type: 'text', raw: run.src, text: run.src } as Tokens.Text);
    else {
      lexer.state.inRawBlock = false;
      lexer.inlineTokens(run.src, run.tokens);
    }
  }
  lexer.inlineQueue = [];
  return tokens;
}

/**
 * The reference definitions of `src` (definition lines, ./definitions.ts), by label as marked reads
 * it, added to `into` unless a label is there already: the first definition of a label wins, as in
 * a whole render. An object without a prototype: a label such as `constructor` is not defined.
 */
export function linkDefinitions(src: string, into: Links): Links {
  const lexer = newLexer();
  lexer.tokens.links = into;
  lexer.blockTokens(normalizeLineEnds(src), lexer.tokens);
  return into;
}

// The limits of the lexing (./lex.ts), apart from it: ./partial.ts needs them while a reply streams,
// and importing them must not load marked (./engine.ts loads it on first use).

/**
 * Limits that keep hostile markdown from freezing the host page (docs/hardening.md). marked's
 * inline scan costs about (emphasis/link/code delimiters) x (length of the run), `_` most: `_a_b `
 * repeated 10,000 times took 9 s. A run whose product is over `MAX_INLINE_COST`, or longer than
 * `MAX_INLINE_CHARS`, is shown as its plain text. Nesting costs marked a re-lex per level: a block
 * with a line nested deeper than `MAX_DEPTH` (list markers, `>`, or two columns of indentation
 * per level) is shown as plain text lines.
 */
export const MAX_INLINE_CHARS = 32_768;
export const MAX_INLINE_COST = 4_000_000;
export const MAX_DEPTH = 16;

const DELIMITERS = /[*_~`[\]<]/g;
// `_` costs marked far more than the others (flanking rules): it counts nine times.
const UNDERSCORES = /_/g;

/** True if marked's inline scan of `src` could take too long: then it is shown as plain text. */
export const inlineTooCostly = (src: string): boolean =>
  src.length > MAX_INLINE_CHARS ||
  ((src.match(DELIMITERS)?.length ?? 0) + 8 * (src.match(UNDERSCORES)?.length ?? 0)) * src.length > MAX_INLINE_COST;

// Line ends, in one place. marked reads `\r\n` and `\r` as `\n`; the lexer (./lex.ts) is given
// that form, and the streaming renderer (./placement.ts) works on it too, so that token lengths
// and the text it freezes stay in step (and render the same). No import: loading this module
// must not load marked (./engine.ts loads it on first use).

/** `s` with every `\r\n` and lone `\r` as `\n`. */
export const normalizeLineEnds = (s: string): string => s.replace(/\r\n?/g, '\n');

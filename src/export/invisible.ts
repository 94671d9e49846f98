// Characters a reader cannot see, which must not ride along into what the visitor copies or
// downloads (docs/hardening.md, "Copies hold what was seen"): a model can be steered to write
// them, and a pasted prompt or a spreadsheet would read them where the visitor never could.

/**
 * Bidirectional controls: the embeddings and overrides (U+202A–U+202E), the isolates
 * (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). They reorder what is shown without
 * being shown: a code block draws each as a visible marker (markdown/bidi.ts).
 */
export const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Always invisible: Unicode tag characters (U+E0000–U+E007F: an ASCII copy of any text, unseen),
 * zero-width space, word joiner and invisible operators (U+200B, U+2060–U+2064), the byte-order
 * mark (U+FEFF), the Mongolian vowel separator (U+180E), the combining grapheme joiner (U+034F)
 * and the bidirectional controls.
 */
// U+034F (a combining joiner) is listed on purpose: it is one of the characters removed.
const ALWAYS =
  // oxlint-disable-next-line no-misleading-character-class
  /[\u{e0000}-\u{e007f}\u200b\u2060-\u2064\ufeff\u180e\u034f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Zero-width non-joiner and joiner (U+200C, U+200D) change what is seen between two characters of
 * a joining script (Persian needs the non-joiner) or two emoji (a family is one emoji by joiners):
 * kept only between two non-ASCII characters. Next to ASCII text, or at an end, they hide text
 * from the reader: dropped.
 */
const LONE_JOINER = /(?<![^\0-\x7f])[\u200c\u200d]|[\u200c\u200d](?![^\0-\x7f])/g;

/** `text` without its invisible characters. */
export const stripInvisible = (text: string): string => text.replace(ALWAYS, '').replace(LONE_JOINER, '');

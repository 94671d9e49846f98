// Which messages of a conversation the list renders (docs/architecture.md, "Long conversations").
// A stored conversation may hold thousands of messages: rendering each one's markdown at once
// holds the page for a second, and keeping them all in the DOM for a working day costs memory and
// every layout. So the list renders a window: the latest messages first, older ones in batches as
// the visitor scrolls up, never more than `MAX` at a time (the far end is dropped, and comes back
// as they scroll towards it).

/**
 * Messages rendered when a conversation opens: about a screen of typical answers, and 20-30 ms of
 * markdown (the first reply also loads the markdown engine). More follow a batch a frame while
 * they do not fill two screens (./follow.ts).
 */
export const FIRST = 10;
/** Messages added per batch (a frame) as the visitor scrolls towards an end. */
export const STEP = 10;
/** Messages rendered at most. */
export const MAX = 160;

/**
 * `from`: the first rendered message's index; `to`: one past the last, or null for "up to the
 * end" (new messages appear as they come). `key`: the first message's id when the window was set:
 * another conversation (or a new one) starts a new window.
 */
export interface Span {
  key: string | undefined;
  from: number;
  to: number | null;
}

/** The latest messages of a conversation of `length`. */
export const latest = (key: string | undefined, length: number): Span => ({
  key,
  from: Math.max(0, length - FIRST),
  to: null,
});

/** The window as it applies to `length` messages now: following the end, it never holds more than MAX. */
export function current(span: Span, key: string | undefined, length: number): { from: number; to: number } {
  if (span.key !== key) return { from: Math.max(0, length - FIRST), to: length };
  const to = Math.min(span.to ?? length, length);
  return { from: Math.min(Math.max(span.from, to - MAX), to), to };
}

/** One batch more above; the far end is dropped past MAX. */
export function older(span: Span, length: number): Span {
  const now = current(span, span.key, length);
  const from = Math.max(0, now.from - STEP);
  const to = now.to - from > MAX ? from + MAX : span.to;
  return { ...span, from, to };
}

/** One batch more below; past the last message the window follows the end again. */
export function newer(span: Span, length: number): Span {
  if (span.to === null) return span;
  const to = span.to + STEP >= length ? null : span.to + STEP;
  return { ...span, from: Math.max(span.from, (to ?? length) - MAX), to };
}

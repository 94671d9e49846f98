// Reference-style link definitions (`[label]: https://…`) anywhere in a reply, for every window of
// its rendering (./placement.ts). A window is lexed on its own, so a definition after it (how models
// write citations: "the report [1] … [1]: https://…") would leave its links as raw text; the
// definitions found here are handed to every window's lexer (./lex.ts), so a stored reply renders
// as a whole render of it does, in every window (issue #36).
//
// A scan of lines, not a lex of the whole text: it finds the lines a whole render reads as
// definitions (at a line start, after a blank line, a heading, a fence or another definition; never
// inside a fenced block, never continuing a paragraph), and only those are lexed (by marked, which
// reads their labels and titles). It goes on where it stopped as the text grows. No import: this
// module must not load marked (./engine.ts loads it on first use).

/** Definitions read at most: beyond that a window reads only its own (each is lexed once). */
export const MAX_DEFINITIONS = 1_000;

/** A fence line, or a line starting like a definition (`[label]:`). */
const LINE = /^ {0,3}(?:(`{3,}|~{3,})(.*)|\[(?!\s*\])(?:\\.|[^[\]\\\n])+\]:)/gm;
const BLANK = /^[ \t]*$/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** A line that is only a link title: a definition's title may stand on the line after its address. */
const TITLE = /^[ \t]*(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\))[ \t]*$/;

export class DefinitionScan {
  /** The text scanned so far (a prefix of the reply: a text that does not extend it starts over). */
  #text = '';
  /** Where the next line to scan starts. */
  #at = 0;
  /** The open fence: its character and length. */
  #fence: string | null = null;
  /** Where the line after the last definition (or closing fence) starts: a definition may follow there. */
  #after = -1;
  #found = 0;

  /**
   * The definition lines of `text` not scanned before, joined by blank lines ('' if none); lines
   * still being written are left for the next call, except in a `final` text. `restarted` says
   * that `text` does not extend the text scanned before: what was found before is void.
   */
  scan(text: string, final: boolean): { lines: string; restarted: boolean } {
    const restarted = !text.startsWith(this.#text);
    if (restarted) {
      this.#at = this.#found = 0;
      this.#fence = null;
      this.#after = -1;
    }
    const end = final ? text.length : text.lastIndexOf('\n') + 1;
    const found: string[] = [];
    let stop = end;
    LINE.lastIndex = this.#at;
    for (let m = LINE.exec(text); m && m.index < end; m = LINE.exec(text)) {
      const at = m.index;
      let next = text.indexOf('\n', at);
      next = next < 0 ? text.length : next + 1;
      LINE.lastIndex = next;
      const [, fence, info] = m;
      if (fence) {
        if (!this.#fence) {
          // A backtick fence's info string has no backtick (else it is inline code, not a fence).
          if (fence[0] === '~' || !info!.includes('`')) this.#fence = fence;
        } else if (fence[0] === this.#fence[0] && fence.length >= this.#fence.length && BLANK.test(info!)) {
          this.#fence = null;
          this.#after = next;
        }
        continue;
      }
      if (this.#fence || this.#found >= MAX_DEFINITIONS) continue;
      const previous = text.slice(text.lastIndexOf('\n', at - 2) + 1, at - 1);
      if (at && at !== this.#after && !BLANK.test(previous) && !HEADING.test(previous)) continue;
      // A title on the next line goes with it (marked reads it as the title, or leaves it out):
      // while that line is still being written, the definition waits for the next call.
      const after = text.indexOf('\n', next);
      if (!final && (after < 0 || after >= end)) {
        stop = at;
        break;
      }
      const line = after < 0 ? text.length : after + 1;
      if (TITLE.test(text.slice(next, line).replace(/\n$/, ''))) LINE.lastIndex = next = line;
      found.push(text.slice(at, next));
      this.#found++;
      this.#after = next;
    }
    this.#at = stop;
    this.#text = text.slice(0, stop);
    return { lines: found.join('\n\n'), restarted };
  }
}

// A code block shows every bidirectional control as a visible marker (docs/hardening.md, "Copies
// hold what was seen"): an override such as U+202E would otherwise show `ls -la /tmp/report` and
// copy a different command. The control itself is replaced, so the copy is the marker text too.
import { BIDI_CONTROL } from '../export/invisible';

// Without /g (a /g regex keeps its position between tests).
const HAS_BIDI = new RegExp(BIDI_CONTROL.source);
const hex = (c: string) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');

/** `text` as nodes, each bidirectional control a `<span class="bidi-mark">⟨U+202E⟩</span>`. */
export function bidiNodes(text: string): (string | Node)[] {
  if (!HAS_BIDI.test(text)) return [text];
  return text.split(new RegExp(`(${BIDI_CONTROL.source})`)).map((part, i) => {
    if (i % 2 === 0) return part;
    const mark = document.createElement('span');
    mark.className = 'bidi-mark';
    mark.textContent = `\u27e8U+${hex(part)}\u27e9`;
    return mark;
  });
}

/** Marks the bidirectional controls of every code block in `root` (after sanitizing: spans are ours). */
export function markCodeBidi(root: ParentNode): void {
  for (const code of root.querySelectorAll('pre code')) {
    for (const node of Array.from(code.childNodes)) {
      const text = node.nodeType === 3 ? node.nodeValue! : '';
      if (HAS_BIDI.test(text)) (node as Text).replaceWith(...bidiNodes(text));
    }
  }
}

/** A letter, and a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, …). */
const LETTER = /\p{L}/u;
const RTL_LETTER = /^[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * What `dir="auto"` gives text made of `texts` in order: the direction of its first letter. A
 * table's scroll box gets it as a fixed `dir` (./table.ts): with `auto`, Chromium looks for that
 * letter again each time a row moves, and sorting 25,000 rows moves every one.
 */
export function firstStrongDir(texts: Iterable<string>): 'ltr' | 'rtl' {
  for (const text of texts) {
    const letter = LETTER.exec(text)?.[0];
    if (letter) return RTL_LETTER.test(letter) ? 'rtl' : 'ltr';
  }
  return 'ltr';
}

/** The texts of the rows of the table in `box`, header first: read one by one, only while no letter came. */
export function* tableTexts(box: Element): Generator<string> {
  const table = box.localName === 'table' ? box : box.querySelector('table');
  for (let part = table?.firstElementChild; part; part = part.nextElementSibling)
    for (let row = part.firstElementChild; row; row = row.nextElementSibling) yield row.textContent ?? '';
}

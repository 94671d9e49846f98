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

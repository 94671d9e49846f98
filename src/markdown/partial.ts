/**
 * Makes the unfinished end of a streaming reply presentable before it is rendered.
 *
 * Only the block still being written goes through here, and only its display changes: the
 * final render always uses the real text. Goal: no flash of syntax that the next chunk would
 * turn into formatting (a literal `**`, the backticks of a fence, `[text](http…`, a table's
 * pipes before its separator row). When in doubt, hide a character for a frame rather than
 * show a construct that is not there.
 */

const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
// A last line holding only a block marker so far (`-`, `1.`, `##`, `>`, a setext/hr run…).
const MARKER_ONLY = /^\s*(?:>\s*)*(?:[-*+]|\d{1,9}[.)]|#{1,6}|=+|-+|_+|\*+)?\s*$/;
// Block prefix of a line that inline scanning must skip (`* ` is a bullet, not emphasis).
const LINE_PREFIX = /^\s*(?:>\s?)*(?:(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?|#{1,6}\s+)?/;
const PARTIAL_AUTOLINK = /^<(?:[A-Za-z][\w+.-]*:[^\s<>]*|[^\s<>@]+@[^\s<>]*)$/;

const isSpace = (c: string | undefined): boolean => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

interface Opener {
  ch: string;
  len: number;
  pos: number;
}

function runLength(s: string, i: number): number {
  let j = i;
  while (s[j] === s[i]) j++;
  return j - i;
}

/**
 * Closes or hides unfinished inline syntax at the end of one line: unclosed code spans and
 * emphasis are closed (the text shows formatted at once), a delimiter run at the very end is
 * hidden (it may be half of `**`), an unfinished link shows as its text only.
 */
export function settleInline(s: string): string {
  const keep = new Uint8Array(s.length).fill(1);
  const stack: Opener[] = [];
  const brackets: number[] = [];
  let end = s.length;
  const lastLt = s.lastIndexOf('<'); // a partial autolink runs to the end, so it is the last `<`
  const drop = (from: number, to: number): void => { keep.fill(0, from, to); };

  for (let i = 0; i < s.length; ) {
    const c = s[i] as string;
    const top = stack[stack.length - 1];
    if (c === '\\') { i += 2; continue; }
    if (c === '`') {
      const n = runLength(s, i);
      if (top?.ch === '`') { if (top.len === n) stack.pop(); } else stack.push({ ch: c, len: n, pos: i });
      i += n;
      continue;
    }
    if (top?.ch === '`') { i++; continue; } // code span content is literal
    if (c === '*' || c === '_' || c === '~') {
      const n = runLength(s, i);
      const prev = s[i - 1];
      const next = s[i + n];
      const canClose = !isSpace(prev) && (c !== '_' || !isWordChar(next));
      const canOpen = !isSpace(next) && (c !== '_' || !isWordChar(prev));
      if (next === undefined) {
        // Trailing run: keep it only if it exactly closes the innermost opener.
        if (canClose && top?.ch === c && top.len === n) stack.pop();
        else drop(i, i + n);
      } else if (c === '~' && n !== 2) {
        // Single `~` is common as "approximately"; only `~~` is treated as strikethrough.
      } else if (canClose && top?.ch === c) {
        let left = n;
        for (let t = stack[stack.length - 1]; left > 0 && t?.ch === c; t = stack[stack.length - 1]) {
          if (t.len <= left) { left -= t.len; stack.pop(); } else { t.len -= left; left = 0; }
        }
        if (left > 0 && canOpen) stack.push({ ch: c, len: left, pos: i });
      } else if (canOpen) {
        stack.push({ ch: c, len: n, pos: i });
      }
      i += n;
      continue;
    }
    if (c === '[') { brackets.push(s[i - 1] === '!' ? i - 1 : i); i++; continue; }
    if (c === ']' && brackets.length > 0) {
      const open = brackets.pop() as number;
      const hideBrackets = (): void => { drop(open, s[open] === '!' ? open + 2 : open + 1); drop(i, i + 1); };
      if (i === s.length - 1) { hideBrackets(); break; } // `[text]` may be about to get its `(url)`
      if (s[i + 1] === '(') {
        let depth = 0;
        let j = i + 2;
        for (; j < s.length; j++) {
          if (s[j] === '\\') j++;
          else if (s[j] === '(') depth++;
          else if (s[j] === ')') { if (depth === 0) break; depth--; }
        }
        if (j >= s.length) { hideBrackets(); end = i; break; } // URL still arriving: text only
        i = j + 1;
        continue;
      }
      i++;
      continue;
    }
    if (i === lastLt && PARTIAL_AUTOLINK.test(s.slice(i))) { drop(i, i + 1); break; }
    i++;
  }
  for (const open of brackets) drop(open, s[open] === '!' ? open + 2 : open + 1);

  // Map source positions to output positions so empty openers can be removed.
  const outPos = new Int32Array(s.length + 1);
  let out = '';
  for (let i = 0; i < end; i++) {
    outPos[i] = out.length;
    if (keep[i]) out += s[i];
  }
  out = out.trimEnd(); // a closer after whitespace would not close
  for (let k = stack.length - 1; k >= 0; k--) {
    const o = stack[k] as Opener;
    if (o.pos >= end) continue;
    const at = outPos[o.pos] as number;
    if (out.slice(at + o.len).trim() === '') out = out.slice(0, at).trimEnd();
    else out += o.ch.repeat(o.len);
  }
  return out;
}

/** Returns a version of the unfinished markdown `src` that renders without broken syntax. */
export function settleTail(src: string): string {
  const lines = src.split('\n');
  const last = lines.length - 1;

  // Fences: content is literal; an unclosed fence already renders as a code block.
  let fence: { ch: string; len: number; start: number } | null = null;
  for (let i = 0; i <= last; i++) {
    const m = FENCE.exec(lines[i] as string);
    if (!fence) {
      if (m && !(m[1]?.[0] === '`' && m[2]?.includes('`'))) fence = { ch: m[1]?.[0] ?? '`', len: m[1]?.length ?? 3, start: i };
    } else if (m && m[1]?.[0] === fence.ch && (m[1]?.length ?? 0) >= fence.len && !m[2]?.trim()) {
      fence = null;
    }
  }
  if (fence) {
    // The info string may be half typed; a closing fence may be half typed.
    if (fence.start === last) lines[last] = '';
    else if (new RegExp(`^\\s*\\${fence.ch}+\\s*$`).test(lines[last] as string)) lines[last] = '';
    return lines.join('\n');
  }

  // Tables: pipe rows show only once the separator row is complete, and a row only once whole.
  const lastComplete = lines[last] === '' ? last - 1 : last;
  let start = lastComplete + 1;
  while (start > 0 && /^\s*\|/.test(lines[start - 1] as string)) start--;
  if (start <= lastComplete) {
    const sep = lines[start + 1];
    const isTable = start + 1 < last && sep !== undefined && TABLE_SEPARATOR.test(sep);
    if (!isTable) lines.splice(start, lines.length - start, '');
    else lines[last] = '';
    return lines.join('\n');
  }

  const line = lines[last] as string;
  if (MARKER_ONLY.test(line)) {
    lines[last] = '';
  } else {
    const prefix = LINE_PREFIX.exec(line)?.[0] ?? '';
    lines[last] = prefix + settleInline(line.slice(prefix.length));
  }
  return lines.join('\n');
}

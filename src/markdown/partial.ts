/**
 * Makes the unfinished end of a streaming reply presentable before it is rendered.
 *
 * Only the block still being written goes through here, and only its display changes: the
 * final render always uses the real text. Goal: no flash of syntax that the next chunk would
 * turn into formatting (a literal `**`, the backticks of a fence, `[text](http…`, a table's
 * pipes before its separator row). When in doubt, hide a character for a frame rather than
 * show a construct that is not there.
 */

import { inlineTooCostly } from './limits';

// An opening or closing fence line; a backtick fence's info string cannot hold a backtick.
const FENCE = /^\s*(`{3,}(?!.*`)|~{3,})(.*)/;
const TABLE_SEPARATOR = /^[\s|:-]*-[\s|:-]*$/;
// Block prefix of a line (quote, bullet, number, heading or a setext/hr run, with its spaces or
// alone) that inline settling must leave alone: `* ` is a bullet, not emphasis. A line that is
// nothing more yet is hidden: `foo\n-` would flash as a setext heading, `1.` as a list.
const LINE_PREFIX = /^[\s>]*(?:(?:([-*+=_#])\1*|\d+[.)])(?:\s+(?:\[[ xX]\]\s+)?|$))?/;
const PARTIAL_AUTOLINK = /^<(?:[a-z][\w+.-]*:|[^\s<>@]+@)[^\s<>]*$/i;

const isSpace = (c: string | undefined): boolean => !c?.trim();
const isWordChar = (c: string | undefined): boolean => /[\p{L}\p{N}]/u.test(c ?? '');

interface Opener {
  /** delimiter character */
  c: string;
  /** run length still open */
  n: number;
  /** position in the line */
  p: number;
}

/**
 * Closes or hides unfinished inline syntax at the end of one line: unclosed code spans and
 * emphasis are closed (the text shows formatted at once), a delimiter run at the very end is
 * hidden (it may be half of `**`), an unfinished link shows as its text only.
 */
export function settleInline(s: string): string {
  const out = s.split(''); // source positions; a hidden character becomes ''
  const stack: Opener[] = [];
  const brackets: number[] = []; // positions of unmatched `[` or `![`
  const hide = (from: number, to = from + 1): void => void out.fill('', from, to);
  const hideBracket = (at: number): void => hide(at, s[at] === '!' ? at + 2 : at + 1);
  let end = s.length;

  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    const top = stack.at(-1);
    let n = 1;
    if ('`*_~'.includes(c)) while (s[i + n] === c) n++; // a delimiter run
    if (c === '\\') i++;
    else if (c === '`') {
      if (top?.c !== c) stack.push({ c, n, p: i });
      else if (top.n === n) stack.pop();
      i += n - 1;
    } else if (top?.c === '`') {
      // code span content is literal
    } else if ('*_~'.includes(c)) {
      const prev = s[i - 1];
      const next = s[i + n];
      // Single `~` is common as "approximately"; only `~~` is treated as strikethrough.
      const delimiter = c !== '~' || n === 2;
      const canClose = delimiter && !isSpace(prev) && (c !== '_' || !isWordChar(next));
      if (next === undefined) {
        // A run at the very end may be half of `**`: kept only if it exactly closes the innermost opener.
        if (canClose && top?.c === c && top.n === n) stack.pop();
        else hide(i, i + n);
      } else {
        let left = n; // not used up by closing
        for (let t = canClose ? top : undefined; left > 0 && t?.c === c; t = stack.at(-1)) {
          if (t.n <= left) left -= (stack.pop() as Opener).n;
          else {
            t.n -= left;
            left = 0;
          }
        }
        if (left > 0 && delimiter && !isSpace(next) && (c !== '_' || !isWordChar(prev)))
          stack.push({ c, n: left, p: i });
      }
      i += n - 1;
    } else if (c === '[') brackets.push(s[i - 1] === '!' ? i - 1 : i);
    else if (c === ']' && brackets.length) {
      const open = brackets.pop() as number;
      let j = i + 1;
      if (s[j] === '(') {
        for (let depth = 0; ++j < s.length;) {
          if (s[j] === '\\') j++;
          else if (s[j] === '(') depth++;
          else if (s[j] === ')' && !depth--) break;
        }
      }
      // `[text]` may be about to get its `(url)`, or its URL is still arriving: text only.
      if (j >= s.length) {
        hideBracket(open);
        end = i;
        break;
      }
      if (s[i + 1] === '(') i = j;
    } else if (c === '<' && PARTIAL_AUTOLINK.test(s.slice(i))) {
      hide(i);
      break;
    }
  }
  brackets.forEach(hideBracket);

  // Close what is still open, innermost first; an opener with nothing after it is dropped.
  // `last`: the last shown non-space character before `end` (kept in step as openers are hidden,
  // so this stays linear in the line however many openers it has).
  let closers = '';
  let last = end - 1;
  for (const { c, n, p } of stack.reverse()) {
    if (p >= end) continue;
    while (last >= 0 && !out[last]?.trim()) last--;
    if (last >= p + n) closers += c.repeat(n);
    else hide(p, end);
  }
  return out.slice(0, end).join('').trimEnd() + closers; // a closer after whitespace would not close
}

/** Returns a version of the unfinished markdown `src` that renders without broken syntax. */
export function settleTail(src: string): string {
  const lines = src.split('\n');
  const last = lines.length - 1;
  const line = lines[last] as string;

  // Fences: content is literal; an unclosed fence already renders as a code block.
  let fence = '';
  let fenceStart = 0;
  lines.forEach((l, i) => {
    const m = FENCE.exec(l);
    if (!m) return;
    if (!fence) {
      fence = m[1] as string;
      fenceStart = i;
    } else if (!m[2]?.trim() && m[1]?.startsWith(fence)) fence = '';
  });

  // Tables: the run of pipe rows ending at the last complete line.
  const end = line ? last + 1 : last;
  let start = end;
  while (/^\s*\|/.test(lines[start - 1] ?? '')) start--;

  if (fence) {
    // The info string may be half typed; so may a closing fence (shorter than the opener so far).
    if (fenceStart === last || fence.startsWith(line.trim())) lines[last] = '';
  } else if (start < end) {
    // Pipe rows show only once the separator row is complete, and a row only once whole.
    if (start + 1 < last && TABLE_SEPARATOR.test(lines[start + 1] as string)) lines[last] = '';
    else lines.splice(start, lines.length, '');
  } else {
    const prefix = (LINE_PREFIX.exec(line) as RegExpExecArray)[0];
    // A line too costly to lex inline is shown as plain text anyway (lex.ts): nothing to settle,
    // and settling it would cost as much (its openers times its length).
    const rest = inlineTooCostly(line) ? line.slice(prefix.length) : settleInline(line.slice(prefix.length));
    lines[last] = rest && prefix + rest;
  }
  return lines.join('\n');
}

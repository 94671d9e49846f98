// A finished reply as a screen reader is told it (docs/accessibility.md): the text a sighted
// visitor reads, from the same sanitized DOM the reply is shown as (markdown/render.ts), never the
// markdown: a table as its rows ("Region: North, Orders: 25."), a heading, list item or table row
// as a sentence of its own, a long reply shortened with "The answer continues."
import { stripInvisible } from '../export/invisible';
import type { MarkdownEngine } from '../markdown/engine';

/** Of a longer reply, the start is said (cut at a word), then that it continues. */
export const SAID_CHARS = 600;
/** The markdown read to find it, in whole lines: far more than is said, never a megabyte. */
const READ_CHARS = 4000;

/** Elements whose text is a sentence of its own. */
const BLOCK = /^(P|H[1-6]|LI|PRE|BLOCKQUOTE|DT|DD|CAPTION|[UO]L|DL|DIV|SECTION|DETAILS|SUMMARY)$/;

const clean = (s: string) => stripInvisible(s).replace(/\s+/g, ' ').trim();
/** A block ends as a sentence, so the reader pauses there as the eye does at a line's end. */
const sentence = (s: string) => (s && !/[.!?:;…。]$/.test(s) ? `${s}.` : s);

/** The sentences of `node`, in reading order; what the visitor cannot see (hidden rows) is left out. */
function read(node: Node, out: string[], line: string[]): void {
  if (node.nodeType === 3) return void line.push(node.nodeValue!);
  if (node.nodeType !== 1 && node.nodeType !== 11) return;
  const el = node as HTMLElement;
  if (node.nodeType === 1 && (el.hidden || el.getAttribute('aria-hidden') === 'true')) return;
  if (el.localName === 'br') return void line.push(' ');
  const end = () => {
    const s = sentence(clean(line.splice(0).join('')));
    if (s) out.push(s);
  };
  if (el.localName === 'table') {
    end();
    return void out.push(...tableSentences(el as HTMLTableElement));
  }
  const block = node.nodeType === 1 && BLOCK.test(el.tagName);
  if (block) end();
  for (const child of Array.from(node.childNodes)) read(child, out, line);
  if (block) end();
}

/** Each body row as "Header: cell, Header: cell." (a blank cell is left out); without headers, its cells. */
function tableSentences(table: HTMLTableElement): string[] {
  const cells = (row: Element) => Array.from(row.children, (c) => clean(c.textContent!));
  const head = table.querySelector(':scope > thead > tr');
  const names = head ? cells(head) : [];
  const rows = Array.from(table.querySelectorAll<HTMLElement>(':scope > tbody > tr')).filter((r) => !r.hidden);
  return rows
    .map((row) =>
      cells(row)
        .map((cell, i) => (cell && names[i] ? `${names[i]}: ${cell}` : cell))
        .filter(Boolean)
        .join(', '),
    )
    .filter(Boolean)
    .map(sentence);
}

/** What is said of a finished reply's markdown `md`; `continues` ends a reply said in part. */
export function readAloud(md: string, engine: MarkdownEngine, continues: string): string {
  let src = md;
  if (md.length > READ_CHARS) {
    const cut = md.lastIndexOf('\n', READ_CHARS);
    src = md.slice(0, cut > 0 ? cut : READ_CHARS);
  }
  const out: string[] = [];
  const line: string[] = [];
  read(engine.renderMarkdown(src), out, line);
  const rest = sentence(clean(line.join('')));
  if (rest) out.push(rest);
  const text = out.join(' ');
  if (text.length <= SAID_CHARS && src === md) return text;
  const shown = text.slice(0, SAID_CHARS + 1);
  const word = shown.lastIndexOf(' ');
  return `${shown.slice(0, word > 0 ? word : SAID_CHARS).replace(/[\s,.;:]+$/, '')}… ${continues}`;
}

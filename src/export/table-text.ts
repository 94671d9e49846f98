// A rendered table read back as text, and a reply as plain text: what the copy buttons and the
// CSV download start from (./cells.ts makes them safe to paste).
import { toTsv } from './cells';
import { trimmed } from '../cells/text';
import { stripInvisible } from './invisible';

/**
 * The body rows of a table in their committed order, for a table whose rows are being moved
 * (a sort works over several tasks, table/view.ts): exports read that order, never a tbody
 * half-way through a move.
 */
const bodies = new WeakMap<HTMLTableElement, () => readonly HTMLTableRowElement[]>();

export const trackRows = (table: HTMLTableElement, rows: () => readonly HTMLTableRowElement[]): void =>
  void bodies.set(table, rows);

const bodyRows = (table: HTMLTableElement): readonly HTMLTableRowElement[] =>
  bodies.get(table)?.() ?? (Array.from(table.tBodies[0]?.children ?? []) as HTMLTableRowElement[]);

const text = (cell: Element | undefined, read: (s: string) => string) => read(cell?.textContent ?? '');

/**
 * The table's cells as text, header row first, in the order shown (the first `n` rows only, if
 * given), whitespace runs as one space and trimmed: what the chart and sorting read.
 */
export function tableRows(table: HTMLTableElement, n = Infinity, read: (s: string) => string = trimmed): string[][] {
  const head = table.querySelector<HTMLTableRowElement>(':scope > thead > tr') ?? undefined;
  const rows = [...(head ? [head] : []), ...bodyRows(table).slice(0, Math.max(0, n - (head ? 1 : 0)))];
  return rows.map((r) => Array.from(r.cells, (c) => text(c, read)));
}

/** Every cell as written (leading blanks kept): ./cells.ts makes them safe to export. */
export const tableCells = (table: HTMLTableElement): string[][] => tableRows(table, Infinity, (s) => s);

/** Tab-separated text of the whole table, every row, formula-safe and without invisible characters. */
export const tableToTsv = (table: HTMLTableElement): string => toTsv(tableCells(table));

/**
 * A reply as plain text: blocks on their own lines, tables as tab-separated rows, links as
 * "text (URL)", list items with "- ". Buttons, charts and a windowed table's spacers are left out;
 * so are invisible characters (./invisible.ts).
 */
export const answerText = (node: Node): string =>
  stripInvisible(blockText(node))
    .replace(/\n\s*\n\s*/g, '\n\n')
    .trim();

function blockText(node: Node): string {
  const el = node as HTMLElement;
  if (node.nodeType === 3) return node.nodeValue!;
  if (node.nodeType !== 1 || el.matches('.actions,.chart-box,.table-spacer')) return '';
  if (el.tagName === 'TABLE') return `\n${tableToTsv(el as HTMLTableElement)}\n`;
  let s = Array.from(node.childNodes, blockText).join('');
  const href = el.getAttribute('href');
  if (href && href !== s) s += ` (${href})`;
  if (el.tagName === 'LI') return `- ${s.trim()}\n`;
  return /^(P|H\d|PRE|BLOCKQUOTE|[UO]L|DIV)$/.test(el.tagName) ? `\n${s}\n\n` : s;
}

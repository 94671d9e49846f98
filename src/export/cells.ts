// Table exports (docs/charts.md, "Tables"): tab-separated text for the clipboard and RFC 4180
// CSV for the download, built from the same cells. Pure: no DOM, so it is tested on its own.
import { stripInvisible } from './invisible';

/**
 * A number as a spreadsheet reads it, which no spreadsheet evaluates as a formula: a sign,
 * digits (grouped by `,`, `.` or a narrow/no-break space), a decimal part, an exponent, an
 * optional currency sign and `%`. `-5`, `+3`, `-3.5`, `-1,234.5`, `-12%`, `-€5` stay as they are.
 */
const PLAIN_NUMBER = /^[-+]?\p{Sc}?(?:\d+|\d{1,3}(?:[,.\u00a0\u202f]\d{3})+)(?:[.,]\d+)?(?:[eE][-+]?\d+)?\p{Sc}?%?$/u;

/**
 * What makes a spreadsheet read a cell as a formula (OWASP, "CSV injection"): `=`, `+`, `-`,
 * `@` first (their full-width forms too, which some spreadsheets take on import), or a tab or a
 * carriage return first. Blanks before them are looked through: an importer that trims them
 * would uncover the `=`.
 */
const FORMULA_START = /^[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

/**
 * A cell that a spreadsheet could run as a formula gets a leading `'`, which makes it text;
 * everything else, its leading blanks included, stays as it is.
 */
export function neutralize(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell.trim()) ? `'${cell}` : cell;
}

/** A CSV field: no invisible characters, no formula; line breaks stay (quoted, RFC 4180). */
export const csvCell = (text: string): string => neutralize(stripInvisible(text));

/**
 * A tab-separated cell: as a CSV field, with whitespace runs (tabs and line breaks included) as
 * one space, so a cell never splits a row. Leading blanks stay (after the `'` when there is one).
 */
export const tsvCell = (text: string): string => neutralize(stripInvisible(text).replace(/\s+/g, ' ').trimEnd());

/** Tab-separated text, so a paste into a spreadsheet lands in cells. */
export const toTsv = (rows: string[][]): string => rows.map((r) => r.map(tsvCell).join('\t')).join('\n');

const quoted = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/** RFC 4180: fields with `"`, `,` or line breaks quoted, `"` doubled, CRLF after every record; a UTF-8 BOM first. */
export const toCsv = (rows: string[][]): string =>
  '\ufeff' + rows.map((r) => r.map((c) => quoted(csvCell(c))).join(',') + '\r\n').join('');

/** "Sales-by-region-2026-11-26.csv": the conversation's title (letters and digits) and the local date. */
export const csvName = (title: string, now: Date): string => {
  const name = stripInvisible(title)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${name || 'table'}-${now.toLocaleDateString('sv')}.csv`;
};

// A table cell as sorting and the chart read it: one fact, for the core (table/view.ts,
// export/table-text.ts) and widget-chart.js (chart/read.ts).

/** Whitespace runs (no-break spaces and line breaks included) as one space, trimmed. */
export const trimmed = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The text of a cell (none: ''), trimmed. */
export const cellText = (cell?: Element): string => trimmed(cell?.textContent ?? '');

// A table of thousands of rows: the first 200 are shown, the rest are in the DOM but `hidden` (not
// laid out, so a streaming reply stays within the page's task budget, docs/hardening.md) until the
// finished reply's "Show all N rows" button. Copy, CSV and sorting work on every row.
import { fireEvent, waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunk } from '../api/helpers';
import { mountWidget } from '../helpers/widget';
import { server, TEST_BASE_URL } from '../msw-server';

const CHAT = `${TEST_BASE_URL}/api/v1/widget/chat`;
const ROWS = 1_000;
/** A 35 KB reply rendered in happy-dom on a loaded machine. */
const SLOW = 30_000;
// Row i holds `i` and a number that sorts it in reverse: 1000 - i.
const TABLE = `Rows:\n\n| Row | Score |\n|---|---|\n${Array.from({ length: ROWS }, (_, i) => `| r${i + 1} | ${ROWS - i} |`).join('\n')}\n\nDone.`;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Streams `text` in 1 KB pieces (so it is rendered in windows, as a long streamed reply is). */
async function longTable(locale: 'en' | 'tr' = 'en', text = TABLE) {
  server.use(
    http.post(CHAT, () => {
      const enc = new TextEncoder();
      const pieces = text.match(/[^]{1,1024}/g)!;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          for (const p of pieces) c.enqueue(enc.encode(chunk({ content: p })));
          c.enqueue(enc.encode(chunk({}, 'stop')));
          c.close();
        },
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  const w = await mountWidget({ locale });
  await w.send('all rows');
  await w.settled();
  await waitFor(() => expect(w.part('copy-table-button')).not.toBeNull(), { timeout: SLOW / 2 });
  const table = w.parts('message').at(-1)!.querySelector('table')!;
  return { w, table };
}

const rows = (table: HTMLTableElement) => [...table.tBodies[0]!.children] as HTMLTableRowElement[];
const shown = (table: HTMLTableElement) =>
  rows(table)
    .filter((r) => !r.hidden)
    .map((r) => r.cells[0]!.textContent);
const showAll = (w: Awaited<ReturnType<typeof longTable>>['w'], label: string) =>
  [...w.parts('message').at(-1)!.querySelectorAll('button')].find((b) => b.textContent === label);

describe('a table of 1,000 rows', () => {
  it(
    'shows the first 200 rows; the rest are in the DOM, hidden; "Show all 1,000 rows" lets them scroll in',
    async () => {
      const { w, table } = await longTable();
      expect(rows(table)).toHaveLength(ROWS);
      expect(shown(table)).toEqual(Array.from({ length: 200 }, (_, i) => `r${i + 1}`));
      expect(rows(table)[200]!.hidden).toBe(true);
      const button = showAll(w, 'Show all 1,000 rows')!;
      expect(button).toBeDefined();
      fireEvent.click(button);
      // A window of rows follows the table's scroll box (laid out in a real browser only:
      // test/browser/big-tables.test.ts); the rows are still all there, in order.
      expect(rows(table).map((r) => r.cells[0]!.textContent)).toEqual(
        Array.from({ length: ROWS }, (_, i) => `r${i + 1}`),
      );
      expect(showAll(w, 'Show all 1,000 rows')).toBeUndefined();
    },
    SLOW,
  );

  it(
    'the button speaks Turkish too, and follows setLocale at once',
    async () => {
      const { w } = await longTable('tr');
      const button = showAll(w, '1.000 satırın tümünü göster')!;
      expect(button).toBeDefined();
      w.instance.setLocale('en');
      expect(button.textContent).toBe('Show all 1,000 rows');
    },
    SLOW,
  );

  it(
    'copy and CSV include every row, hidden ones too',
    async () => {
      const { w } = await longTable();
      const writeText = vi.fn(async (_text: string) => {});
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      fireEvent.click(w.part('copy-table-button')!);
      const copied = writeText.mock.calls[0]![0].split('\n');
      expect(copied).toHaveLength(ROWS + 1);
      expect(copied.at(-1)).toBe('r1000\t1');

      let blob: Blob | undefined;
      vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => ((blob = b as Blob), 'blob:x'));
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      fireEvent.click(w.part('download-table-button')!);
      const csv = (await blob!.text()).replace(/^\ufeff/, '').split('\r\n');
      expect(csv).toHaveLength(ROWS + 2); // header, rows, the empty string after the last CRLF
      expect(csv[ROWS]).toBe('r1000,1');
    },
    SLOW,
  );

  it(
    'sorted, it shows the first 200 rows of the new order, and says so only once they are shown',
    async () => {
      const { w, table } = await longTable();
      const header = table.rows[0]!.cells[1]!;
      const sort = header.querySelector('button')!;
      // Whenever the header changes its aria-sort, the rows shown are already in that order.
      const seen: [string | null, string[]][] = [];
      new MutationObserver(() =>
        seen.push([header.getAttribute('aria-sort'), shown(table).slice(0, 3) as string[]]),
      ).observe(header, {
        attributeFilter: ['aria-sort'],
      });
      fireEvent.click(sort); // ascending score: r1000 first
      await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
      expect(shown(table)).toEqual(Array.from({ length: 200 }, (_, i) => `r${ROWS - i}`));
      fireEvent.click(sort); // descending
      fireEvent.click(sort); // original order: the last press wins
      await waitFor(() => expect(header.hasAttribute('aria-sort')).toBe(false));
      expect(shown(table)).toEqual(Array.from({ length: 200 }, (_, i) => `r${i + 1}`));
      expect(header.classList.contains('sorting')).toBe(false);
      expect(table.hasAttribute('aria-busy')).toBe(false);
      // Score descending is the table's own order, as is no order.
      for (const [state, first] of seen)
        expect(first).toEqual(state === 'ascending' ? ['r1000', 'r999', 'r998'] : ['r1', 'r2', 'r3']);
      fireEvent.click(showAll(w, 'Show all 1,000 rows')!);
      fireEvent.click(sort);
      await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
      expect(shown(table)).toEqual(Array.from({ length: 200 }, (_, i) => `r${ROWS - i}`));
      expect(rows(table)).toHaveLength(ROWS);
    },
    SLOW,
  );
});

// A shown row costs the browser in proportion to its text each time a sort moves it: rows of long
// cells are shown fewer at a time, within 40,000 characters (docs/hardening.md, "Tables").
describe('a table of rows of long text', () => {
  const LONG = 200;
  // Row i: a 1,000-character cell, then a score that sorts it in reverse.
  const long = `| Note | Score |\n|---|---|\n${Array.from({ length: LONG }, (_, i) => `| ${'x'.repeat(996)}${String(i + 1).padStart(4, '0')} | ${LONG - i} |`).join('\n')}\n`;
  const first = (table: HTMLTableElement) => shown(table).map((t) => Number(t!.slice(-4)));

  it(
    'shows the rows within 40,000 characters, "Show all 200 rows" for the others; sorted, the same number of the new order',
    async () => {
      const { w, table } = await longTable('en', long);
      expect(rows(table)).toHaveLength(LONG);
      // Each row is 1,000 characters of note and 1 to 3 digits of score.
      expect(first(table)).toEqual(Array.from({ length: 39 }, (_, i) => i + 1));
      expect(rows(table)[39]!.hidden).toBe(true);
      const header = table.rows[0]!.cells[1]!;
      fireEvent.click(header.querySelector('button')!);
      await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
      expect(first(table)).toEqual(Array.from({ length: 39 }, (_, i) => LONG - i));
      fireEvent.click(showAll(w, 'Show all 200 rows')!);
      expect(rows(table).filter((r) => !r.hidden)).toHaveLength(39);
    },
    SLOW,
  );
});

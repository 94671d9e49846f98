// Buttons on a finished reply (contract 3 and 4.5): copy the answer, copy a code block, and for
// each table copy, download, sort and chart. Plain DOM, added after the markdown renderer built
// the reply; the markdown renderer itself only makes <table>s and <pre><code>s.
import { loadChartRuntime } from '../chart/load';
import type { DrawChart } from '../chart/types';
import { chartable, sortOrder } from '../chart/values';
import { SHOWN_ROWS } from '../markdown/stream';
import { count, type Messages } from '../i18n';
import type { WidgetModel } from '../state/widget-model';

const cellText = (cell?: Element) => cell?.textContent!.replace(/\s+/g, ' ').trim() ?? '';

/** The table's cells as text, header row first, in the order shown (the first `n` rows only, if given). */
export const tableRows = ({ rows }: HTMLTableElement, n = Infinity) =>
  Array.from({ length: Math.min(n, rows.length) }, (_, i) => [...rows[i]!.cells].map(cellText));

/** Tab-separated text, so a paste into a spreadsheet lands in cells. */
export const tableToTsv = (table: HTMLTableElement) => tableRows(table).map((r) => r.join('\t')).join('\n');

/** RFC 4180: fields with `"`, `,` or line breaks quoted, `"` doubled, CRLF after every record; a UTF-8 BOM first. */
export const toCsv = (rows: string[][]) =>
  '\ufeff' + rows.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\r\n').join('');

/** "Sales-by-region-2026-11-26.csv": the conversation's title (letters and digits) and the local date. */
export const csvName = (title: string, now: Date) =>
  `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || 'table'}-${now.toLocaleDateString('sv')}.csv`;

/**
 * A reply as plain text: blocks on their own lines, tables as tab-separated rows, links as
 * "text (URL)", list items with "- ". Buttons and charts are left out.
 */
export function answerText(node: Node): string {
  const el = node as HTMLElement;
  if (node.nodeType == 3) return node.nodeValue!;
  if (node.nodeType != 1 || el.matches('.actions,.chart-box')) return '';
  if (el.tagName == 'TABLE') return `\n${tableToTsv(el as HTMLTableElement)}\n`;
  let text = [...node.childNodes].map(answerText).join('');
  const href = el.getAttribute('href');
  if (href && href != text) text += ` (${href})`;
  if (el.tagName == 'LI') return `- ${text.trim()}\n`;
  return /^(P|H\d|PRE|BLOCKQUOTE|[UO]L|DIV)$/.test(el.tagName) ? `\n${text}\n\n` : text;
}

/**
 * Every action of a finished reply rendered into `root`. Their labels follow `setLocale` as the
 * rest of the UI does; the returned function undoes what outlives the call (the locale
 * subscription, timers, blob URLs).
 */
export function addAnswerActions(root: HTMLElement, model: WidgetModel): () => void {
  const { session } = model;
  let locale = session.get().locale;
  // Each label is a function of the messages, set again whenever they change (and the charts
  // drawn again: their accessible name is in the UI language too).
  const labels: [HTMLElement, (t: Messages) => string][] = [];
  const relabel = () => {
    for (const [b, label] of labels) b.textContent = label(model.t());
  };
  const redraws: (() => void)[] = [];
  // What must not outlive the answer (destroy(), or the reply rendered anew): timers, blob URLs,
  // the subscription; and a clipboard write that ends after that changes nothing.
  const undo: (() => unknown)[] = [];
  let gone = false;
  const later = (fn: () => void, ms: number) => {
    const id = setTimeout(fn, ms);
    undo.push(() => clearTimeout(id));
  };
  const row = (after: Element, ...buttons: HTMLElement[]) => {
    const div = document.createElement('div');
    div.className = 'actions';
    div.append(...buttons);
    after.after(div);
    return div;
  };
  const button = (part: string, label: ((t: Messages) => string) | 0, onclick: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'small-button';
    if (part) b.setAttribute('part', part);
    b.onclick = onclick;
    if (label) labels.push([b, label]);
    return b;
  };
  // "Copied" on the button for a moment, and in the polite live region for screen readers (the
  // same text twice in a row would not be heard again: alternate a trailing no-break space).
  const copy = (part: string, label: (t: Messages) => string, text: () => string) => {
    let copied = false;
    return button(part, (t) => (copied ? t.copied : label(t)), () =>
      navigator.clipboard?.writeText(text()).then(() => {
        if (gone) return;
        const said = model.t().copied;
        copied = true;
        relabel();
        session.update((s) => ({ ...s, announcement: s.announcement == said ? `${said}\xa0` : said }));
        later(() => ((copied = false), relabel()), 2e3);
      }, Boolean),
    );
  };

  for (const pre of root.querySelectorAll('pre')) {
    // A code block scrolls sideways: keyboard users must be able to reach it to scroll it.
    pre.tabIndex = 0;
    if (!pre.nextElementSibling?.matches('.actions')) row(pre, copy('copy-code-button', (t) => t.copyCode, () => pre.textContent!));
  }

  for (const scroll of root.querySelectorAll<HTMLElement>('.table-scroll')) {
    const table = scroll.querySelector('table')!;
    const body = table.tBodies[0];
    // Its block (markdown/render.ts) gets the chart, before the table, and the actions after it.
    if (!body || scroll.nextElementSibling) continue;
    let draw: DrawChart | undefined;
    let box: HTMLElement | undefined;
    // The chart's accessible name is in the UI language too: drawn again when it changes. The
    // runtime reads the table itself, in slices (a long table's cells take longer than a task).
    const redraw = () => box && !box.hidden && draw!(box, table, locale);
    redraws.push(redraw);

    // Column headers sort: ascending, descending, then the original order again. The rows are
    // read at the first press: reading every row of a long table now would hold the page.
    let original: HTMLTableRowElement[] | undefined;
    // A long table shows its first rows (the rest were built `hidden`, markdown/stream.ts) until
    // the visitor asks for all; sorted, it shows the first rows of the new order.
    let folded = body.childElementCount > SHOWN_ROWS;
    const fold = () => ([...body.children] as HTMLTableRowElement[]).forEach((r, i) => (r.hidden = folded && i >= SHOWN_ROWS));
    const heads = [...table.rows[0]!.cells];
    heads.forEach((th, col) => {
      const sort = button('', 0, () => {
        const next = { ascending: 'descending', descending: '' }[th.getAttribute('aria-sort')!] ?? 'ascending';
        for (const h of heads) h.removeAttribute('aria-sort');
        if (next) th.setAttribute('aria-sort', next);
        const rows = (original ??= [...body.children] as HTMLTableRowElement[]);
        const order = sortOrder(rows.map((r) => cellText(r.cells[col])), locale, next == 'descending' ? -1 : 1);
        body.append(...(next ? order.map((i) => rows[i]!) : rows));
        fold();
        redraw();
      });
      sort.className = 'sort-button';
      sort.append(...th.childNodes);
      th.append(sort);
    });

    const actions = [
      copy('copy-table-button', (t) => t.copyTable, () => tableToTsv(table)),
      button('download-table-button', (t) => t.downloadTable, () => {
        const a = document.createElement('a');
        const url = (a.href = URL.createObjectURL(new Blob([toCsv(tableRows(table))], { type: 'text/csv' })));
        const revoke = () => URL.revokeObjectURL(url);
        const { chat, history } = model;
        a.download = csvName(history.state.get().items.find((i) => i.id == chat.state.get().conversationId)?.title ?? '', new Date());
        a.click();
        // Kept a moment for the browser to start the download; revoked at once if the widget goes.
        later(revoke, 1e4);
        undo.push(revoke);
      }),
    ];
    if (folded) {
      const all = button('', (t) => t.showAllRows(count(locale, body.childElementCount)), () => {
        folded = false;
        fold();
        all.remove();
      });
      actions.push(all);
    }
    // Decided from the rows shown first: reading every cell of a long table would hold the page
    // (docs/hardening.md). The chart itself, like the CSV and sorting, uses every row.
    if (chartable(tableRows(table, SHOWN_ROWS + 1), locale)) {
      // While the chart shows, the table stays for screen readers (visually hidden, its controls
      // out of the tab order): it is the chart's accessible alternative.
      const chart = button('chart-button', (t) => t.chart, async () => {
        const on = chart.getAttribute('aria-pressed') != 'true';
        try {
          draw ??= await loadChartRuntime(model.options.chartRuntimeUrl, model.options.nonce);
        } catch {
          return;
        }
        scroll.before((box ??= document.createElement('div')));
        box.className = 'chart-box';
        box.hidden = !on;
        chart.setAttribute('aria-pressed', `${on}`);
        scroll.classList.toggle('sr-only', on);
        for (const b of table.querySelectorAll('button')) b.tabIndex = on ? -1 : 0;
        redraw();
      });
      chart.setAttribute('aria-pressed', 'false');
      actions.push(chart);
    }
    row(scroll, ...actions);
  }

  if (root.textContent!.trim() && !root.lastElementChild!.matches('.answer')) {
    row(root.lastElementChild!, copy('copy-message-button', (t) => t.copyAnswer, () => answerText(root).replace(/\n\s*\n\s*/g, '\n\n').trim())).classList.add('answer');
  }

  relabel();
  undo.push(
    session.subscribe((s) => {
      if (s.locale == locale) return;
      locale = s.locale;
      relabel();
      for (const redraw of redraws) redraw();
    }),
  );
  return () => {
    gone = true;
    for (const f of undo) f();
  };
}

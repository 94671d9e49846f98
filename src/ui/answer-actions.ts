// Buttons on a finished reply (docs/protocol.md section 3, docs/charts.md): copy the answer, copy
// a code block, and for each table copy, download and chart (its sorting headers and rows:
// ../table/headers.ts). Plain DOM, added after the markdown renderer built the reply. What is
// copied or downloaded is built by src/export: formula-safe, without invisible characters.
import type { DrawChart } from '../chart/types';
import { chartable } from '../cells/values';
import { csvName, toCsv } from '../export/cells';
import { stripInvisible } from '../export/invisible';
import { answerText, tableCells, tableRows, tableToTsv } from '../export/table-text';
import { SHOWN_ROWS } from '../markdown/table';
import { count, type Messages } from '../i18n';
import { nextFrame } from '../state/next-frame';
import type { WidgetModel } from '../state/widget-model';
import { addSortHeaders } from '../table/headers';

/** The main-thread time a slice of the answer's blocks may take (at least one block a slice). */
const SLICE_MS = 8;

/**
 * Every action of a finished reply rendered into `root`. Their labels follow `setLocale` as the
 * rest of the UI does; the returned function undoes what outlives the call (the locale
 * subscription, timers, blob URLs).
 */
export function addAnswerActions(root: HTMLElement, model: WidgetModel, whole = true): () => void {
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
    if (label) {
      labels.push([b, label]);
      b.textContent = label(model.t());
    }
    return b;
  };
  // "Copied" on the button for a moment, and said by the announcer for screen readers (ui/announce.ts).
  const copy = (part: string, label: (t: Messages) => string, text: () => string) => {
    let copied = false;
    return button(
      part,
      (t) => (copied ? t.copied : label(t)),
      () =>
        navigator.clipboard?.writeText(text()).then(() => {
          if (gone) return;
          copied = true;
          relabel();
          model.say({ state: 'copied' });
          later(() => ((copied = false), relabel()), 2e3);
        }, Boolean),
    );
  };

  const codeActions = (pre: HTMLElement) => {
    // A code block scrolls sideways: keyboard users must be able to reach it to scroll it.
    pre.tabIndex = 0;
    const code = () => stripInvisible(pre.textContent!);
    // Its row goes between it and the answer's own (which comes first, when it ends the answer).
    if (!pre.nextElementSibling?.matches('.actions:not(.answer)'))
      row(
        pre,
        copy('copy-code-button', (t) => t.copyCode, code),
      );
  };

  const tableActions = (scroll: HTMLElement) => {
    const table = scroll.querySelector('table')!;
    const body = table.tBodies[0];
    // Its block (markdown/table.ts) gets the chart, before the table, and the actions after it.
    if (!body || scroll.nextElementSibling) return;
    let draw: DrawChart | undefined;
    let box: HTMLElement | undefined;
    // The chart's accessible name is in the UI language too: drawn again when it changes. The
    // runtime reads the table itself, in slices (a long table's cells take longer than a task).
    const redraw = () => box && !box.hidden && draw!(box, table, locale);
    redraws.push(redraw);

    // Column headers sort; a long table shows its first rows (the rest were built `hidden`,
    // markdown/table.ts) until the visitor asks for all.
    const view = addSortHeaders(
      table,
      scroll,
      () => locale,
      () => redraw(),
    );
    undo.push(view.destroy);

    const actions = [
      copy(
        'copy-table-button',
        (t) => t.copyTable,
        () => tableToTsv(table),
      ),
      button(
        'download-table-button',
        (t) => t.downloadTable,
        () => {
          const a = document.createElement('a');
          const url = (a.href = URL.createObjectURL(new Blob([toCsv(tableCells(table))], { type: 'text/csv' })));
          const revoke = () => URL.revokeObjectURL(url);
          const { chat, history } = model;
          a.download = csvName(
            history.state.get().items.find((i) => i.id === chat.state.get().conversationId)?.title ?? '',
            new Date(),
          );
          a.click();
          // Kept a moment for the browser to start the download; revoked at once if the widget goes.
          later(revoke, 1e4);
          undo.push(revoke);
        },
      ),
    ];
    // "Show all N rows" first, the table's actions as one group after it: when the row must wrap,
    // the group goes to the next line together, never Chart alone.
    let all: HTMLElement | undefined;
    if (view.folded) {
      all = button(
        '',
        (t) => t.showAllRows(count(locale, view.count)),
        () => {
          view.showAll();
          all!.remove();
        },
      );
      all.classList.add('show-all');
    }
    // Decided from the rows shown first: reading every cell of a long table would hold the page
    // (docs/hardening.md). The chart itself, like the CSV and sorting, uses every row.
    if (chartable(tableRows(table, SHOWN_ROWS + 1), locale)) {
      // While the chart shows, the table stays for screen readers (visually hidden, its controls
      // out of the tab order): it is the chart's accessible alternative.
      const chart = button(
        'chart-button',
        (t) => t.chart,
        async () => {
          try {
            draw ??= await model.loadRuntime('chart');
          } catch (err) {
            return model.chartFailed(err);
          }
          // The chart's stylesheet arrives in a frame of its own (src/chart/types.ts `prepare`).
          if (draw.prepare?.(scroll.getRootNode())) await nextFrame();
          const on = chart.getAttribute('aria-pressed') !== 'true';
          scroll.before((box ??= document.createElement('div')));
          box.className = 'chart-box';
          box.hidden = !on;
          chart.setAttribute('aria-pressed', `${on}`);
          scroll.classList.toggle('sr-only', on);
          // Out of the tab order while hidden, yet not `inert`: inert would hide the table from
          // assistive technology too, and it is the chart's accessible alternative.
          view.setTabbable(!on);
          redraw();
        },
      );
      chart.setAttribute('aria-pressed', 'false');
      actions.push(chart);
    }
    const group = document.createElement('span');
    group.className = 'action-group';
    group.append(...actions);
    row(scroll, ...(all ? [all] : []), group);
  };

  // An incomplete answer (stopped, cut, ended by an error: ui/reply-state.ts) is not offered as one.
  if (whole && root.textContent!.trim() && !root.lastElementChild!.matches('.answer')) {
    const answer = copy(
      'copy-message-button',
      (t) => t.copyAnswer,
      () => answerText(root),
    );
    row(root.lastElementChild!, answer).classList.add('answer');
  }

  // Code blocks and tables in slices of `SLICE_MS`, a frame each, the last first (the view
  // follows the end): a reply of 2,000 tables set them all up in one task of over a second, and
  // the page then styled and laid out all of them again. Each block's room, kept while the reply
  // streamed (chat.css), goes as its row comes: nothing moves.
  const blocks = [...root.querySelectorAll<HTMLElement>('pre, .table-scroll')];
  let frame = 0;
  const slice = () => {
    const started = performance.now();
    for (let block; (block = blocks.pop());) {
      (block.localName === 'pre' ? block : block.parentElement!).classList.add('acted');
      if (block.localName === 'pre') codeActions(block);
      else tableActions(block);
      if (blocks.length && performance.now() - started > SLICE_MS) return void (frame = requestAnimationFrame(slice));
    }
  };
  slice();
  undo.push(() => cancelAnimationFrame(frame));
  undo.push(
    session.subscribe((s) => {
      if (s.locale === locale) return;
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

// A table's own controls: column headers that sort it (ascending, descending, then the original
// order again) and the state of its rows (./view.ts). The buttons under the table (copy,
// download, chart) are wired in ui/answer-actions.ts.
import type { Locale } from '../types';
import { createTableView, type SortDirection, type TableView } from './view';

const NEXT: Record<SortDirection, SortDirection> = { '': 'ascending', ascending: 'descending', descending: '' };

/**
 * Makes the column headers of `table` sort it. A press marks its header busy (`.sorting`) at
 * once; `aria-sort` changes only when the new order is on screen, then `sorted` runs (the chart
 * follows the table's order). Presses while a sort runs: the last one wins.
 */
export function addSortHeaders(
  table: HTMLTableElement,
  scroll: HTMLElement,
  locale: () => Locale,
  sorted: () => void,
): TableView {
  const view = createTableView(table, scroll, locale);
  const heads = Array.from(table.querySelectorAll<HTMLTableCellElement>(':scope > thead > tr > th'));
  let asked: [number, SortDirection] = [-1, ''];
  heads.forEach((th, col) => {
    const sort = document.createElement('button');
    sort.type = 'button';
    sort.className = 'sort-button';
    sort.append(...th.childNodes);
    th.append(sort);
    sort.onclick = () => {
      const ask: [number, SortDirection] = [col, NEXT[asked[0] === col ? asked[1] : '']];
      asked = ask;
      for (const h of heads) h.classList.toggle('sorting', h === th);
      view.sort(col, ask[1], () => {
        if (asked !== ask) return; // a later press is on its way
        for (const h of heads) {
          h.classList.remove('sorting');
          h.removeAttribute('aria-sort');
        }
        if (ask[1]) th.setAttribute('aria-sort', ask[1]);
        sorted();
      });
    };
  });
  return view;
}

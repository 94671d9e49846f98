import type { Messages } from '../i18n';

/** Tab-separated text, so a paste into a spreadsheet lands in cells. */
export function tableToTsv(table: HTMLTableElement): string {
  const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();
  return [...table.rows].map((row) => [...row.cells].map((c) => clean(c.textContent ?? '')).join('\t')).join('\n');
}

/** Gives each table of a finished reply a "copy" action. */
export function addTableActions(root: HTMLElement, t: Messages): void {
  for (const scroll of root.querySelectorAll<HTMLElement>('.table-scroll')) {
    const table = scroll.querySelector('table');
    if (!table || scroll.parentElement?.classList.contains('table-block')) continue;
    const block = document.createElement('div');
    block.className = 'table-block';
    scroll.replaceWith(block);
    const actions = document.createElement('div');
    actions.className = 'table-actions';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'small-button';
    button.setAttribute('part', 'copy-table-button');
    button.textContent = t.copyTable;
    button.addEventListener('click', () => {
      navigator.clipboard?.writeText(tableToTsv(table)).then(
        () => {
          button.textContent = t.copied;
          setTimeout(() => (button.textContent = t.copyTable), 2000);
        },
        () => undefined,
      );
    });
    actions.append(button);
    block.append(scroll, actions);
  }
}

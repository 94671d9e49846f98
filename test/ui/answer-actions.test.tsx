// docs/charts.md through the widget's DOM: copy buttons, CSV download, sorting, which tables
// get a chart button. The chart itself is drawn in a real browser (test/browser/charts.test.ts).
import { fireEvent, waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvName, toCsv } from '../../src/export/cells';
import { mock, mountWidget, type MountedWidget } from '../helpers/widget';
import { server, TEST_BASE_URL } from '../msw-server';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function tablesAnswer(locale: 'en' | 'tr' = 'en') {
  mock.setScenario('tables');
  const w = await mountWidget({ locale });
  await w.send('show me the data');
  await w.settled();
  await w.findPart('copy-message-button');
  await everyBlockActed(w);
  return w;
}

/** The blocks get their rows over frames when they take long (here: happy-dom), the last first. */
async function everyBlockActed(w: MountedWidget) {
  await waitFor(() => {
    const answer = w.messages('assistant').at(-1)!;
    expect(answer.querySelectorAll('.table-block > .actions')).toHaveLength(
      answer.querySelectorAll('.table-block').length,
    );
    expect(answer.querySelectorAll('pre + .actions')).toHaveLength(answer.querySelectorAll('pre').length);
  });
}

const clipboard = () => {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
};

describe('CSV', () => {
  it('quotes per RFC 4180, ends every record with CRLF and starts with a UTF-8 BOM', () => {
    expect(
      toCsv([
        ['Customer', 'Note'],
        ['Jonas "JJ" Keller', 'a, b'],
        ['İzmir', 'x\ny'],
      ]),
    ).toBe('\ufeffCustomer,Note\r\n"Jonas ""JJ"" Keller","a, b"\r\nİzmir,"x\ny"\r\n');
  });

  it('names the file after the conversation title and the date', () => {
    const day = new Date(2026, 10, 26, 23, 30);
    expect(csvName('Sales by region: Q3/Q4?', day)).toBe('Sales-by-region-Q3-Q4-2026-11-26.csv');
    expect(csvName('İzmir şubesi', day)).toBe('İzmir-şubesi-2026-11-26.csv');
    expect(csvName('', day)).toBe('table-2026-11-26.csv');
  });

  it('the download button saves the table as shown, header first', async () => {
    const w = await tablesAnswer();
    let saved: { name: string; blob: Blob } | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(
      (blob) => ((saved = { name: '', blob: blob as Blob }), 'blob:x'),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved!.name = this.download;
    });
    const owners = w.parts('download-table-button')[3]!;
    fireEvent.click(owners);
    expect(saved!.name).toMatch(/^.+-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = new Uint8Array(await saved!.blob.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Customer,Owner,City\r\nAcme Ltd,Ayşe Yılmaz,İzmir\r\nBauhaus GmbH,"Jonas ""JJ"" Keller",Köln\r\nÇınar A.Ş.,Mehmet Öz,Ankara\r\n',
    );
  });
});

describe('sorting', () => {
  const column = (table: HTMLTableElement, i: number) =>
    [...table.querySelectorAll('tbody tr')].map((r) => (r as HTMLTableRowElement).cells[i]!.textContent);

  it('a header press sorts numbers as numbers: ascending, descending, then the original order', async () => {
    const w = await tablesAnswer();
    const table = w.parts('message').at(-1)!.querySelector('table')!;
    const header = table.rows[0]!.cells[1]!;
    const sort = header.querySelector('button')!;
    expect(sort.textContent).toBe('Revenue');
    fireEvent.click(sort);
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
    expect(column(table, 1)).toEqual(['€9,870', '€22,400', '€27,310', '€31,950', '€48,200']);
    fireEvent.click(sort);
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('descending'));
    expect(column(table, 1)).toEqual(['€48,200', '€31,950', '€27,310', '€22,400', '€9,870']);
    fireEvent.click(sort);
    await waitFor(() => expect(header.hasAttribute('aria-sort')).toBe(false));
    expect(column(table, 0)).toEqual(['Marmara', 'Aegean', 'Central Anatolia', 'Black Sea', 'Mediterranean']);
  });

  /** The second column of a one-table answer, sorted descending by its header. */
  async function sortedDescending(markdown: string) {
    const frame = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    server.use(
      http.post(
        `${TEST_BASE_URL}/api/v1/widget/chat`,
        () =>
          new HttpResponse(`${frame({ content: markdown })}${frame({}, 'stop')}data: [DONE]\n\n`, {
            headers: { 'content-type': 'text/event-stream', 'x-conversation-id': 'c_sizes' },
          }),
        { once: true },
      ),
    );
    const w = await mountWidget();
    await w.send('by region');
    await w.settled();
    await w.findPart('copy-message-button');
    const table = w.parts('message').at(-1)!.querySelector('table')!;
    const header = table.rows[0]!.cells[1]!;
    fireEvent.click(header.querySelector('button')!);
    fireEvent.click(header.querySelector('button')!);
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('descending'));
    return column(table, 1);
  }

  it('amounts with a word of size sort by their value: $2.1B, $1.2M, $850K, $95K', async () => {
    const markdown =
      '| Region | Revenue |\n|---|---:|\n| Aegean | $850K |\n| Marmara | $1.2M |\n| Black Sea | $95K |\n| All | $2.1B |\n';
    expect(await sortedDescending(markdown)).toEqual(['$2.1B', '$1.2M', '$850K', '$95K']);
  });

  it('sizes in several units sort by their size, as pg_size_pretty prints them: 3 GB, 512 MB, 900 kB, 8192 bytes', async () => {
    const markdown =
      '| Table | Size |\n|---|---:|\n| events | 512 MB |\n| orders | 900 kB |\n| logs | 3 GB |\n| users | 8192 bytes |\n';
    expect(await sortedDescending(markdown)).toEqual(['3 GB', '512 MB', '900 kB', '8192 bytes']);
  });

  it('dates written with a month name or slashes sort in time, not by their letters', async () => {
    const markdown =
      '| Order | Placed |\n|---|---|\n| A-1 | Mar 15, 2024 |\n| A-2 | Jan 2, 2025 |\n| A-3 | Dec 31, 2023 |\n| A-4 | Apr 1, 2024 |\n';
    expect(await sortedDescending(markdown)).toEqual(['Jan 2, 2025', 'Apr 1, 2024', 'Mar 15, 2024', 'Dec 31, 2023']);
  });

  it('sorting one column clears the other header’s aria-sort; text sorts in the visitor’s collation', async () => {
    const w = await tablesAnswer('tr');
    const table = w.parts('message').at(-1)!.querySelectorAll('table')[3]!;
    const [customer, , city] = [...table.rows[0]!.cells];
    fireEvent.click(customer!.querySelector('button')!);
    fireEvent.click(city!.querySelector('button')!);
    await waitFor(() => expect(city!.getAttribute('aria-sort')).toBe('ascending'));
    expect(customer!.hasAttribute('aria-sort')).toBe(false);
    expect(city!.getAttribute('aria-sort')).toBe('ascending');
    expect(column(table, 2)).toEqual(['Ankara', 'İzmir', 'Köln']);
  });
});

describe('copying', () => {
  it('copy-message-button copies the answer as text: tables as tab-separated rows, links with their URL', async () => {
    const writeText = clipboard();
    const w = await tablesAnswer();
    const button = w.part('copy-message-button')!;
    expect(button.textContent).toBe('Copy answer');
    fireEvent.click(button);
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const text = writeText.mock.calls[0]![0];
    expect(text).toMatch(
      /^Here is the data you asked for\.\n\nRevenue by region, last 30 days:\n\nRegion\tRevenue\nMarmara\t€48,200\n/,
    );
    expect(text).toContain('See the sales dashboard (https://example.com/sales) for more.');
    expect(text).toContain('SELECT region');
    expect(text).not.toMatch(/Copy|Download|Chart/);
    await waitFor(() => expect(button.textContent).toBe('Copied'));
    // The confirmation is heard: it is in the polite live region.
    expect(w.host.shadowRoot!.querySelector('[aria-live="polite"]')!.textContent).toContain('Copied');
  });

  it('copy-code-button copies one code block', async () => {
    const writeText = clipboard();
    const w = await tablesAnswer('tr');
    const button = w.part('copy-code-button')!;
    expect(button.textContent).toBe('Kodu kopyala');
    // The block scrolls sideways: it is reachable from the keyboard.
    expect(w.parts('message').at(-1)!.querySelector('pre')!.getAttribute('tabindex')).toBe('0');
    fireEvent.click(button);
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('SELECT region, SUM(total) AS revenue FROM orders GROUP BY region;\n'),
    );
    await waitFor(() => expect(button.textContent).toBe('Kopyalandı'));
  });
});

describe('chart button', () => {
  it('only tables with a label column, a numeric column and two rows get one, unpressed', async () => {
    const w = await tablesAnswer();
    const tables = [...w.parts('message').at(-1)!.querySelectorAll('.table-scroll')];
    const hasChart = tables.map((t) => !!t.nextElementSibling?.querySelector('[part~="chart-button"]'));
    expect(hasChart).toEqual([true, true, true, false]);
    expect(w.part('chart-button')!.getAttribute('aria-pressed')).toBe('false');
    expect(w.parts('copy-table-button')).toHaveLength(4);
    expect(w.parts('download-table-button')).toHaveLength(4);
  });
});

describe('setLocale', () => {
  /** Every label of the answer's buttons, in the order shown. */
  const labels = (w: MountedWidget) =>
    ['copy-code-button', 'copy-table-button', 'download-table-button', 'chart-button', 'copy-message-button'].map(
      (p) => w.part(p)!.textContent,
    );

  it('relabels the buttons of an answer already on screen at once, "Copied" included', async () => {
    const writeText = clipboard();
    const w = await tablesAnswer();
    expect(labels(w)).toEqual(['Copy code', 'Copy table', 'Download CSV', 'Chart', 'Copy answer']);
    fireEvent.click(w.part('copy-message-button')!);
    await waitFor(() => expect(w.part('copy-message-button')!.textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledTimes(1);
    w.instance.setLocale('tr');
    expect(labels(w)).toEqual(['Kodu kopyala', 'Tabloyu kopyala', 'CSV indir', 'Grafik', 'Kopyalandı']);
    w.instance.setLocale('en');
    expect(labels(w)).toEqual(['Copy code', 'Copy table', 'Download CSV', 'Chart', 'Copied']);
  });

  it('relabels the buttons of an answer opened from history', async () => {
    const w = await tablesAnswer('tr');
    fireEvent.click(w.part('new-conversation-button')!);
    fireEvent.click(w.part('history-button')!);
    await waitFor(() => expect(w.parts('history-item').length).toBe(1));
    fireEvent.click(w.part('history-item')!);
    await w.findPart('copy-message-button');
    await everyBlockActed(w);
    expect(labels(w)).toEqual(['Kodu kopyala', 'Tabloyu kopyala', 'CSV indir', 'Grafik', 'Yanıtı kopyala']);
    w.instance.setLocale('en');
    expect(labels(w)).toEqual(['Copy code', 'Copy table', 'Download CSV', 'Chart', 'Copy answer']);
  });
});

describe('destroy()', () => {
  /**
   * A tables answer whose copy and download buttons can be pressed here: the clipboard, the blob
   * URLs (`created` and `revoked` in order) and the download click are stubbed, and timeouts are
   * fake so the "Copied" timer and the revoke timer run when the test says.
   */
  async function answerWithTimers() {
    const writeText = clipboard();
    const w = await tablesAnswer();
    const created: string[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(
      () => created[created.push(`blob:table-${created.length}`) - 1]!,
    );
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    return { w, writeText, created, revoked };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears the "Copied" timer and revokes a downloaded table’s blob URL at once; a copy ending later changes nothing', async () => {
    const { w, writeText, created, revoked } = await answerWithTimers();
    const answer = w.part('copy-message-button')!;
    fireEvent.click(answer);
    await vi.advanceTimersByTimeAsync(0);
    expect(answer.textContent).toBe('Copied');
    fireEvent.click(w.part('download-table-button')!);
    expect(created).toHaveLength(1);
    expect(revoked).toEqual([]);
    // A clipboard write still on its way when the widget goes.
    let finish!: () => void;
    writeText.mockImplementationOnce(() => new Promise<void>((r) => (finish = r)));
    const code = w.part('copy-code-button')!;
    fireEvent.click(code);

    w.instance.destroy();
    expect(revoked).toEqual(created);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(answer.textContent).toBe('Copied'); // no timer fired into the removed tree
    expect(code.textContent).toBe('Copy code');
    expect(revoked).toEqual(created);
  });

  it('without destroy(), "Copied" goes back after 2 s and the blob URL is revoked after 10 s', async () => {
    const { w, revoked } = await answerWithTimers();
    const answer = w.part('copy-message-button')!;
    fireEvent.click(answer);
    fireEvent.click(w.part('download-table-button')!);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(answer.textContent).toBe('Copied');
    await vi.advanceTimersByTimeAsync(1);
    expect(answer.textContent).toBe('Copy answer');
    await vi.advanceTimersByTimeAsync(7_999);
    expect(revoked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(revoked).toEqual(['blob:table-0']);
  });
});

describe('a long answer of many blocks', () => {
  it('gets every row of buttons, the last section first, each labelled in the UI language of its time', async () => {
    mock.setScenario('many-blocks');
    const w = await mountWidget({ locale: 'en' });
    await w.send('show me 200 sections');
    await w.settled();
    await w.findPart('copy-message-button');
    const answer = w.messages('assistant').at(-1)!;
    // The view follows the end: the last table has its buttons with the answer's own.
    const blocks = answer.querySelectorAll('.table-block');
    expect(blocks).toHaveLength(200);
    expect(blocks[199]!.querySelector('[part~="download-table-button"]')).not.toBeNull();
    w.instance.setLocale('tr');
    await waitFor(() => expect(w.parts('copy-code-button')).toHaveLength(200), { timeout: 10_000 });
    expect(w.parts('download-table-button')).toHaveLength(200);
    expect(w.parts('chart-button')).toHaveLength(200);
    const labels = new Set(
      ['copy-code-button', 'copy-table-button', 'chart-button'].flatMap((p) => w.parts(p).map((b) => b.textContent)),
    );
    expect([...labels].sort()).toEqual(['Grafik', 'Kodu kopyala', 'Tabloyu kopyala']);
    // Each code block's row right after it, before the next section.
    for (const pre of answer.querySelectorAll('pre')) expect(pre.nextElementSibling!.matches('.actions')).toBe(true);
  });
});

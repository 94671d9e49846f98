// How tables and their buttons sit in a reply, in Chromium, Firefox and WebKit (docs/charts.md,
// "Tables"): the buttons a finished reply adds under its tables take room kept for them while it
// streamed (the text below does not move), column headers look pressable before the first press
// and their sort arrow has its room already (the header text does not move), and "Show all N rows"
// shares its line with the other buttons.
import { describe, expect, it } from 'vitest';
import { openPage, WAIT, type WidgetPage } from './engines';

const PHONE = { width: 390, height: 844 };

async function reply(scenario: string, viewport?: { width: number; height: number }): Promise<WidgetPage> {
  const wp = await openPage({ scenario, viewport, initOptions: { locale: 'en' } });
  await wp.openPanel();
  await wp.send('Show me the data');
  const done = await wp.waitForReplies(1);
  await done.locator('[part~="copy-message-button"]').waitFor();
  return wp;
}

/** In the page: each paragraph of the reply, its top relative to the reply's top (px). */
function paragraphTops(): Record<string, number> {
  const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
  const md = [...root.querySelectorAll('[part~="message"][data-role="assistant"] .md')].at(-1)!;
  const top = md.getBoundingClientRect().top;
  const tops: Record<string, number> = {};
  for (const p of md.querySelectorAll(':scope > p')) tops[p.textContent!.slice(0, 24)] = p.getBoundingClientRect().top - top;
  return tops;
}

describe('a finished reply', () => {
  it('adds the buttons under its tables without moving the text below them', async () => {
    const wp = await openPage({ scenario: 'tables', settings: { chunkDelayMs: 30 }, initOptions: { locale: 'en' } });
    await wp.openPanel();
    // Every frame while the reply streams: the paragraphs' places once the last one below a table
    // has come (the code block after it is still streaming).
    await wp.page.evaluate((src) => {
      const tops = new Function(`return (${src})()`) as () => Record<string, number>;
      const w = window as unknown as { __whileStreaming?: Record<string, number> };
      const look = () => {
        const root = document.querySelector('[data-service-widget]')?.shadowRoot;
        const message = root?.querySelector('[part~="message"][data-role="assistant"]');
        const text = message?.querySelector('.md')?.textContent ?? '';
        if (message?.getAttribute('aria-busy') === 'true' && text.includes('for more. The query')) {
          w.__whileStreaming = tops();
          return;
        }
        requestAnimationFrame(look);
      };
      look();
    }, paragraphTops.toString());
    await wp.send('Show me the data');
    const done = await wp.waitForReplies(1);
    await done.locator('[part~="copy-message-button"]').waitFor();
    const streaming = await wp.page.evaluate(
      () => (window as unknown as { __whileStreaming?: Record<string, number> }).__whileStreaming ?? null,
    );
    expect(streaming).not.toBeNull();
    const finished = await wp.page.evaluate(paragraphTops);
    // The paragraphs after the first table, where they were while the reply streamed.
    const below = Object.keys(streaming!).filter((k) => !k.startsWith('Here is') && !k.startsWith('Revenue by'));
    expect(below.length).toBeGreaterThanOrEqual(4);
    for (const k of below) expect(Math.abs(finished[k]! - streaming![k]!), `"${k}…"`).toBeLessThan(1);
  });
});

describe('sortable column headers', () => {
  it('look pressable before the first press, and the arrow moves no header text', async () => {
    const wp = await reply('tables');
    // Revenue: right-aligned, where an arrow added after the text would push it left.
    const th = wp.host.locator('.table-block').first().locator('th').nth(1);
    const button = th.locator('button');
    const look = () =>
      button.evaluate((b) => {
        const text = [...b.childNodes].find((n) => n.nodeType === 3 && n.textContent!.trim())!;
        const range = document.createRange();
        range.selectNodeContents(text);
        const r = range.getBoundingClientRect();
        const after = getComputedStyle(b, '::after').content;
        return {
          left: Math.round(r.left * 2) / 2,
          right: Math.round(r.right * 2) / 2,
          width: Math.round(b.closest('th')!.getBoundingClientRect().width * 2) / 2,
          hint: after !== 'none' && after !== 'normal' && after.replace(/["\s]/g, '') !== '',
          cursor: getComputedStyle(b).cursor,
        };
      });
    await button.evaluate((b) => b.scrollIntoView({ block: 'nearest' }));
    const before = await look();
    expect(before.hint, 'a sort mark before the first press').toBe(true);
    expect(before.cursor).toBe('pointer');
    for (const sort of ['ascending', 'descending']) {
      await button.click();
      await expect.poll(() => th.getAttribute('aria-sort'), { timeout: WAIT }).toBe(sort);
      const { left, right, width } = await look();
      expect({ left, right, width }, sort).toEqual({ left: before.left, right: before.right, width: before.width });
    }
  });
});

/** The top of each button of the row under the long table, by label. */
const rowTops = (wp: WidgetPage) =>
  wp.host
    .locator('.table-block')
    .first()
    .locator('.actions')
    .evaluate((row) =>
      [...row.querySelectorAll('button')].map((b) => [b.textContent!, Math.round(b.getBoundingClientRect().top)]),
    ) as Promise<[string, number][]>;

describe('"Show all 250 rows"', () => {
  it('shares its line with Copy, Download and Chart on a desktop', async () => {
    const wp = await reply('long-table');
    const tops = await rowTops(wp);
    expect(tops.map(([label]) => label)).toEqual(['Show all 250 rows', 'Copy table', 'Download CSV', 'Chart']);
    expect(new Set(tops.map(([, top]) => top)).size, JSON.stringify(tops)).toBe(1);
  });

  it('on a phone the buttons wrap cleanly: Chart beside Copy and Download, inside the reply', async () => {
    const wp = await reply('long-table', PHONE);
    const tops = new Map(await rowTops(wp));
    expect(tops.get('Chart'), JSON.stringify([...tops])).toBe(tops.get('Copy table'));
    expect(tops.get('Chart'), JSON.stringify([...tops])).toBe(tops.get('Download CSV'));
    const overflow = await wp.host
      .locator('.table-block')
      .first()
      .locator('.actions')
      .evaluate((row) => row.scrollWidth - row.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

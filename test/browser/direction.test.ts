// Direction (docs/protocol.md, "Direction") in Chromium, Firefox and WebKit: each block of an answer,
// a visitor's message and the composer read in their own text's direction (an Arabic or Hebrew
// answer right to left: full stop on the left, bullets and the first column on the right), code
// stays left to right, and the widget's chrome keeps the UI language's direction on a
// `<html dir="rtl">` page. Also the screenshots of docs/images/rtl-*.png (refreshed with
// `UPDATE_DOC_IMAGES=1 npm run test:browser -- --engine=<engine> direction`, once per engine).
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE, openPage, type WidgetPage } from './engines';
import { REPO_ROOT } from './paths';

const ARABIC_QUESTION = 'كم عدد الطلبات في الأسبوع الماضي؟';
const HEBREW_QUESTION = 'כמה הזמנות קיבלנו בשבוע שעבר?';
const MIXED_QUESTION = 'Summarize last week in English and Arabic';

interface Block {
  /** The tag (`heading` for h3–h6), `div.table-scroll` for a table's scroll box. */
  tag: string;
  /** The computed `direction`. */
  dir: string;
  text: string;
}

/** The blocks of the `index`th answer with their computed direction. */
const blocksOf = (wp: WidgetPage, index: number): Promise<Block[]> =>
  wp.page.evaluate((i) => {
    const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
    const reply = root.querySelectorAll('[part~="message"][data-role="assistant"]')[i]!;
    const els = reply.querySelectorAll('.md :is(p, li, h3, h4, h5, h6, blockquote, .table-scroll, th, td, pre)');
    return Array.from(els, (el) => ({
      tag: el.localName.replace(/^h\d$/, 'heading') + (el.classList.contains('table-scroll') ? '.table-scroll' : ''),
      dir: getComputedStyle(el).direction,
      text: (el.textContent ?? '').trim().slice(0, 24),
    }));
  }, index);

/**
 * Where things landed in the `index`th answer: for each paragraph and list item, whether its text
 * ends to the left of where it starts (a right-to-left line) and how far its first letter is from
 * the block's own start edge (its alignment), and the gaps between each list item
 * and its list on either side (the indent, where the bullet sits); for each table, whether its
 * first column is right of its last.
 */
const layoutOf = (wp: WidgetPage, index: number) =>
  wp.page.evaluate((i) => {
    const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
    const reply = root.querySelectorAll('[part~="message"][data-role="assistant"]')[i]!;
    const charBox = (node: Text, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    /** First and last visible character of `el`'s own text (not of nested lists). */
    const line = (el: Element) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
        acceptNode: (n) =>
          n.nodeValue!.trim() && !n.parentElement!.closest('ul ul, ol ol')
            ? NodeFilter.FILTER_ACCEPT
            : NodeFilter.FILTER_REJECT,
      });
      const texts: Text[] = [];
      while (walker.nextNode()) texts.push(walker.currentNode as Text);
      const first = texts[0]!;
      const last = texts[texts.length - 1]!;
      const start = charBox(first, first.nodeValue!.search(/\S/));
      const end = charBox(last, last.nodeValue!.trimEnd().length - 1);
      const box = el.getBoundingClientRect();
      const endsLeft = end.left < start.left;
      // The text starts at the block's own start edge (right for a right-to-left one).
      // Measured on the first text node as a whole: a number starting a right-to-left line ("30 …")
      // has its first digit left of its last.
      const range = document.createRange();
      range.selectNodeContents(first);
      const head = range.getBoundingClientRect();
      const startGap = Math.round(endsLeft ? box.right - head.right : head.left - box.left);
      return { endsLeft, startGap };
    };
    const text = (el: Element) => (el.textContent ?? '').trim().slice(0, 24);
    return {
      lines: Array.from(reply.querySelectorAll('.md > p, .md li'), (el) => ({ text: text(el), ...line(el) })),
      items: Array.from(reply.querySelectorAll('.md li'), (li) => {
        const box = li.getBoundingClientRect();
        const list = li.parentElement!.getBoundingClientRect();
        return { text: text(li), left: Math.round(box.left - list.left), right: Math.round(list.right - box.right) };
      }),
      tables: Array.from(reply.querySelectorAll('.md table'), (table) => {
        const cells = table.querySelectorAll('thead th');
        const first = cells[0]!.getBoundingClientRect();
        const last = cells[cells.length - 1]!.getBoundingClientRect();
        return { text: text(cells[0]!), firstOnRight: first.left > last.left };
      }),
    };
  }, index);

async function answer(question: string, opts: Parameters<typeof openPage>[0] = {}): Promise<WidgetPage> {
  const wp = await openPage({ scenario: 'rtl', ...opts, initOptions: { locale: 'en', ...opts.initOptions } });
  if (!opts.initOptions?.container) await wp.openPanel();
  await wp.send(question);
  const reply = await wp.waitForReplies(1);
  // The answer's buttons come once it is all there: then nothing moves any more.
  await reply.locator('[part~="copy-message-button"]').waitFor();
  return wp;
}

const dirs = (blocks: Block[]) => [...new Set(blocks.filter((b) => b.tag !== 'pre').map((b) => b.dir))];

describe('an answer in a right-to-left script', () => {
  for (const [language, question] of [
    ['Arabic', ARABIC_QUESTION],
    ['Hebrew', HEBREW_QUESTION],
  ] as const) {
    it(`${language}: every block reads right to left (full stop left, bullets and first column right); code stays left to right`, async () => {
      const wp = await answer(question);
      const blocks = await blocksOf(wp, 0);
      expect(blocks.map((b) => b.tag)).toEqual(
        expect.arrayContaining(['heading', 'p', 'li', 'blockquote', 'div.table-scroll', 'th', 'td']),
      );
      expect(dirs(blocks)).toEqual(['rtl']);
      if (language === 'Arabic') expect(blocks.find((b) => b.tag === 'pre')!.dir).toBe('ltr');

      const layout = await layoutOf(wp, 0);
      expect(layout.lines.length).toBeGreaterThanOrEqual(5);
      for (const line of layout.lines) {
        expect(line.endsLeft, line.text).toBe(true);
        expect(line.startGap, line.text).toBeLessThanOrEqual(3);
      }
      // The indent (and with it the bullet) is on the right of each item.
      for (const item of layout.items) {
        expect(item.left, item.text).toBeLessThanOrEqual(1);
        expect(item.right, item.text).toBeGreaterThan(10);
      }
      expect(layout.tables).toEqual([expect.objectContaining({ firstOnRight: true })]);

      // The visitor's own message too; its bubble stays on the chrome's side (the right).
      const user = await wp.page.evaluate(() => {
        const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
        const el = root.querySelector('[part~="message"][data-role="user"]')!;
        const list = root.querySelector('[part~="message-list"]')!.getBoundingClientRect();
        return { dir: getComputedStyle(el).direction, right: list.right - el.getBoundingClientRect().right };
      });
      expect(user.dir).toBe('rtl');
      expect(user.right).toBeLessThan(40);
    });
  }

  it('mixed: each block follows its own first words, whatever the others', async () => {
    const wp = await answer(MIXED_QUESTION);
    const blocks = await blocksOf(wp, 0);
    const dirOf = (start: string, tag?: string) =>
      blocks.find((b) => b.text.startsWith(start) && (!tag || b.tag === tag))?.dir;
    expect(dirOf('Here is the summary')).toBe('ltr');
    // An English sentence with an Arabic name, an Arabic one with English names.
    expect(dirOf('There were 42 orders')).toBe('ltr');
    expect(dirOf('بلغ عدد الطلبات')).toBe('rtl');
    expect(dirOf('Shipped')).toBe('ltr');
    expect(dirOf('تم شحن')).toBe('rtl');
    expect(dirOf('ההזמנה')).toBe('rtl');
    // A table whose header starts in Arabic reads right to left, English cells and all; the
    // English one left to right.
    expect(dirOf('العميل', 'th')).toBe('rtl');
    expect(dirOf('Acme Ltd', 'td')).toBe('rtl');
    expect(dirOf('Customer', 'th')).toBe('rtl');
    const scrolls = blocks.filter((b) => b.tag === 'div.table-scroll').map((b) => b.dir);
    expect(scrolls).toEqual(['rtl', 'ltr']);
    expect(dirOf('Totals include', 'blockquote')).toBe('ltr');

    const layout = await layoutOf(wp, 0);
    expect(layout.tables.map((t) => t.firstOnRight)).toEqual([true, false]);
    const items = Object.fromEntries(layout.items.map((i) => [i.text.slice(0, 4), i]));
    expect(items['Ship']!.left).toBeGreaterThan(10);
    expect(items['تم ش']!.right).toBeGreaterThan(10);
    const lines = Object.fromEntries(layout.lines.map((l) => [l.text.slice(0, 8), l.endsLeft]));
    expect(lines['Here is ']).toBe(false);
    expect(lines['بلغ عدد ']).toBe(true);
    expect(lines['Shipped:']).toBe(false);
    expect(lines['تم شحن 3']).toBe(true);
    // Each starts at its own start edge, whichever side that is.
    for (const line of layout.lines) expect(line.startGap, line.text).toBeLessThanOrEqual(3);
  });
});

describe('the composer', () => {
  it('reads Arabic right to left and English left to right as it is typed', async () => {
    const wp = await openPage({ initOptions: { locale: 'tr' } });
    await wp.openPanel();
    const direction = () =>
      wp.page.evaluate(() => {
        const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
        return getComputedStyle(root.querySelector('[part~="composer-input"]')!).direction;
      });
    expect(await direction()).toBe('ltr');
    await wp.part('composer-input').fill(ARABIC_QUESTION);
    await expect.poll(direction).toBe('rtl');
    await wp.part('composer-input').fill(HEBREW_QUESTION);
    await expect.poll(direction).toBe('rtl');
    await wp.part('composer-input').fill('How many orders?');
    await expect.poll(direction).toBe('ltr');
  });
});

describe('on a right-to-left page', () => {
  it('the chrome stays left to right and the launcher and panel stay on the right; an English answer stays left to right', async () => {
    const wp = await openPage({ htmlAttributes: 'lang="ar" dir="rtl"', initOptions: { locale: 'en' } });
    const box = async (part: string) => (await wp.part(part).boundingBox())!;
    const width = await wp.page.evaluate(() => innerWidth);
    await wp.part('launcher').waitFor();
    const launcher = await box('launcher');
    expect(width - (launcher.x + launcher.width)).toBeLessThan(40);

    await wp.openPanel();
    await wp.send('How many orders did we get last week?');
    await wp.waitForReplies(1);
    const panel = await box('panel');
    expect(width - (panel.x + panel.width)).toBeLessThan(40);
    // The title reads from the left, the close button at the right end.
    const title = await wp.part('header').locator('h2').boundingBox();
    const close = await box('close-button');
    expect(title!.x).toBeLessThan(close.x);
    const chrome = await wp.page.evaluate(() => {
      const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
      const parts = ['panel', 'header', 'message-list', 'composer', 'composer-input', 'send-button', 'launcher'];
      return parts.map((p) => `${p}:${getComputedStyle(root.querySelector(`[part~="${p}"]`)!).direction}`);
    });
    expect(chrome).toEqual(chrome.map((c) => c.replace(/:.*/, ':ltr')));
    const blocks = await blocksOf(wp, 0);
    expect(blocks.length).toBeGreaterThan(5);
    expect(dirs(blocks)).toEqual(['ltr']);
    expect((await layoutOf(wp, 0)).tables).toEqual([expect.objectContaining({ firstOnRight: false })]);
  });
});

// docs/images/rtl-{arabic,hebrew,mixed}-<engine>.png: the inline widget with each answer. Pictures
// for the docs, not tests: taken only by `npm run doc-images` (docs/testing.md).
if (process.env.UPDATE_DOC_IMAGES)
  describe('screenshots', () => {
    const SHOTS = [
      { name: 'arabic', question: ARABIC_QUESTION, theme: 'light', locale: 'en' },
      { name: 'hebrew', question: HEBREW_QUESTION, theme: 'dark', locale: 'en' },
      { name: 'mixed', question: MIXED_QUESTION, theme: 'light', locale: 'tr' },
    ] as const;
    for (const shot of SHOTS) {
      it(`${shot.name} answer (${shot.theme}, UI ${shot.locale})`, async () => {
        const wp = await answer(shot.question, {
          viewport: { width: 480, height: 900 },
          isMobile: false,
          colorScheme: shot.theme,
          bodyHtml: '<div id="chat" style="position: fixed; inset: 10px"></div>',
          initOptions: { container: '#chat', theme: shot.theme, locale: shot.locale },
        });
        await wp.part('composer-input').blur();
        const file = await wp.screenshot(`rtl-${shot.name}`);
        if (process.env.UPDATE_DOC_IMAGES) {
          copyFileSync(file, path.join(REPO_ROOT, 'docs', 'images', `rtl-${shot.name}-${ENGINE}.png`));
        }
      });
    }
  });

// `persist` (README, "Across page loads (`persist`)") and starter suggestions (docs/protocol.md,
// "GET /config") in a real browser:
// real page loads of one tab, its real sessionStorage, and storage that throws. Runs in every engine,
// but for the cases of the widget's own logic (itInChromium: docs/testing.md, "Cases that run in
// Chromium only").
import { describe, expect, it } from 'vitest';
import { apiRequests, DEMO_PUBLIC_ID, itInChromium, openPage, PHONE, WAIT, type WidgetPage } from './engines';

const KEY = `service-widget:${DEMO_PUBLIC_ID}`;
const SUGGESTIONS = [
  'How many orders did we get last week?',
  'Who are our top 5 customers this year?',
  'Show monthly sales for 2026 by region',
  'Which products are running low on stock?',
];
/** Playwright's `exact: true`: the whole accessible name. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const session = (wp: WidgetPage) => wp.page.evaluate(() => Object.entries(sessionStorage));
/** The kept value (`1` or `0`, the panel was open, then the conversation id), read back. */
const kept = async (wp: WidgetPage) => {
  const raw = await wp.page.evaluate((k) => sessionStorage.getItem(k), KEY);
  return raw === null ? null : { conversation: raw.slice(1) || null, open: raw[0] === '1' };
};

/** Reloads the tab and waits for the new page's widget to be ready; returns the API requests made before. */
async function reload(wp: WidgetPage): Promise<number> {
  const before = (await apiRequests()).length;
  await wp.page.reload();
  await expect.poll(() => wp.events().then((e) => e.some((x) => x.type === 'ready')), { timeout: WAIT }).toBe(true);
  return before;
}
const since = async (before: number) => (await apiRequests()).slice(before).map((r) => `${r.method} ${r.path}`);

/** One question and its finished reply in a floating widget; returns the conversation's id. */
async function converse(wp: WidgetPage, text = 'How many orders did we get last week?'): Promise<string> {
  await wp.openPanel();
  await wp.send(text);
  await wp.waitForReplies(1);
  return (await kept(wp))!.conversation!;
}

describe('persist: the conversation follows the visitor across page loads', () => {
  it('reload with the panel open: it opens again and the conversation is reloaded, never re-sent; only the id is kept', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    const id = await converse(wp);
    expect(id).toMatch(/^conv_/);
    // Only the id and the open flag: no text, title or token.
    expect(await session(wp)).toEqual([[KEY, `1${id}`]]);
    const stored = JSON.stringify(await session(wp));
    for (const t of await wp.tokens()) expect(stored).not.toContain(t.split('.')[1]);
    expect(stored).not.toContain('orders');

    const before = await reload(wp);
    await wp.part('panel').waitFor();
    await wp.waitForReplies(1);
    expect(await wp.part('message').count()).toBe(2);
    expect(await wp.part('message').first().textContent()).toContain('How many orders did we get last week?');
    expect((await since(before)).sort()).toEqual([
      'GET /api/v1/widget/config',
      `GET /api/v1/widget/conversations/${id}`,
    ]);
    expect(await wp.part('notice').count()).toBe(0);
    expect(await wp.pageErrors()).toEqual([]);
    // It reopened by itself: focus stays with the new page. Opened by the visitor, it takes focus.
    expect(await wp.page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await wp.part('close-button').click();
    await wp.openPanel();
    await expect
      .poll(() => wp.page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('part')), {
        timeout: WAIT,
      })
      .toBe('composer-input');
  });

  it('reload with the panel closed: nothing is requested (no getAuthToken) until the visitor opens it', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    const id = await converse(wp);
    await wp.part('close-button').click();
    await wp.part('panel').waitFor({ state: 'detached' });
    expect(await kept(wp)).toEqual({ conversation: id, open: false });

    const before = await reload(wp);
    expect(await wp.part('panel').count()).toBe(0);
    expect(await wp.tokenCalls()).toBe(0);
    expect(await since(before)).toEqual([]);
    await wp.openPanel();
    await wp.waitForReplies(1);
    expect(await wp.part('message').count()).toBe(2);
    // /config is asked after the opening frame (src/state/widget-model.ts): in WebKit it can come
    // after the conversation has shown.
    await expect
      .poll(async () => (await since(before)).sort(), { timeout: WAIT })
      .toEqual(['GET /api/v1/widget/config', `GET /api/v1/widget/conversations/${id}`]);
  });

  itInChromium('a kept conversation the service no longer has starts a new one quietly', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.page.evaluate((k) => sessionStorage.setItem(k, '1conv_gone'), KEY);
    const before = await reload(wp);
    await wp.part('composer-input').waitFor();
    await expect.poll(() => since(before), { timeout: WAIT }).toContain('GET /api/v1/widget/conversations/conv_gone');
    await expect.poll(() => kept(wp), { timeout: WAIT }).toEqual({ conversation: null, open: true });
    expect(await wp.part('notice').count()).toBe(0);
    expect((await wp.events()).filter((e) => e.type === 'error')).toEqual([]);
    await wp.send('Hello');
    await wp.waitForReplies(1);
    const chat = (await apiRequests()).slice(before).find((r) => r.path === '/api/v1/widget/chat')!;
    expect(chat.body).toEqual({ message: 'Hello' });
  });

  it('a reply still streaming when the visitor left: reloaded from the service, never re-sent', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' }, scenario: 'long', settings: { chunkDelayMs: 40 } });
    await wp.openPanel();
    await wp.send('The full report please');
    await expect.poll(() => kept(wp).then((k) => k?.conversation), { timeout: WAIT }).toMatch(/^conv_/);
    expect(await wp.part('stop-button').count()).toBe(1);
    const { conversation } = (await kept(wp))!;
    const before = await reload(wp);
    await wp.waitForReplies(1);
    // The reopened panel asks for /config after its first frame, which may come after the reply shows.
    await expect
      .poll(async () => (await since(before)).includes('GET /api/v1/widget/config'), { timeout: WAIT })
      .toBe(true);
    expect((await since(before)).sort()).toEqual([
      'GET /api/v1/widget/config',
      `GET /api/v1/widget/conversations/${conversation}`,
    ]);
  });

  itInChromium('persist: false leaves sessionStorage untouched and a reload starts closed and empty', async () => {
    const wp = await openPage({ initOptions: { locale: 'en', persist: false } });
    await wp.openPanel();
    await wp.send('Hello');
    await wp.waitForReplies(1);
    expect(await session(wp)).toEqual([]);
    const before = await reload(wp);
    expect(await wp.part('panel').count()).toBe(0);
    expect(await since(before)).toEqual([]);
    expect(await session(wp)).toEqual([]);
  });

  for (const [what, fixture] of [
    ['reading window.sessionStorage throws (sandboxed iframe)', 'storage-sandboxed.js'],
    ['setItem throws (Safari private mode, full quota)', 'storage-quota.js'],
  ] as const) {
    itInChromium(`storage where ${what} never breaks the widget`, async () => {
      // The fixture runs before any other script of the page, on every load of it.
      const wp = await openPage({ initOptions: { locale: 'en' }, earlyFixtures: [fixture] });
      // The page's storage really is broken.
      const probe = () => {
        try {
          sessionStorage.setItem('probe', '1');
          return 'stored';
        } catch (e) {
          return (e as DOMException).name;
        }
      };
      expect(await wp.page.evaluate(probe)).not.toBe('stored');
      await wp.openPanel();
      await wp.send('Hello');
      await wp.waitForReplies(1);
      await reload(wp);
      // Nothing could be kept: the tab starts as a new one, and still works.
      expect(await wp.part('panel').count()).toBe(0);
      await wp.openPanel();
      await wp.send('Hello again');
      await wp.waitForReplies(1);
      await wp.part('new-conversation-button').click();
      expect(await wp.pageErrors()).toEqual([]);
      expect((await wp.consoleMessages()).filter((m) => m.type === 'error')).toEqual([]);
    });
  }

  it('two tabs keep their own conversation; one started in the other tab shows in history when it is next shown', async () => {
    // The same visitor's second tab: a second top-level browsing context of the same browser
    // context, so its sessionStorage is its own while the service shares the visitor's history.
    const a = await openPage({ initOptions: { locale: 'en' } });
    const tabB = await a.openTab();
    const b = tabB.page;
    const partB = tabB.part;
    await partB('launcher').click();
    await partB('history-button').click();
    await b.getByText('No conversations yet.').waitFor();

    const idA = await converse(a, 'Orders shipped to Köln this week?');
    // Tab b kept nothing of tab a's conversation.
    expect(await b.evaluate(() => Object.entries(sessionStorage))).toEqual([[KEY, '1']]);

    await partB('history-button').click(); // back to the chat
    await partB('history-button').click(); // and the list again: fetched anew
    await expect.poll(() => partB('history-item').count(), { timeout: WAIT }).toBe(1);
    await partB('history-item').click();
    await expect.poll(() => b.evaluate((k) => sessionStorage.getItem(k), KEY), { timeout: WAIT }).toBe(`1${idA}`);
    expect(await kept(a)).toEqual({ conversation: idA, open: true });
  });
});

describe('starter suggestions', () => {
  itInChromium(
    'shown under the welcome text while empty; one press sends it as typed; gone with the message, back with a new conversation',
    async () => {
      const wp = await openPage({ initOptions: { locale: 'en' } });
      await wp.openPanel();
      const buttons = wp.part('suggestion');
      await expect.poll(() => buttons.allTextContents(), { timeout: WAIT }).toEqual(SUGGESTIONS);
      for (const text of SUGGESTIONS)
        expect(await wp.page.getByRole('button', { name: exactly(text) }).count()).toBe(1);
      await buttons.nth(2).click();
      await expect.poll(() => buttons.count(), { timeout: WAIT }).toBe(0);
      await wp.waitForReplies(1);
      const chat = (await apiRequests()).filter((r) => r.path === '/api/v1/widget/chat');
      expect(chat.map((r) => r.body)).toEqual([{ message: SUGGESTIONS[2] }]);
      expect(await wp.part('message').first().textContent()).toContain(SUGGESTIONS[2]);
      expect(await buttons.count()).toBe(0);
      await wp.part('new-conversation-button').click();
      await expect.poll(() => buttons.count(), { timeout: WAIT }).toBe(4);
    },
  );

  it('on a phone a long one wraps to at most two lines; its full text stays its accessible name', async () => {
    const long = `Compare the monthly revenue of every region for the last three fiscal years, broken down by product line and sales channel, and highlight anything unusual`;
    const wp = await openPage({
      viewport: PHONE,
      initOptions: { locale: 'en' },
      settings: { suggestions: ['Top customers?', long] },
    });
    await wp.openPanel();
    await expect.poll(() => wp.part('suggestion').count(), { timeout: WAIT }).toBe(2);
    const box = await wp
      .part('suggestion')
      .nth(1)
      .evaluate((el) => {
        const s = getComputedStyle(el);
        const line = parseFloat(s.lineHeight);
        const text = el.querySelector('.suggestion-text') ?? el;
        const chrome =
          parseFloat(s.paddingTop) +
          parseFloat(s.paddingBottom) +
          parseFloat(s.borderTopWidth) +
          parseFloat(s.borderBottomWidth);
        return {
          lines: (el.getBoundingClientRect().height - chrome) / line,
          clipped: text.scrollHeight > text.clientHeight,
          width: el.getBoundingClientRect().width,
        };
      });
    expect(box.lines).toBeGreaterThan(1.5);
    expect(box.lines).toBeLessThanOrEqual(2.05);
    expect(box.clipped).toBe(true);
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await wp.page.getByRole('button', { name: exactly(long) }).count()).toBe(1);
    expect(await wp.part('suggestion').nth(1).getAttribute('title')).toBe(long);
  });

  itInChromium('a faulty `suggestions` shows none', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' }, settings: { suggestions: 'How many orders?' } });
    await wp.openPanel();
    // The config was applied: its title shows.
    await expect.poll(() => wp.part('header').textContent(), { timeout: WAIT }).toContain('Data assistant');
    expect(await wp.part('suggestion').count()).toBe(0);
  });
});

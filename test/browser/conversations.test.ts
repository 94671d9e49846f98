// docs/protocol.md "GET /conversations" and the conversation features in the real browser: history paging and
// reopening, the Confirm flow, and the connected-accounts tab (with and without portalUrl, and blocked). Runs in
// Chromium, Firefox and WebKit (test/browser/engines).
import { describe, expect, it } from 'vitest';
import { apiRequests, cannedAnswer, openPage, releaseCanned, serverUrl, WAIT, type WidgetPage } from './engines';

const seeded = () => `demo-browser-${Date.now().toString(36)}`;

describe('history', () => {
  it('pages with "load more", reopens a conversation, and the next message continues it', async () => {
    const wp = await openPage({ sub: seeded(), initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.part('history-button').click();
    const items = wp.part('history-item');
    await expect.poll(() => items.count(), { timeout: WAIT }).toBe(20);
    await wp.part('history-more-button').click();
    await expect.poll(() => items.count(), { timeout: WAIT }).toBe(40);
    await wp.part('history-more-button').click();
    await expect.poll(() => items.count(), { timeout: WAIT }).toBe(45);
    expect(await wp.part('history-more-button').count()).toBe(0);
    const lists = (await apiRequests()).filter((r) => r.path.startsWith('/api/v1/widget/conversations?'));
    expect(lists.map((r) => new URL(r.path, 'http://x').searchParams.get('limit'))).toEqual(['20', '20', '20']);

    await items.filter({ hasText: 'Regional sales report' }).click();
    await expect.poll(() => wp.part('message').count(), { timeout: WAIT }).toBeGreaterThan(1);
    const opened = (await apiRequests()).find((r) => /^\/api\/v1\/widget\/conversations\/[^?]+$/.test(r.path))!;
    const id = decodeURIComponent(opened.path.split('/').pop()!);
    await wp.send('and by customer?');
    await wp.waitForReplies(2);
    const chat = (await apiRequests()).filter((r) => r.path === '/api/v1/widget/chat').pop()!;
    expect(chat.body).toEqual({ conversation_id: id, message: 'and by customer?' });
    // `persist` keeps the open conversation's id for this tab, and nothing else anywhere.
    const storage = await wp.page.evaluate(() => ({
      local: localStorage.length,
      session: Object.entries(sessionStorage),
    }));
    expect(storage).toEqual({ local: 0, session: [[expect.stringMatching(/^service-widget:/), `1${id}`]] });
  });
});

describe('confirmations', () => {
  it('nothing is sent until Confirm; one decision goes out and its outcome streams in', async () => {
    const wp = await openPage({ scenario: 'confirmation', initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('Mark order #1042 as shipped');
    await wp.part('confirm-button').waitFor({ timeout: WAIT });
    expect(await wp.part('confirmation').textContent()).toContain("Update the status of order #1042 to 'shipped'?");
    const chats = async () => (await apiRequests()).filter((r) => r.path === '/api/v1/widget/chat');
    expect(await chats()).toHaveLength(1);
    // Two buttons side by side at the start of the box, with room between them (a press must not
    // land on the other one).
    const [box, confirm, cancel] = await Promise.all(
      ['confirmation', 'confirm-button', 'cancel-button'].map((p) => wp.part(p).boundingBox()),
    );
    expect(confirm!.x - box!.x).toBeLessThan(20);
    expect(Math.abs(cancel!.y - confirm!.y)).toBeLessThan(1);
    expect(cancel!.x - (confirm!.x + confirm!.width)).toBeGreaterThan(7.5);
    await wp.part('confirm-button').dblclick();
    await wp.waitForReplies(2);
    const decisions = (await chats()).filter((r) => (r.body as { confirmation?: unknown }).confirmation);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.body).toMatchObject({ confirmation: { decision: 'confirm' } });
    expect(await wp.part('confirm-button').count()).toBe(0);
    expect(await wp.part('message').last().textContent()).toContain('shipped');
  });
});

describe('connected accounts', () => {
  /** The one other tab, once its URL matches. */
  const portalTab = async (wp: WidgetPage, url: RegExp) => {
    await expect
      .poll(async () => (await wp.otherTabs()).map((t) => t.url), { timeout: WAIT })
      .toEqual([expect.stringMatching(url)]);
    return (await wp.otherTabs())[0]!;
  };
  const openPortalTab = async (portalUrl?: string) => {
    const wp = await openPage({ initOptions: { locale: 'en', ...(portalUrl ? { portalUrl } : {}) } });
    await wp.openPanel();
    await wp.part('plug-button').waitFor({ timeout: WAIT });
    await wp.part('plug-button').click();
    return wp;
  };

  it('the header buttons stay where they are when a slow /config adds the plug button (a click lands where the visitor aimed)', async () => {
    const config = { read_only: false, voice: { configured: true }, connected_accounts: { enabled: true } };
    const wp = await openPage({
      initOptions: { locale: 'en' },
      beforeLoad: () =>
        cannedAnswer('/api/v1/widget/config', {
          body: JSON.stringify(config),
          headers: { 'Content-Type': 'application/json' },
          held: true,
        }),
    });
    await wp.openPanel();
    const boxes = () =>
      wp
        .part('header')
        .evaluate((header) =>
          [...header.querySelectorAll('button')].map(
            (b) => `${b.getAttribute('part')} ${Math.round(b.getBoundingClientRect().x)}`,
          ),
        );
    const before = await boxes();
    expect(before.some((b) => b.startsWith('plug-button'))).toBe(false);
    await releaseCanned();
    await wp.part('plug-button').waitFor({ timeout: WAIT });
    const after = await boxes();
    for (const box of before) expect(after).toContain(box);
  });

  it('opens a new tab in the click, without opener, sent to the url the service returned', async () => {
    const wp = await openPortalTab();
    const tab = await portalTab(wp, /\/demo\/portal\.html\?code=[0-9a-f]+$/);
    expect(tab.opener).toBe(false);
  });

  it('with portalUrl, the tab goes to portalUrl?code=…', async () => {
    // The customer's portal lives on another origin (localhost vs the page's 127.0.0.1).
    const portal = `${serverUrl().replace('127.0.0.1', 'localhost')}/demo/portal.html`;
    const wp = await openPortalTab(portal);
    const tab = await portalTab(wp, new RegExp(`^${portal.replace(/[.?]/g, '\\$&')}\\?code=[0-9a-f]+$`));
    expect(tab.opener).toBe(false);
  });

  it('when the popup is blocked, shows the link to press instead', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.page.evaluate(() => {
      window.open = () => null;
    });
    await wp.openPanel();
    await wp.part('plug-button').click();
    const link = wp.part('portal-link');
    await link.waitFor({ timeout: WAIT });
    expect(await link.getAttribute('href')).toMatch(/\/demo\/portal\.html\?code=[0-9a-f]+$/);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await link.click();
    await portalTab(wp, /\/demo\/portal\.html\?code=/);
  });
});

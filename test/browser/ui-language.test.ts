// The service hears the UI language (docs/protocol.md, "Every request" and "GET /config"), in
// Chromium, Firefox and WebKit: `Accept-Language` on every request, and setLocale asks `/config`
// again, whose title, welcome and suggestions replace the old ones; the conversation stays.
import { describe, expect, it } from 'vitest';
import { CONFIG_TEXTS } from '../../mock/languages';
import { apiRequests, openPage, WAIT } from './engines';

describe('the UI language', () => {
  it("setLocale('tr') shows the service's Turkish title, welcome and suggestions; the conversation stays", async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.openPanel();
    const title = () => wp.part('header').locator('h2').textContent();
    const suggestions = () => wp.part('suggestion').allTextContents();
    await expect.poll(suggestions, { timeout: WAIT }).toEqual(CONFIG_TEXTS.en.suggestions);
    expect(await title()).toBe(CONFIG_TEXTS.en.title);

    await wp.page.evaluate(() => window.__swTest.instance!.setLocale('tr'));
    await expect.poll(suggestions, { timeout: WAIT }).toEqual(CONFIG_TEXTS.tr.suggestions);
    expect(await title()).toBe(CONFIG_TEXTS.tr.title);
    expect(await wp.host.locator('.welcome').textContent()).toBe(CONFIG_TEXTS.tr.welcome);
    expect(await wp.page.getByRole('dialog', { name: CONFIG_TEXTS.tr.title }).count()).toBe(1);

    // A Turkish suggestion, answered in Turkish; back to English, the conversation is still there.
    await wp.part('suggestion').first().click();
    const reply = await wp.waitForReplies(1);
    expect(await reply.textContent()).toContain('sipariş kargoya verildi');
    await wp.page.evaluate(() => window.__swTest.instance!.setLocale('en'));
    await expect.poll(title, { timeout: WAIT }).toBe(CONFIG_TEXTS.en.title);
    expect(await wp.part('message').count()).toBe(2);

    const requests = await apiRequests();
    const configs = requests.filter((r) => r.path.endsWith('/config'));
    expect(configs.map((r) => r.headers['accept-language'])).toEqual(['en', 'tr', 'en']);
    const chat = requests.filter((r) => r.path.endsWith('/chat'));
    expect(chat.map((r) => r.headers['accept-language'])).toEqual(['tr']);
  });
});

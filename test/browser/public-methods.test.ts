// Every public method of the instance (docs/page-api.md, README "The instance"), called as the
// customer's page calls it (`window.__swTest.instance.open()` in the page, fixtures/harness.js), for
// each mount, inline and floating; each asserts what the visitor sees and what goes on the wire
// (issue #36, item 3). In Chromium only: what a method does is the widget's own code; the parts an
// engine decides run in every engine in ui-language, shell, page-api and theme-and-recording
// (test/browser/engine-rules.ts).
//
// Why `setLocale` could break unnoticed (#36, defect 3): every earlier test of it ran against the
// mock's default `/config`, which the mock answers in the language asked (mock/languages.ts). The new
// `/config` answer re-rendered the whole panel, and that re-render hid that the composer, the send
// button and the messages no longer followed the locale themselves (the panel keeps its children
// while its title does not change: src/ui/Panel.tsx). A service with no translated texts answers
// `/config` the same in both languages; so does the mock here (`settings` sets its texts, which it
// then answers as set in every language), so a UI text can change only because the widget changed it.
// The same rule in kind for every method: each test asserts the effect the visitor sees, never only
// that a request was made or an event fired.
import { describe, expect, it } from 'vitest';
import type { InitOptions } from '../../src/types';
import { apiRequests, openPage, WAIT, type WidgetPage } from './engines';

/** `/config` texts set, so the mock answers them the same whatever the `Accept-Language`. */
const SAME_CONFIG = {
  title: 'Acme Help',
  welcome: 'Welcome to Acme.',
  suggestions: ['How many orders did we get last week?'],
};

const MOUNTS = [
  {
    mount: 'inline',
    bodyHtml: '<section id="chat" style="width: 480px; height: 640px"></section>',
    options: { container: '#chat' },
  },
  { mount: 'floating', bodyHtml: undefined, options: {} },
] as const;

type Call =
  | ['open' | 'close' | 'toggle' | 'newConversation' | 'destroy']
  | ['setTheme', InitOptions['theme']]
  | ['setLocale', InitOptions['locale']]
  | ['ask', string, { send: boolean }?];

/** Calls an instance method from the page, as the customer's own script does. */
const call = (wp: WidgetPage, ...args: Call) =>
  wp.page.evaluate((a) => {
    const [name, ...rest] = a as [string, ...unknown[]];
    const method = (window.__swTest.instance as unknown as Record<string, (...x: unknown[]) => unknown>)[name]!;
    method(...rest);
  }, args);

const eventTypes = async (wp: WidgetPage) => (await wp.events()).map((e) => e.type);

/** What a visitor (or a screen reader) reads of the chrome, in the UI language. */
async function chrome(wp: WidgetPage, floating: boolean) {
  const label = (part: string) => wp.part(part).getAttribute('aria-label');
  return {
    send: await label('send-button'),
    composer: await label('composer-input'),
    placeholder: await wp.part('composer-input').getAttribute('placeholder'),
    history: await label('history-button'),
    newConversation: await label('new-conversation-button'),
    list: await label('message-list'),
    ...(floating ? { close: await label('close-button'), launcher: await label('launcher') } : {}),
  };
}

const TURKISH = {
  send: 'Gönder',
  composer: 'Sorunuz',
  placeholder: 'Verilerinizle ilgili bir soru sorun…',
  history: 'Sohbet geçmişi',
  newConversation: 'Yeni sohbet',
  list: 'Sohbet',
};

describe.each(MOUNTS)('the public methods, $mount', ({ mount, bodyHtml, options }) => {
  const floating = mount === 'floating';
  const start = async (init: Partial<InitOptions> = { locale: 'en' }) => {
    const wp = await openPage({ bodyHtml, settings: SAME_CONFIG, initOptions: { ...options, ...init } });
    await wp.page.waitForFunction(() => !!window.__swTest.instance);
    return wp;
  };
  const shown = (wp: WidgetPage) => wp.part('panel').isVisible();

  it('open, close and toggle show and hide the panel, each with its event', async () => {
    const wp = await start();
    if (floating) {
      expect(await shown(wp)).toBe(false);
      await call(wp, 'open');
      await wp.part('composer-input').waitFor();
      await call(wp, 'close');
      await wp.part('panel').waitFor({ state: 'hidden' });
      expect(await wp.part('launcher').isVisible()).toBe(true);
      await call(wp, 'toggle');
      await wp.part('composer-input').waitFor();
      await call(wp, 'toggle');
      await wp.part('panel').waitFor({ state: 'hidden' });
      await expect.poll(() => eventTypes(wp), { timeout: WAIT }).toEqual(['ready', 'open', 'close', 'open', 'close']);
    } else {
      // Inline, the panel fills its container whatever the calls (docs/page-api.md).
      await wp.part('composer-input').waitFor();
      for (const name of ['close', 'open', 'toggle', 'toggle'] as const) {
        await call(wp, name);
        expect(await shown(wp)).toBe(true);
      }
      expect(await wp.part('launcher').count()).toBe(0);
    }
    expect(await wp.pageErrors()).toEqual([]);
  });

  it('ask puts the text in the composer; with send: true it is sent and answered', async () => {
    const wp = await start();
    await call(wp, 'ask', 'What is unpaid on invoice 2026-114?');
    const input = wp.part('composer-input');
    await expect.poll(() => input.inputValue(), { timeout: WAIT }).toBe('What is unpaid on invoice 2026-114?');
    await call(wp, 'ask', 'How many orders did we get last week?', { send: true });
    const reply = await wp.waitForReplies(1);
    expect(await reply.textContent()).toContain('orders');
    expect(await wp.part('message').first().textContent()).toContain('How many orders did we get last week?');
    expect(await input.inputValue()).toBe('');
  });

  it('newConversation empties the conversation: the next send starts a new one', async () => {
    const wp = await start();
    if (floating) await wp.openPanel();
    await wp.send('How many orders did we get last week?');
    await wp.waitForReplies(1);
    await call(wp, 'newConversation');
    await expect.poll(() => wp.part('message').count(), { timeout: WAIT }).toBe(0);
    await wp.part('suggestion').waitFor();
    expect(await wp.host.locator('.welcome').textContent()).toBe(SAME_CONFIG.welcome);
    await wp.send('Who are our top 5 customers this year?');
    await wp.waitForReplies(1);
    const chats = (await apiRequests()).filter((r) => r.path.endsWith('/chat'));
    expect(chats).toHaveLength(2);
    // The first send after newConversation names no conversation: the service starts a new one.
    expect(chats[0]!.body).toEqual({ message: 'How many orders did we get last week?' });
    expect(chats[1]!.body).toEqual({ message: 'Who are our top 5 customers this year?' });
  });

  it('setTheme changes the colours the visitor sees', async () => {
    const wp = await start({ locale: 'en', theme: 'dark' });
    if (floating) await wp.openPanel();
    await wp.part('composer-input').waitFor();
    const background = () => wp.part('panel').evaluate((el) => getComputedStyle(el).backgroundColor);
    const dark = await background();
    await call(wp, 'setTheme', 'light');
    await expect.poll(background, { timeout: WAIT }).not.toBe(dark);
    expect(await wp.host.getAttribute('data-theme')).toBe('light');
    await call(wp, 'setTheme', 'dark');
    await expect.poll(background, { timeout: WAIT }).toBe(dark);
  });

  it.each([
    ['locale en at init', { locale: 'en' as const }],
    ['no locale at init (an English browser)', {}],
  ])(
    "setLocale('tr') turns every visible string Turkish and the next request asks in Turkish, against one /config for both languages (%s)",
    async (_, init) => {
      const wp = await start(init);
      if (floating) await wp.openPanel();
      const title = () => wp.part('header').locator('h2').textContent();
      await expect.poll(title, { timeout: WAIT }).toBe(SAME_CONFIG.title);
      await wp.send('How many orders did we get last week?');
      await wp.waitForReplies(1);
      expect((await chrome(wp, floating)).send).toBe('Send');

      await call(wp, 'setLocale', 'tr');
      await expect
        .poll(() => chrome(wp, floating), { timeout: WAIT })
        .toEqual({ ...TURKISH, ...(floating ? { close: 'Sohbeti kapat', launcher: 'Sohbeti kapat' } : {}) });
      expect(await wp.host.getAttribute('lang')).toBe('tr');
      // What screen readers hear before each message, and the buttons under the answer.
      expect(await wp.host.locator('[part~="message"] .sr-only').allTextContents()).toEqual(['Siz: ', 'Asistan: ']);
      await expect.poll(() => wp.part('copy-message-button').textContent(), { timeout: WAIT }).toBe('Yanıtı kopyala');
      // The service's own texts stay as it sent them.
      expect(await title()).toBe(SAME_CONFIG.title);

      // The next request, /config asked again, asks in Turkish (every later one does too: ui-language.test.ts).
      const asked = async () =>
        (await apiRequests()).map((r) => `${r.path.replace(/^.*\//, '')} ${r.headers['accept-language']}`);
      await expect.poll(asked, { timeout: WAIT }).toEqual(['config en', 'chat en', 'config tr']);
      expect(await wp.pageErrors()).toEqual([]);
    },
  );

  it('destroy removes the widget from the page, and it asks nothing more', async () => {
    const wp = await start();
    if (floating) await wp.openPanel();
    await wp.part('composer-input').waitFor();
    await call(wp, 'destroy');
    await expect.poll(() => wp.page.locator('[data-service-widget]').count(), { timeout: WAIT }).toBe(0);
    expect(await wp.part('launcher').count()).toBe(0);
    const before = (await apiRequests()).length;
    if (bodyHtml) expect(await wp.page.locator('#chat').innerHTML()).toBe('');
    // A page may call it again, or call another method of the old instance: nothing throws, nothing shows.
    await call(wp, 'destroy');
    expect(await wp.page.locator('[data-service-widget]').count()).toBe(0);
    expect((await apiRequests()).length).toBe(before);
    expect(await wp.pageErrors()).toEqual([]);
  });
});

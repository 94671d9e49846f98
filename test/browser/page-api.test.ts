// What the embedding page drives and hears (docs/page-api.md), on the script-tag page in Chromium,
// Firefox and WebKit: `ask` from the page's own UI, `ready` before any other event (a panel
// reopened by `persist` included), and (Chromium, whose driver reports it) a finished reply's
// request ending as finished, not as `net::ERR_ABORTED`.
import { describe, expect, it } from 'vitest';
import { apiRequests, openPage, PHONE, skipIn, WAIT, type WidgetPage } from './engines';

const ask = (wp: WidgetPage, text: string, send?: boolean) =>
  wp.page.evaluate(
    ([t, s]) => window.__swTest.instance!.ask(t as string, s === null ? undefined : { send: s as boolean }),
    [text, send ?? null],
  );
/** The focused element inside the widget's shadow root: its `part`, or null. */
const focusedPart = (wp: WidgetPage) =>
  wp.page.evaluate(
    () => document.querySelector('[data-service-widget]')?.shadowRoot?.activeElement?.getAttribute('part') ?? null,
  );
const chatPosts = async () =>
  (await apiRequests()).filter((r) => r.method === 'POST' && r.path === '/api/v1/widget/chat');

describe('ask(text, { send }) from the page', () => {
  it('opens the floating panel with the text in the focused composer; send: true sends it like Send', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.page.waitForFunction(() => !!window.__swTest.instance);
    await ask(wp, 'What is unpaid on invoice 2026-114?');
    const input = wp.part('composer-input');
    await input.waitFor();
    await expect.poll(() => input.inputValue(), { timeout: WAIT }).toBe('What is unpaid on invoice 2026-114?');
    await expect.poll(() => focusedPart(wp), { timeout: WAIT }).toBe('composer-input');
    expect(await chatPosts()).toEqual([]);

    await ask(wp, 'How many orders did we get last week?', true);
    await wp.waitForReplies(1);
    expect((await chatPosts()).map((r) => r.body)).toEqual([{ message: 'How many orders did we get last week?' }]);
    expect(await input.inputValue()).toBe('');
    const types = (await wp.events()).map((e) => e.type);
    expect(types[0]).toBe('ready');
    expect(types).toEqual(expect.arrayContaining(['open', 'message_sent', 'reply_done']));
    expect(await wp.pageErrors()).toEqual([]);
  });

  it('on a touch screen the text is in the composer but the composer is not focused (no keyboard over the answer) (Chromium only: touch emulation)', async (ctx) => {
    skipIn(ctx, ['firefox', 'webkit'], 'only Chromium emulates a touch screen here (`pointer: coarse`)');
    const wp = await openPage({ viewport: PHONE, initOptions: { locale: 'en' } });
    await wp.page.waitForFunction(() => !!window.__swTest.instance);
    expect(await wp.page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await ask(wp, 'What is unpaid on invoice 2026-114?');
    const input = wp.part('composer-input');
    await input.waitFor();
    await expect.poll(() => input.inputValue(), { timeout: WAIT }).toBe('What is unpaid on invoice 2026-114?');
    // The panel itself takes the focus on a phone (ui/Panel.tsx), never the composer.
    await expect.poll(() => focusedPart(wp), { timeout: WAIT }).toBe('panel');
    expect(await chatPosts()).toEqual([]);
  });

  it('a text that is not a non-empty string throws a TypeError into the page, naming the argument', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.page.waitForFunction(() => !!window.__swTest.instance);
    const thrown = await wp.page.evaluate(() => {
      try {
        window.__swTest.instance!.ask('  ');
        return null;
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    });
    expect(thrown).toMatch(/^TypeError: .*`text` must be a non-empty string/);
    expect(await wp.part('panel').count()).toBe(0);
  });
});

describe('the order of events', () => {
  it('ready comes before the open of a panel that persist reopens after a page load', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.page.reload();
    await wp.part('panel').waitFor();
    await expect.poll(async () => (await wp.events()).map((e) => e.type), { timeout: WAIT }).toEqual(['ready', 'open']);
  });
});

describe('a finished reply', () => {
  it('ends its POST /chat as finished, never as failed or aborted (net::ERR_ABORTED) (Chromium only: CDP reports how a request ended)', async (ctx) => {
    skipIn(ctx, ['firefox', 'webkit'], 'only the Chromium driver (CDP) reports failed and finished requests');
    const wp = await openPage({ initOptions: { locale: 'en' } });
    const native = wp.page.driver.native!;
    await wp.openPanel();
    await wp.send('How many orders did we get last week?');
    await wp.waitForReplies(1);
    await wp.send('And the week before?');
    await wp.waitForReplies(2);
    const chat = (line: string) => /^POST \S+\/api\/v1\/widget\/chat\b/.test(line);
    await expect.poll(() => native.finished!.filter(chat).length, { timeout: WAIT }).toBe(2);
    expect(native.failed!.filter(chat)).toEqual([]);
  });
});

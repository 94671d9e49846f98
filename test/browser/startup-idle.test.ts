// `init` builds only the launcher; the model, chat.css and the panel's tree come in idle time, or at
// once when something needs them (src/widget.tsx, docs/benchmarks.md "Start-up"). What the page and
// the visitor see must not depend on whether idle time has come: a panel opened in the same task as
// `init` (`open: true`, `ask`, a press on the launcher) works, and so does one prepared in idle time.
// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { describe, expect, it } from 'vitest';
import { apiRequests, openPage, WAIT, type WidgetPage } from './engines';

const QUESTION = 'How many orders did we get last week?';
const focusedPart = (wp: WidgetPage) =>
  wp.page.evaluate(
    () => document.querySelector('[data-service-widget]')?.shadowRoot?.activeElement?.getAttribute('part') ?? null,
  );
const chatBodies = async () =>
  (await apiRequests()).filter((r) => r.method === 'POST' && r.path === '/api/v1/widget/chat').map((r) => r.body);

describe('a panel opened before idle time', () => {
  it('`open: true` and `ask` in the same task as init: the panel is there at once, the question is sent and answered', async () => {
    const wp = await openPage({ autoInit: false, initOptions: { locale: 'en' } });
    await wp.page.waitForFunction(() => !!window.ServiceWidget && !!window.__swTest);
    const atOnce = await wp.page.evaluate((q) => {
      const w = window.__swTest.init({ open: true });
      w.ask(q, { send: true });
      // Still the task that called init: no idle callback, no timer has run.
      const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
      return {
        panel: root.querySelectorAll('[part~="panel"]').length,
        composer: root.querySelectorAll('[part~="composer-input"]').length,
      };
    }, QUESTION);
    expect(atOnce).toEqual({ panel: 1, composer: 1 });
    const reply = await wp.waitForReplies(1);
    expect(await reply.locator('strong').first().textContent()).toBe('42');
    expect(await chatBodies()).toEqual([{ message: QUESTION }]);
    const types = (await wp.events()).map((e) => e.type);
    expect(types[0]).toBe('ready');
    expect(types.filter((t) => t === 'open')).toHaveLength(1);
    expect(types.indexOf('open')).toBeLessThan(types.indexOf('message_sent'));
    expect(types).toContain('reply_done');
    expect(await wp.pageErrors()).toEqual([]);
  });

  it('the launcher pressed in the same task as init: the panel opens with focus in the composer, and sends', async () => {
    const wp = await openPage({ autoInit: false, initOptions: { locale: 'en' } });
    await wp.page.waitForFunction(() => !!window.ServiceWidget && !!window.__swTest);
    await wp.page.evaluate(() => {
      window.__swTest.init();
      const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
      (root.querySelector('[part~="launcher"]') as HTMLElement).click();
    });
    await wp.part('panel').waitFor();
    await expect.poll(() => focusedPart(wp), { timeout: WAIT }).toBe('composer-input');
    expect(await wp.part('launcher').getAttribute('aria-expanded')).toBe('true');
    await wp.send(QUESTION);
    await wp.waitForReplies(1);
    await wp.part('close-button').click();
    await wp.part('panel').waitFor({ state: 'detached' });
    await expect.poll(() => focusedPart(wp), { timeout: WAIT }).toBe('launcher');
    expect(await wp.pageErrors()).toEqual([]);
  });
});

describe('a panel prepared in idle time', () => {
  it('is hidden until opened; then it shows whole, takes focus, sends, and closes away', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.part('launcher').waitFor();
    // The model's idle step adopts chat.css (shell.css, chat.css, the accent sheet); the panel's tree
    // is the idle step queued after it: one more idle callback of the page's own runs after both.
    await expect
      .poll(
        () =>
          wp.page.evaluate(
            () => document.querySelector('[data-service-widget]')!.shadowRoot!.adoptedStyleSheets.length,
          ),
        { timeout: WAIT },
      )
      .toBe(3);
    await wp.page.evaluate(
      () =>
        new Promise<void>((done) => {
          if ('requestIdleCallback' in window) requestIdleCallback(() => done(), { timeout: 5000 });
          else setTimeout(done, 1);
        }),
    );
    expect(await wp.part('panel').count()).toBe(0);
    expect(await wp.tokenCalls()).toBe(0);
    expect(await apiRequests()).toEqual([]);
    // The warm tree waits in the page, laid out but hidden: not painted, not focusable, out of the
    // accessibility tree (aria-hidden), not clickable where the panel will be.
    const warm = await wp.page.evaluate(() => {
      const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
      const input = root.querySelector('[part~="composer-input"]') as HTMLElement;
      const hidden = input.closest('[aria-hidden]');
      input.focus();
      const { x, y, width, height } = input.getBoundingClientRect();
      const hit = document.elementFromPoint(x + width / 2, y + height / 2);
      return {
        laidOut: width > 0 && height > 20,
        visible: getComputedStyle(input).visibility,
        ariaHidden: hidden?.getAttribute('aria-hidden') === 'true',
        focused: root.activeElement === input,
        hitWidget: hit?.hasAttribute('data-service-widget') ?? false,
      };
    });
    expect(warm).toEqual({ laidOut: true, visible: 'hidden', ariaHidden: true, focused: false, hitWidget: false });
    // Nor reached by the keyboard: the hidden tree comes before the launcher, so Shift+Tab from it
    // would land there (WebKit keeps focus on the launcher; the others leave the widget).
    await wp.part('launcher').focus();
    await wp.page.keyboard.press('Shift+Tab');
    expect(['launcher', null]).toContain(await focusedPart(wp));

    await wp.openPanel();
    await expect.poll(() => focusedPart(wp), { timeout: WAIT }).toBe('composer-input');
    // The composer measured itself as the hidden tree was laid out: one line tall, not collapsed.
    const box = (await wp.part('composer-input').boundingBox())!;
    expect(box.height).toBeGreaterThan(20);
    expect(await wp.part('header').isVisible()).toBe(true);
    await wp.send(QUESTION);
    const reply = await wp.waitForReplies(1);
    expect(await reply.locator('strong').first().textContent()).toBe('42');
    await wp.part('close-button').click();
    await wp.part('panel').waitFor({ state: 'detached' });
    await wp.openPanel();
    expect(await wp.part('message').count()).toBe(2);
    expect(await wp.pageErrors()).toEqual([]);
  });
});

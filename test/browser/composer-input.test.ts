// The composer and the starter suggestions as a visitor presses them (docs/protocol.md, "DOM"), in
// Chromium, Firefox and WebKit: Send works in an iframe sandboxed without `allow-forms` (no form
// submission), a tap on a suggestion leaves the on-screen keyboard down while a mouse or a key
// goes on in the composer, and a question the service lists twice shows once.
import { describe, expect, it } from 'vitest';
import { apiRequests, openPage, PHONE, WAIT, type WidgetPage } from './engines';
import { writePage } from './helpers';

/** The part name (or tag) of the focused element, through open shadow roots and a same-origin iframe. */
const focused = (wp: WidgetPage) =>
  wp.page.evaluate(() => {
    let el: Element | null = document.activeElement;
    for (;;) {
      const inner: Element | null | undefined =
        el instanceof HTMLIFrameElement ? el.contentDocument?.activeElement : el?.shadowRoot?.activeElement;
      if (!inner) break;
      el = inner;
    }
    return el ? (el.getAttribute('part') ?? el.tagName.toLowerCase()) : null;
  });

const chatBodies = async () =>
  (await apiRequests()).filter((r) => r.path === '/api/v1/widget/chat').map((r) => r.body as { message: string });

describe('the composer in a sandboxed iframe without allow-forms', () => {
  for (const sandbox of ['allow-scripts allow-same-origin']) {
    it(`sandbox="${sandbox}": a click on Send sends; Enter sends, Shift+Enter breaks the line`, async () => {
      // The customer page is the iframe's document; the outer page only frames it, edge to edge, so
      // a point in the frame is the same point in the viewport.
      const sub = `visitor-frame-${process.pid}-${Date.now().toString(36)}`;
      const inner = writePage({ initOptions: { locale: 'en', open: true } }, undefined, { sub });
      const wp = await openPage({
        sub,
        autoInit: false,
        bodyHtml: `<iframe id="frame" sandbox="${sandbox}" src="${inner.url}"
          style="position:fixed;inset:0;width:100%;height:100%;border:0"></iframe>`,
      });
      /** The centre of a part inside the frame's widget (null while it is missing or disabled). */
      const box = (part: string) =>
        wp.page.evaluate((p) => {
          const frame = document.getElementById('frame') as HTMLIFrameElement;
          const host = frame.contentDocument?.querySelector('[data-service-widget]');
          const el = host?.shadowRoot?.querySelector<HTMLButtonElement>(`[part~="${p}"]`);
          if (!el || el.disabled) return null;
          const b = el.getBoundingClientRect();
          return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
        }, part);
      const pointOf = async (part: string) => {
        await expect.poll(() => box(part), { timeout: WAIT }).not.toBeNull();
        return (await box(part))!;
      };
      const replies = () =>
        wp.page.evaluate(() => {
          const frame = document.getElementById('frame') as HTMLIFrameElement;
          const host = frame.contentDocument?.querySelector('[data-service-widget]');
          const done = '[part~="message"][data-role="assistant"]:not([aria-busy="true"])';
          return host?.shadowRoot?.querySelectorAll(done).length ?? 0;
        });
      // The frame really is sandboxed, without `allow-forms`.
      expect(await wp.page.evaluate(() => document.getElementById('frame')!.getAttribute('sandbox'))).toBe(sandbox);

      const input = await pointOf('composer-input');
      await wp.page.mouse.click(input.x, input.y);
      await expect.poll(() => focused(wp), { timeout: WAIT }).toBe('composer-input');
      await wp.page.keyboard.type('Hello from a frame');
      const send = await pointOf('send-button');
      await wp.page.mouse.click(send.x, send.y);
      await expect.poll(chatBodies, { timeout: WAIT }).toEqual([{ message: 'Hello from a frame' }]);
      await expect.poll(replies, { timeout: WAIT }).toBe(1);

      // Enter still sends; Shift+Enter only breaks the line.
      await wp.page.mouse.click(input.x, input.y);
      await wp.page.keyboard.type('First line');
      await wp.page.keyboard.press('Shift+Enter');
      await wp.page.keyboard.type('second line');
      await pointOf('send-button');
      expect((await chatBodies()).length).toBe(1);
      await wp.page.keyboard.press('Enter');
      await expect
        .poll(() => chatBodies().then((b) => b[1]), { timeout: WAIT })
        .toMatchObject({
          message: 'First line\nsecond line',
        });
      await expect.poll(replies, { timeout: WAIT }).toBe(2);
      const blocked = (await wp.consoleMessages()).filter((m) => /form submission/i.test(m.text));
      expect(blocked).toEqual([]);
    });
  }
});

describe('pressing a starter suggestion', () => {
  it('a tap sends it and leaves the keyboard down: focus goes to the panel, not the composer', async () => {
    const wp = await openPage({ viewport: PHONE, initOptions: { locale: 'en' } });
    await wp.openPanel();
    const first = wp.part('suggestion').first();
    await first.waitFor();
    const text = await first.textContent();
    // A finger: pointer events with pointerType "touch", then the click a tap ends with (the drivers
    // here send mouse input only).
    await first.evaluate((el) => {
      const init = { bubbles: true, composed: true, isPrimary: true, pointerType: 'touch', pointerId: 7 };
      el.dispatchEvent(new PointerEvent('pointerdown', init));
      el.dispatchEvent(new PointerEvent('pointerup', init));
      el.click();
    });
    await expect.poll(chatBodies, { timeout: WAIT }).toEqual([{ message: text }]);
    expect(await focused(wp)).toBe('panel');
    await wp.waitForReplies(1);
    expect(await focused(wp)).not.toBe('composer-input');
  });

  it('a mouse click or the keyboard goes on in the composer', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.part('suggestion').first().click();
    await expect.poll(() => focused(wp), { timeout: WAIT }).toBe('composer-input');
    await wp.waitForReplies(1);

    await wp.part('new-conversation-button').click();
    const second = wp.part('suggestion').nth(1);
    await second.waitFor();
    const text = await second.textContent();
    await second.focus();
    await wp.page.keyboard.press('Enter');
    await expect.poll(() => chatBodies().then((b) => b[1]), { timeout: WAIT }).toMatchObject({ message: text });
    await expect.poll(() => focused(wp), { timeout: WAIT }).toBe('composer-input');
  });

  it('a question listed twice (or differing only in case and spacing) shows once and pushes out no other', async () => {
    const wp = await openPage({
      initOptions: { locale: 'en' },
      settings: {
        suggestions: [
          'Top customers?',
          'Top customers?',
          '  top   CUSTOMERS? ',
          'Revenue by region',
          'revenue by region',
          'Orders this month',
          'Refunds last week',
          'A fifth question',
        ],
      },
    });
    await wp.openPanel();
    await expect
      .poll(() => wp.part('suggestion').allTextContents(), { timeout: WAIT })
      .toEqual(['Top customers?', 'Revenue by region', 'Orders this month', 'Refunds last week']);
  });
});

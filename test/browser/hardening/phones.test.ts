// docs/hardening.md, "4. Phones".
// Phones (390×844 and 360×640, touch + mobile emulation). With a long page scrolled
// part way, the visitor opens the panel, has a conversation, focuses the composer, and the
// on-screen keyboard appears: simulated by shrinking the viewport to about half its height (what
// a layout-viewport resize does, as with `interactive-widget=resizes-content` or older Android;
// iOS Safari and Chrome ≥ 108's default resize only the visual viewport, which no headless
// emulation reproduces). The composer stays inside the viewport, its text is ≥ 16 px (no
// zoom-on-focus), and scrolling gestures over the message list at its end (wheel and touch) do
// not scroll the page behind. Screenshots: artifacts/screenshots/hardening/phone-*.png.
import type { CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, type WidgetPage } from '../helpers';
import {
  converse,
  expectInputsAtLeast16px,
  keyboardUp,
  listFromEnd,
  LONG_PAGE,
  openPanelFillsViewport,
  PAGE_SCROLL,
  scrollPageDown,
  scrollY,
  wheelAtListEnd,
} from '../phone-checks';
import { passTime } from '../pass-time';
import { figure, partBox, shot, useReport } from './lib';

useReport('4. phones', import.meta.url);

/**
 * A finger drag through CDP touch events (touchStart, 10 moves, touchEnd), as a phone delivers it.
 * Negative `yDistance` = finger moves up = content scrolls down. (`Input.synthesizeScrollGesture`
 * with `gestureSourceType: 'touch'` does nothing in headless Chromium, hence the raw events.)
 */
async function swipe(cdp: CDPSession, x: number, y: number, yDistance: number): Promise<void> {
  const at = (dy: number) => [{ x: Math.round(x), y: Math.round(y + dy) }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 10; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at((yDistance * i) / 10) });
  // The finger rests before lifting: no fling (momentum scrolling would go on after the gesture
  // and swallow the next tap). Part of the gesture, not a wait for a result.
  const rest = () => new Promise((resolve) => setTimeout(resolve, 150));
  await rest();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(yDistance) });
  await rest();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A long customer page on a phone, with the widget floating (light theme, English). */
const openPhonePage = (viewport: { width: number; height: number }): Promise<WidgetPage> =>
  openPage({
    viewport,
    bodyHtml: LONG_PAGE,
    initOptions: { locale: 'en', theme: 'light' },
    beforeLoad: async (page) => {
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    },
  });

for (const vp of [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
]) {
  describe(`phone ${vp.width}×${vp.height}`, () => {
    it(`${vp.width}×${vp.height}: the composer stays visible with the on-screen keyboard, inputs ≥ 16 px, the page behind does not scroll`, async () => {
      const wp = await openPhonePage(vp);
      const name = `phone-${vp.width}x${vp.height}`;
      await scrollPageDown(wp);

      // Sanity: the touch gesture used below does scroll this page when nothing is in the way.
      const cdp = await wp.context.newCDPSession(wp.page);
      await swipe(cdp, vp.width / 2, vp.height / 2, -200);
      await expect.poll(() => scrollY(wp)).toBeGreaterThan(PAGE_SCROLL);
      await scrollPageDown(wp);

      await openPanelFillsViewport(wp, vp, { scrollbar: 0 });
      await converse(wp);
      await shot(wp.page, `${name}-open`);
      const fontSizes = await expectInputsAtLeast16px(wp);

      const { small, composer, list } = await keyboardUp(wp, vp);
      figure(`message list ${await listFromEnd(wp)} px from its end after the keyboard came up`);
      await shot(wp.page, `${name}-keyboard`);
      figure(
        `keyboard up (${small.width}×${small.height}): composer ${composer.y}–${composer.y + composer.height}, message list ${list.height}px tall; input font ${fontSizes.join('/')}px`,
      );

      // Scroll gestures over the message list once it is at its end: the page must not move.
      const wheel = async (x: number, y: number, dy: number) => {
        await wp.page.mouse.move(x, y);
        await wp.page.mouse.wheel(0, dy);
      };
      const center = await wheelAtListEnd(wp, list, wheel, { pageChecked: true });

      await swipe(cdp, center.x, center.y, -400); // finger up = content scrolls down, past the end
      await passTime(wp.page, 300);
      expect(await scrollY(wp), 'page scrolled by a swipe over the message list').toBe(PAGE_SCROLL);
      // And at the top: scrolling up past the start does not scroll the page either.
      await wp.part('message-list').evaluate((el) => (el.scrollTop = 0));
      await swipe(cdp, center.x, center.y, 400);
      await wp.page.mouse.wheel(0, -600);
      await passTime(wp.page, 300);
      expect(await scrollY(wp), 'page scrolled by gestures at the top of the list').toBe(PAGE_SCROLL);

      figure(
        `page scrollY after wheel and swipes over the message list (at its end and at its top): ${await scrollY(wp)} (unchanged)`,
      );
      await cdp.detach();
    });
  });
}

// Fixed bug, kept as a regression test (src/styles/shell.css, phone layout of `.floating .panel`): the full-screen panel only stops
// scroll chaining in the message list (`overscroll-behavior: contain` on `.messages`). A swipe or a
// wheel over the header or the composer (not scroll containers) scrolls the page behind the panel
// (390×844: scrollY 700 → ~1000 after one swipe over the header), so the page has moved when the
// visitor closes the panel. Verified fix: `.floating .panel { overscroll-behavior: contain; }`
// (the panel is already `overflow: hidden`, so it is a scroll container that ends the chain);
// with it, swipes and wheel over the header and the composer leave scrollY unchanged.
describe('phone 390×844: the rest of the panel', () => {
  it('gestures over the header and the composer do not scroll the page behind', async () => {
    const vp = { width: 390, height: 844 };
    const wp = await openPhonePage(vp);
    await scrollPageDown(wp);
    await wp.part('launcher').tap();
    await wp.part('composer-input').waitFor();
    const cdp = await wp.context.newCDPSession(wp.page);
    const header = await partBox(wp, 'header');
    const composer = await partBox(wp, 'composer');
    const moved: string[] = [];
    /** After a gesture has had time to scroll anything: the page behind has not moved. */
    const stayed = async (gesture: string) => {
      await passTime(wp.page, 300);
      expect.soft(await scrollY(wp), gesture).toBe(PAGE_SCROLL);
      moved.push(`${gesture} → ${await scrollY(wp)}`);
    };
    await swipe(cdp, header.x + 60, header.y + header.height / 2, -300);
    await stayed('swipe over the header');
    await swipe(cdp, composer.x + 60, composer.y + composer.height / 2, -300);
    await stayed('swipe over the composer');
    await wp.page.mouse.move(header.x + 60, header.y + header.height / 2);
    await wp.page.mouse.wheel(0, 300);
    await stayed('wheel over the header');
    await cdp.detach();
    figure(`page scrollY from ${PAGE_SCROLL}: ${moved.join(', ')}`);
  });
});

// Fixed bug, kept as a regression test (src/ui/MessageList.tsx): the list follows new content only on DOM mutations
// (MutationObserver). When the on-screen keyboard shrinks the viewport, the list gets shorter but
// keeps its scrollTop, so the newest lines of the conversation slide under the composer exactly
// when the visitor is about to answer them (390×844: the list ends up 300–420 px, about the keyboard's
// height, from its end). Suggested fix: a ResizeObserver on the list that, while `pinned`, sets
// `scrollTop = scrollHeight` after a resize (and disconnects with the MutationObserver).
describe('phone 390×844: the conversation when the keyboard comes up', () => {
  it('the end of the conversation stays in view', async () => {
    const vp = { width: 390, height: 844 };
    const wp = await openPage({
      viewport: vp,
      initOptions: { locale: 'en', theme: 'light' },
      beforeLoad: async (page) => {
        await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
      },
    });
    await wp.part('launcher').tap();
    await wp.send('How many orders did we get last week?');
    await wp.waitForReplies(1);
    expect(await listFromEnd(wp)).toBeLessThanOrEqual(2);
    await wp.part('composer-input').tap();
    await wp.page.setViewportSize({ width: vp.width, height: Math.round(vp.height / 2) });
    await wp.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const after = await listFromEnd(wp);
    figure(`message list ${after} px from its end after the keyboard came up`);
    expect(after).toBeLessThanOrEqual(48);
  });
});

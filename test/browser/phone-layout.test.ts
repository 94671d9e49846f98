// Runs in Chromium, Firefox and WebKit (test/browser/engines). Phones (390×844, 360×640): the
// open panel covers the viewport, every text input uses ≥ 16 px (no zoom on focus in iOS Safari),
// and when the on-screen keyboard shrinks the viewport (a layout-viewport resize) the composer
// stays in view with the end of the conversation above it; the wheel over the message list at its
// end does not scroll the page behind. The touch-swipe cases (CDP touch events) are in
// hardening/phones.test.ts, Chromium only.
import { describe, expect, it } from 'vitest';
import { openPage, skipIn, type WidgetPage } from './engines';
import {
  converse,
  expectInputsAtLeast16px,
  keyboardUp,
  LONG_PAGE,
  openPanelFillsViewport,
  scrollPageDown,
  wheelAtListEnd,
  type Viewport,
} from './phone-checks';

/** The long page scrolled part way, the panel open over it, a conversation, the keyboard up. */
async function withKeyboardUp(
  vp: Viewport,
  shots: boolean,
): Promise<{ wp: WidgetPage; list: Awaited<ReturnType<typeof keyboardUp>>['list'] }> {
  const wp = await openPage({ viewport: vp, bodyHtml: LONG_PAGE, initOptions: { locale: 'en', theme: 'light' } });
  expect(await wp.page.evaluate(() => [innerWidth, innerHeight])).toEqual([vp.width, vp.height]);
  await scrollPageDown(wp);
  // The layout viewport: Firefox on a desktop keeps a classic scrollbar beside it (phones overlay theirs).
  await openPanelFillsViewport(wp, vp, { scrollbar: 16 });
  await converse(wp);
  if (shots) await wp.picture(`phone-${vp.width}x${vp.height}-open`);
  await expectInputsAtLeast16px(wp);
  const { list } = await keyboardUp(wp, vp);
  if (shots) await wp.picture(`phone-${vp.width}x${vp.height}-keyboard`);
  return { wp, list };
}

for (const vp of [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
]) {
  describe(`phone ${vp.width}×${vp.height}`, () => {
    it('the panel covers the viewport; inputs ≥ 16 px; with the keyboard up the composer and the end of the conversation stay in view; the wheel at the list end leaves the list there', async () => {
      const { wp, list } = await withKeyboardUp(vp, true);
      await wheelAtListEnd(wp, list, (x, y, dy) => wp.page.mouse.wheel(x, y, 0, dy), { pageChecked: false });
    });

    // docs/testing.md, "What runs where": the wheel WebDriver BiDi synthesizes in Firefox ignores
    // overscroll-behavior even on a plain page, while a real wheel (X events, headful Firefox)
    // stays in the list.
    it('the wheel over the message list at its end leaves the page behind alone (not in Firefox: its WebDriver wheel scrolls past overscroll-behavior)', async (ctx) => {
      skipIn(ctx, ['firefox'], "WebDriver BiDi's synthesized wheel scrolls the page past overscroll-behavior: contain");
      const { wp, list } = await withKeyboardUp(vp, false);
      await wheelAtListEnd(wp, list, (x, y, dy) => wp.page.mouse.wheel(x, y, 0, dy), { pageChecked: true });
    });
  });
}

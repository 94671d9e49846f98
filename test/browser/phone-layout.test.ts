// Runs in Chromium, Firefox and WebKit (test/browser/engines). Phones (390×844, 360×640): the
// open panel covers the viewport, every text input uses ≥ 16 px (no zoom on focus in iOS Safari),
// and when the on-screen keyboard shrinks the viewport (a layout-viewport resize) the composer
// stays in view with the end of the conversation above it; the wheel over the message list at its
// end does not scroll the page behind. The touch-swipe cases (CDP touch events) are in
// hardening/phones.test.ts, Chromium only.
import { describe, expect, it } from 'vitest';
import { ENGINE, openPage } from './engines';
import { converse, expectInputsAtLeast16px, keyboardUp, LONG_PAGE, openPanelFillsViewport, scrollPageDown, wheelAtListEnd } from './phone-checks';

for (const vp of [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
]) {
  describe(`phone ${vp.width}×${vp.height}`, () => {
    it('the panel covers the viewport; inputs ≥ 16 px; with the keyboard up the composer and the end of the conversation stay in view; the wheel at the list end leaves the page alone', async () => {
      const wp = await openPage({ viewport: vp, bodyHtml: LONG_PAGE, initOptions: { locale: 'en', theme: 'light' } });
      expect(await wp.page.evaluate(() => [innerWidth, innerHeight])).toEqual([vp.width, vp.height]);
      await scrollPageDown(wp);

      // The layout viewport: Firefox on a desktop keeps a classic scrollbar beside it (phones overlay theirs).
      await openPanelFillsViewport(wp, vp, { scrollbar: 16 });
      await converse(wp);
      await wp.screenshot(`phone-${vp.width}x${vp.height}-open`);
      await expectInputsAtLeast16px(wp);

      const { list } = await keyboardUp(wp, vp);
      await wp.screenshot(`phone-${vp.width}x${vp.height}-keyboard`);

      // The wheel over the message list at its end scrolls neither the list nor the page. The page
      // not in Firefox (docs/testing.md): the wheel WebDriver BiDi synthesizes there ignores
      // overscroll-behavior even on a plain page, while a real wheel (X events, headful Firefox)
      // stays in the list.
      await wheelAtListEnd(wp, list, (x, y, dy) => wp.page.mouse.wheel(x, y, 0, dy), { pageChecked: ENGINE !== 'firefox' });
    });
  });
}

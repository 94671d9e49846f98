// The harness's promise (test/browser/engines): every test's page starts in a clean tab, whatever
// the test before it left running. WebKit runs all its tests in one window, on one origin, where
// sessionStorage outlives a page. A widget still streaming when its test ended could save its
// state (src/state/continuity.ts) after the harness had cleared the storage, and the next test's
// widget then reopened that conversation. In CI on 27 Nov 2026 a suggestions test waited 15 s for
// its suggestions and passed only on its second try. Runs in every engine, in this order.
import { describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_ID, openPage, WAIT } from './engines';

const KEY = `service-widget:${DEMO_PUBLIC_ID}`;

describe('a test that ends while its page still writes', () => {
  it('leaves a page that saves a kept conversation every millisecond', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.part('launcher').waitFor();
    // What a widget streaming a reply does at each change of its state, as often as it can.
    await wp.page.evaluate((key) => {
      setInterval(() => sessionStorage.setItem(key, '1conv_left_behind'), 1);
    }, KEY);
    await expect.poll(() => wp.page.evaluate((key) => sessionStorage.getItem(key), KEY)).toBe('1conv_left_behind');
  });

  it('the next page has none of it: nothing kept, the panel closed, the starter suggestions once opened', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.part('launcher').waitFor();
    expect(await wp.page.evaluate((key) => sessionStorage.getItem(key), KEY)).toBeNull();
    expect(await wp.part('panel').count()).toBe(0);
    await wp.openPanel();
    await expect.poll(() => wp.part('suggestion').count(), { timeout: WAIT }).toBeGreaterThan(0);
    expect(await wp.part('message').count()).toBe(0);
  });
});

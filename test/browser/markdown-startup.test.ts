// A page view that never opens the chat pays nothing for markdown. marked builds
// about fifty rule regexes (`new RegExp`) when its module body runs, and DOMPurify creates its
// Trusted Types policy when its instance is created: both must wait for the first reply.
// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { describe, expect, it } from 'vitest';
import { openPage, type WidgetPage } from './engines';

/** `RegExp` calls (fixtures/count-regexps.js) and Trusted Types policies (fixtures/early.js) since the page began. */
const counters = async (wp: WidgetPage) => ({
  regexps: await wp.page.evaluate(() => (window as unknown as { __md: { regexps: number } }).__md.regexps),
  policies: await wp.policies(),
});

describe('start-up cost', () => {
  it('loading widget.js and showing the launcher builds no markdown rules and no sanitizer; the first reply does', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' }, earlyFixtures: ['count-regexps.js'] });
    await wp.part('launcher').waitFor();
    const atLoad = await counters(wp);
    expect(atLoad.policies).not.toContain('dompurify');
    // marked builds dozens of rules as its module runs (src/markdown/engine.ts loads it on the
    // first reply); a handful may come from elsewhere on the load path.
    expect(atLoad.regexps).toBeLessThan(10);

    await wp.openPanel();
    await wp.send('How many orders did we get last week?');
    const reply = await wp.waitForReplies(1);
    expect(await reply.locator('strong').first().textContent()).toBe('42');
    const afterReply = await counters(wp);
    // The counters do see the work once it is needed (so the check above can fail).
    expect(afterReply.regexps - atLoad.regexps).toBeGreaterThan(30);
    expect(afterReply.policies).toContain('dompurify');
  });
});

// Issue 10 point 8: a page view that never opens the chat pays nothing for markdown. marked builds
// about a hundred rule regexes (`new RegExp`) when its module body runs, and DOMPurify creates its
// Trusted Types policy when its instance is created: both must wait for the first reply.
import { afterAll, describe, expect, it } from 'vitest';
import { disconnectBrowser, openPage } from './helpers';

afterAll(disconnectBrowser);

/** Counts `RegExp` constructor calls and Trusted Types policies from the first moment of the page. */
const COUNTERS = () => {
  const w = window as unknown as { __md: { regexps: number; policies: string[] } };
  w.__md = { regexps: 0, policies: [] };
  const Native = RegExp;
  window.RegExp = new Proxy(Native, {
    construct(target, args, newTarget) {
      w.__md.regexps++;
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, self, args) {
      w.__md.regexps++;
      return Reflect.apply(target, self, args);
    },
  });
  const tt = (window as unknown as { trustedTypes?: { createPolicy: (name: string, rules: unknown) => unknown } }).trustedTypes;
  if (tt) {
    const create = tt.createPolicy.bind(tt);
    tt.createPolicy = (name, rules) => (w.__md.policies.push(name), create(name, rules));
  }
};

const counters = (wp: Awaited<ReturnType<typeof openPage>>) =>
  wp.page.evaluate(() => (window as unknown as { __md: { regexps: number; policies: string[] } }).__md);

describe('start-up cost', () => {
  it('loading widget.js and showing the launcher builds no markdown rules and no sanitizer; the first reply does', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' }, beforeLoad: async (page) => void (await page.addInitScript(COUNTERS)) });
    await wp.part('launcher').waitFor();
    const atLoad = await counters(wp);
    expect(atLoad.policies).not.toContain('dompurify');
    // marked's rules alone are ~100; a handful may come from elsewhere on the load path.
    expect(atLoad.regexps).toBeLessThan(10);

    await wp.openPanel();
    await wp.send('How many orders did we get last week?');
    const reply = await wp.waitForReplies(1);
    expect(await reply.locator('strong').first().textContent()).toBe('42');
    const afterReply = await counters(wp);
    // The counters do see the work once it is needed (so the check above can fail).
    expect(afterReply.regexps - atLoad.regexps).toBeGreaterThan(50);
    expect(afterReply.policies).toContain('dompurify');
  });
});

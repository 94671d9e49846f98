// The harness's promise (test/browser/engines): every test's page starts in a clean tab, whatever
// the test before it left running or stored. Every engine hands one tab from test to test
// (engines/kept-tab.ts; WebKit its one window), where sessionStorage outlives a page. A widget still streaming when its test ended could save its
// state (src/state/continuity.ts) after the harness had cleared the storage, and the next test's
// widget then reopened that conversation. In CI on 27 Nov 2026 a suggestions test waited 15 s for
// its suggestions and passed only on its second try. Runs in every engine, in this order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_ID, openPage, WAIT } from './engines';
import { startFaultServer, type FaultServer } from './fault-server';

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

// Storage belongs to an origin, cookies to a host (every port of 127.0.0.1). Most tests' pages
// have an origin of their own, but a file's own server (here, as in hardening/faults.test.ts)
// serves all its tests on one, and the system may hand a port out again.
describe('what a test stores on its origin and host', () => {
  let shared: FaultServer;
  beforeAll(async () => {
    shared = await startFaultServer();
  });
  afterAll(async () => {
    await shared?.close();
  });
  const stored = (wp: Awaited<ReturnType<typeof openPage>>) =>
    wp.page.evaluate(() => ({
      local: localStorage.getItem('left-behind'),
      session: sessionStorage.getItem('left-behind'),
      cookie: document.cookie,
    }));

  it('leaves local and session storage and a cookie', async () => {
    const wp = await openPage({ pageOrigin: shared.url, initOptions: { baseUrl: shared.url, locale: 'en' } });
    await wp.page.evaluate(() => {
      localStorage.setItem('left-behind', '1');
      sessionStorage.setItem('left-behind', '1');
      document.cookie = 'left-behind=1; path=/; max-age=3600';
    });
    expect(await stored(wp)).toEqual({ local: '1', session: '1', cookie: 'left-behind=1' });
  });

  it('the next test on another port of that host gets no cookie', async () => {
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.part('launcher').waitFor();
    expect(await stored(wp)).toEqual({ local: null, session: null, cookie: '' });
  });

  it('the next test on that same origin finds none of it', async () => {
    const wp = await openPage({ pageOrigin: shared.url, initOptions: { baseUrl: shared.url, locale: 'en' } });
    await wp.part('launcher').waitFor();
    expect(await stored(wp)).toEqual({ local: null, session: null, cookie: '' });
  });
});

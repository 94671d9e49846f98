// Deployment mistakes named to the page's developer (issue #38, docs/troubleshooting.md): for each
// cause the browser lets the page see, this test's own mock answers as the misconfigured deployment
// (mock/faults.ts, `POST /__mock/fault`), and the widget says it in ONE console.error line naming
// the troubleshooting entry, tells the visitor the site is not set up (not that the service or their
// network failed), and gives the `error` event its `cause`. A healthy deployment logs no such line.
// CORS and the page's CSP need the service on another origin than the page: the page is served from
// 127.0.0.1, the widget's baseUrl is the same server as `localhost`. docs/testing.md, "Deployment
// signals per engine", says which engine exposes what.
import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../mock/faults';
import type { InitOptions } from '../../src/types';
import { en } from '../helpers/en';
import { itInChromium, nextTimer, openPage, serverUrl, WAIT, type WidgetPage } from './engines';

/** Switches this test's own mock service to a deployment fault (mock/faults.ts); the mock's reset keeps it. */
async function mockFault(name: FaultName): Promise<void> {
  const res = await fetch(`${serverUrl()}/__mock/fault`, { method: 'POST', body: JSON.stringify({ name }) });
  if (!res.ok) throw new Error(`mock fault ${name} answered ${res.status}: ${await res.text()}`);
}

/** The same service as another origin than the page's (localhost vs 127.0.0.1): CORS applies. */
const otherOrigin = () => serverUrl().replace('127.0.0.1', 'localhost');

/** What the visitor is told for a page or deployment setting (i18n pageSetup, en). */
const PAGE_SETUP = 'The chat is not set up correctly on this site yet. Please let the site’s team know.';

/** The widget's console.error lines that name a troubleshooting entry. */
async function deploymentLines(wp: WidgetPage): Promise<string[]> {
  return (await wp.consoleMessages())
    .filter((m) => m.type === 'error' && /^ServiceWidget: .*troubleshooting\.md#/.test(m.text))
    .map((m) => m.text);
}

/** Waits for the one line naming `anchor`, then checks that it is the only one. */
async function expectOneLine(wp: WidgetPage, anchor: string, says: RegExp): Promise<void> {
  await expect.poll(() => deploymentLines(wp), { timeout: WAIT }).not.toEqual([]);
  const lines = await deploymentLines(wp);
  expect(lines).toEqual([expect.stringMatching(says)]);
  expect(lines[0]).toContain(`(README, Troubleshooting: docs/troubleshooting.md#${anchor}).`);
}

/**
 * The page's clock (fixtures/test-clock.js), for the pages whose request fails: the widget retries
 * a request that got no answer three times, and the last back-off (1–2 s) moves when the test
 * says, not in real seconds (the first two are under a second: real).
 */
const CLOCK = ['test-clock.js'];

/** The visitor's notice that the site is not set up, and the `error` event's cause (the page runs CLOCK). */
async function expectSetupNotice(wp: WidgetPage, cause: string): Promise<void> {
  const notice = wp.host.locator('[part~="notice"][data-kind="error"]');
  await expect
    // allTextContents, not textContent: the latter waits for the notice, which comes only once the clock moves.
    .poll(async () => (await nextTimer(wp, 2_000), (await notice.allTextContents()).join(' ')), { timeout: WAIT })
    .toContain(PAGE_SETUP);
  await expect
    .poll(async () => (await wp.events()).filter((e) => e.type === 'error').map((e) => e.type === 'error' && e.cause))
    .toContain(cause);
  const text = (await wp.host.locator('[part~="notice"]').allTextContents()).join(' ');
  expect(text).not.toMatch(/not responding|can’t connect|offline/i);
}

/**
 * A reply streamed at a model's pace: frame by frame, over several reads. (The test server's default
 * writes a frame every millisecond, a whole reply within a few tens of ms; on a loaded machine the
 * page may read it in one or two reads with its first byte a second late, which is what a buffering
 * proxy looks like to the page.) The answer's 60 frames, 20 ms apart, take 1.2 s: a page
 * would have to miss them for over half a second twice to read them in fewer than three reads.
 */
const STREAMED = { chunkDelayMs: 20 };

describe('deployment faults: one console line, the visitor told the site is not set up', () => {
  it('a healthy deployment on another origin logs no line and shows no notice', async () => {
    const wp = await openPage({ settings: STREAMED, initOptions: { locale: 'en', baseUrl: otherOrigin() } });
    await wp.openPanel();
    await wp.send('How many orders?');
    await wp.waitForReplies(1);
    expect(await deploymentLines(wp)).toEqual([]);
    expect(await wp.part('notice').count()).toBe(0);
    expect((await wp.events()).filter((e) => e.type === 'error')).toEqual([]);
  });

  it('CORS, the origin refused: the line names Access-Control-Allow-Origin (#cors-origin)', async () => {
    await mockFault('cors-origin');
    const wp = await openPage({ earlyFixtures: CLOCK, initOptions: { locale: 'en', baseUrl: otherOrigin() } });
    await wp.openPanel();
    await wp.send('How many orders?');
    await expectSetupNotice(wp, 'cors');
    await expectOneLine(wp, 'cors-origin', /refused this page's origin http:\/\/127\.0\.0\.1:\d+ \(CORS\)/);
  });

  it('CORS, a request header refused: the line names Access-Control-Allow-Headers (#cors-header)', async () => {
    await mockFault('cors-header');
    const wp = await openPage({ earlyFixtures: CLOCK, initOptions: { locale: 'en', baseUrl: otherOrigin() } });
    await wp.openPanel();
    await wp.send('How many orders?');
    await expectSetupNotice(wp, 'cors');
    await expectOneLine(wp, 'cors-header', /Access-Control-Allow-Headers/);
  });

  it("the page's CSP leaves the service out of connect-src (#csp)", async () => {
    const wp = await openPage({
      csp: "default-src 'self'; connect-src 'self'",
      earlyFixtures: CLOCK,
      initOptions: { locale: 'en', baseUrl: otherOrigin() },
    });
    await wp.openPanel();
    await wp.send('How many orders?');
    await expectSetupNotice(wp, 'csp');
    await expectOneLine(wp, 'csp', /Content-Security-Policy blocks http:\/\/localhost:\d+: add it to connect-src/);
  });

  /** Presses the microphone on a page whose CSP blocks part of voice: its notice, the cause `csp`, the one line. */
  async function pressMicUnderCsp(csp: string, initOptions: Partial<InitOptions>, notice: string): Promise<WidgetPage> {
    const wp = await openPage({
      csp,
      earlyFixtures: ['fake-microphone.js'],
      initOptions: { locale: 'en', voice: true, ...initOptions },
    });
    await wp.openPanel();
    // /config has answered (its title shows): voice is configured.
    await expect.poll(() => wp.part('header').textContent(), { timeout: WAIT }).toContain('Data assistant');
    await wp.part('mic-button').click();
    const shown = wp.host.locator('[part~="notice"][data-kind="voice"]');
    await expect.poll(() => shown.first().textContent(), { timeout: WAIT }).toContain(notice);
    await expect
      .poll(async () => (await wp.events()).filter((e) => e.type === 'error').map((e) => e.type === 'error' && e.cause))
      .toEqual(['csp']);
    return wp;
  }

  it("the page's CSP leaves the voice runtime's host out of script-src (#csp-script)", async () => {
    const runtime = `${otherOrigin()}/dist/widget-voice.js`;
    const wp = await pressMicUnderCsp("default-src 'self'", { voiceRuntimeUrl: runtime }, en.voiceFailed);
    await expectOneLine(
      wp,
      'csp-script',
      /Content-Security-Policy blocks http:\/\/localhost:\d+\/dist\/widget-voice\.js: add http:\/\/localhost:\d+ to script-src/,
    );
    expect(await wp.page.evaluate(() => (window as { __swMicCalls?: number }).__swMicCalls)).toBe(0);
  });

  it("the page's CSP leaves the voice socket's host out of connect-src (#csp-voice)", async () => {
    const service = otherOrigin();
    // The service's http: origin is allowed; its ws: one, the voice socket's, is not.
    const wp = await pressMicUnderCsp(
      `default-src 'self'; connect-src 'self' ${service}`,
      { baseUrl: service },
      en.voiceDropped,
    );
    await expectOneLine(
      wp,
      'csp-voice',
      /Content-Security-Policy blocks the voice socket at ws:\/\/localhost:\d+: add it to connect-src/,
    );
  });

  it('X-Conversation-Id not exposed: the reply shows, the line names Access-Control-Expose-Headers (#cors-expose)', async () => {
    await mockFault('no-expose');
    const wp = await openPage({ settings: STREAMED, initOptions: { locale: 'en', baseUrl: otherOrigin() } });
    await wp.openPanel();
    await wp.send('How many orders?');
    await wp.waitForReplies(1);
    await expectOneLine(wp, 'cors-expose', /does not expose X-Conversation-Id/);
    expect(await wp.part('notice').count()).toBe(0);
  });

  // The doctor's reading of what reached it (a content type, a token's claims) is the widget's
  // own code: Chromium only (docs/testing.md, "Cases that run in Chromium only").
  itInChromium('POST /chat answered as application/json (#content-type)', async () => {
    await mockFault('json-content-type');
    const wp = await openPage({ earlyFixtures: CLOCK, initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('How many orders?');
    await expectSetupNotice(wp, 'content-type');
    await expectOneLine(wp, 'content-type', /POST \/chat with Content-Type application\/json/);
  });

  it('a buffering proxy: the reply shows all at once, the line names the buffering (#buffered)', async () => {
    await mockFault('buffered');
    const wp = await openPage({ initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('How many orders?');
    await wp.waitForReplies(1);
    await expectOneLine(wp, 'buffered', /arrived all at once/);
    expect(await wp.part('notice').count()).toBe(0);
  });

  /** getAuthToken from the faulty backend's token endpoint (mock/faults.ts signs its token). */
  async function openWithFaultyTokens(fault: 'token-clock' | 'token-lifetime'): Promise<WidgetPage> {
    await mockFault(fault);
    const wp = await openPage({ token: 'none', autoInit: false, earlyFixtures: CLOCK, initOptions: { locale: 'en' } });
    await wp.page.evaluate(() => {
      window.__swTest.init({
        getAuthToken: () =>
          fetch('/__mock/token', { method: 'POST', body: JSON.stringify({ sub: 'faulty-backend-visitor' }) })
            .then((r) => r.json() as Promise<{ token: string }>)
            .then((j) => j.token),
      });
    });
    await wp.openPanel();
    return wp;
  }

  itInChromium("the token backend's clock is ahead: iat in the future (#token-clock)", async () => {
    const wp = await openWithFaultyTokens('token-clock');
    await expectSetupNotice(wp, 'token-clock');
    await expectOneLine(wp, 'token-clock', /the token's iat is 3\d{3} s ahead of this page's clock/);
  });

  itInChromium('the token backend signs 48-hour tokens (#token-lifetime)', async () => {
    const wp = await openWithFaultyTokens('token-lifetime');
    await expectSetupNotice(wp, 'token-lifetime');
    await expectOneLine(wp, 'token-lifetime', /the token lives 48 h; the service allows 24/);
  });
});

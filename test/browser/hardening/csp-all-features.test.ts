// docs/hardening.md, "2. Strict CSP + Trusted Types, every feature".
// The whole feature set (chat, history, confirmation, voice with the fake microphone,
// the connected-accounts portal and its blocked-popup fallback) under the CSP exactly as the
// README's "Content Security Policy and Trusted Types" and "Voice" sections list it, sent as a
// real header, plus `default-src 'none'` so that anything the README forgot would be blocked and
// reported. Zero `securitypolicyviolation` events. A second test removes one directive at a time
// to see whether each README entry is needed. Runs in Chromium, Firefox and WebKit (test/browser/engines);
// the microphone is fixtures/fake-microphone.js (a Web Audio tone from getUserMedia).
import { describe, expect, it } from 'vitest';
import {
  mockControl,
  openPage,
  problems,
  serverUrl,
  ENGINE,
  passTime,
  speakTurn,
  WAIT,
  type EnginePageOptions,
  type WidgetPage,
} from '../engines';
import { figure, useReport } from './lib';

useReport('2. strict CSP + Trusted Types, every feature', import.meta.url);

/**
 * The README's lines with this test's hosts: widget host = service host = voice host = the mock
 * (the test page's own scripts, config.js and harness.js, come from that host too, so the
 * `script-src` entry covers them: nothing is added for the page).
 */
function readmeCsp(opts: { trustedTypes?: string; voiceHost?: boolean; defaultNone?: boolean } = {}): string {
  const origin = serverUrl(); // http://127.0.0.1:<port>
  const ws = origin.replace(/^http/, 'ws');
  return [
    ...(opts.defaultNone === false ? [] : ["default-src 'none'"]),
    `script-src ${origin}`,
    `connect-src ${origin}${opts.voiceHost === false ? '' : ` ${ws}`}`,
    "require-trusted-types-for 'script'",
    `trusted-types ${opts.trustedTypes ?? 'service-widget dompurify'}`,
  ].join('; ');
}

async function openCspPage(csp: string, extra: EnginePageOptions = {}): Promise<WidgetPage> {
  return openPage({
    csp,
    scenario: 'confirmation',
    sub: `demo-csp-all-${Date.now().toString(36)}`, // seeded history
    initOptions: { locale: 'en', voice: true, nonce: 'csp-nonce' },
    earlyFixtures: ['fake-microphone.js'],
    ...extra,
  });
}

/** Records every stream getUserMedia gives the page (window.__swStreams), over fake-microphone.js's. */
async function recordStreams(wp: WidgetPage): Promise<void> {
  await wp.page.evaluate(() => {
    const w = window as unknown as { __swStreams: MediaStream[] };
    w.__swStreams = [];
    const proto = MediaDevices.prototype;
    const gum = proto.getUserMedia;
    proto.getUserMedia = async function (this: MediaDevices, c?: MediaStreamConstraints) {
      const s = await gum.call(this, c);
      w.__swStreams.push(s);
      return s;
    };
  });
}

/** Chat with a table, a confirmation confirmed, history (two pages, reopen), a voice turn, the portal. */
async function everyFeature(wp: WidgetPage, steps: string[]): Promise<void> {
  await wp.openPanel();

  // Confirmation (scenario `confirmation`): asked, confirmed, the decision's reply streams.
  await wp.send('Mark order #1042 as shipped');
  await wp.part('confirm-button').waitFor();
  await wp.part('confirm-button').click();
  await wp.waitForReplies(2);
  steps.push('confirmation');

  // Chat with markdown and a table.
  await mockControl('scenario', { name: 'normal' });
  await wp.send('How many orders did we get last week?');
  const reply = await wp.waitForReplies(3);
  await reply.locator('table').waitFor();
  steps.push('chat');

  // History: first page, next page, reopen a conversation with a long markdown answer.
  await wp.part('history-button').click();
  await expect.poll(() => wp.part('history-item').count(), { timeout: WAIT }).toBeGreaterThanOrEqual(20);
  await wp.part('history-more-button').click();
  await expect.poll(() => wp.part('history-item').count(), { timeout: WAIT }).toBeGreaterThan(20);
  await wp.part('history-item').filter({ hasText: 'Regional sales report' }).click();
  await wp.host.locator('[part~="message"][data-role="assistant"] table').first().waitFor();
  steps.push('history');

  // Voice: the runtime loads through the `service-widget` policy; a spoken turn over ws:.
  await wp.part('new-conversation-button').click();
  await speakTurn(wp, 1);
  steps.push('voice');

  // Portal: a new tab opened in the click, sent to the portal with the one-time code.
  await wp.part('plug-button').click();
  await expect
    .poll(async () => (await wp.otherTabs()).map((t) => t.url), { timeout: WAIT })
    .toEqual([expect.stringMatching(/\/demo\/portal\.html\?code=/)]);
  steps.push('portal');

  // Portal with the popup blocked: the widget shows the link instead.
  await wp.page.evaluate(() => {
    window.open = () => null;
  });
  await wp.part('plug-button').click();
  const link = wp.part('portal-link');
  await link.waitFor();
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  steps.push('portal-link');
}

describe('the README CSP with Trusted Types', () => {
  it('every feature, zero securitypolicyviolation events', async () => {
    const csp = readmeCsp();
    const wp = await openCspPage(csp);
    // Sanity: the policy is enforced on this page.
    expect(
      await wp.page.evaluate(() => {
        try {
          document.createElement('div').innerHTML = '<b>x</b>';
          return 'allowed';
        } catch (e) {
          return (e as Error).name;
        }
      }),
    ).toBe('TypeError');
    // Forget the sanity check's own violation and console error. Firefox reports that (caught)
    // error as a page error a moment later, over WebDriver BiDi: wait for it (other engines do not
    // report it) before counting, or it lands among the features' problems (seen once in CI).
    if (ENGINE === 'firefox')
      await expect.poll(async () => (await problems(wp)).some((p) => /injection sink/.test(p))).toBe(true);
    // Its violation event is queued as a task: wait for it too, or on a loaded machine it comes
    // after the clear below and counts as the features' (seen in WebKit, three engines at once).
    await expect
      .poll(async () => (await wp.violations()).some((v) => v.blockedURI === 'trusted-types-sink'), { timeout: WAIT })
      .toBe(true);
    await wp.page.evaluate(() => (window.__swViolations.length = 0));
    const before = (await problems(wp)).length;

    const steps: string[] = [];
    await everyFeature(wp, steps);
    expect(steps).toEqual(['confirmation', 'chat', 'history', 'voice', 'portal', 'portal-link']);
    await passTime(wp.page, 600);
    // Named in full when it fails (the report shows an array of objects as "Array(1)").
    const violations = await wp.violations();
    expect(violations, JSON.stringify(violations)).toEqual([]);
    expect((await problems(wp)).slice(before)).toEqual([]);
    const names = await wp.policies();
    expect(names.filter((n) => n !== 'service-widget' && n !== 'dompurify')).toEqual([]);
    expect(names.filter((n) => n === 'service-widget')).toHaveLength(1);
    figure(
      `CSP: ${csp.replace(/http:\/\/127\.0\.0\.1:\d+/g, 'HOST').replace(/ws:\/\/127\.0\.0\.1:\d+/g, 'ws://HOST')}`,
    );
    figure(`policies created: ${[...new Set(names)].join(', ')}; violations 0`);
  });
});

describe('is every README directive needed? (one removed at a time)', () => {
  // One page per test: a second page in the same test would be a second window in WebKit, with
  // the first one still open in front of it.
  it('`dompurify` in trusted-types is needed', async () => {
    // trusted-types without dompurify: a chat reply is the only thing that needs it.
    const wp = await openCspPage(readmeCsp({ trustedTypes: 'service-widget' }));
    await mockControl('scenario', { name: 'normal' });
    await wp.openPanel();
    await wp.send('How many orders did we get last week?');
    const reply = await wp.waitForReplies(1).catch(() => null);
    // The README is right to list it: DOMPurify asks for its policy and the page reports it.
    await expect
      .poll(async () => (await wp.violations()).some((x) => x.directive === 'trusted-types'), { timeout: WAIT })
      .toBe(true);
    const v = await wp.violations();
    const rendered = reply ? await reply.locator('table').count() : 0;
    figure(
      `without dompurify: ${v.length} violation(s) [${[...new Set(v.map((x) => x.directive))].join(', ')}], reply table rendered: ${rendered > 0}`,
    );
  });

  // connect-src without the explicit ws: voice host, although it is the service's host: a
  // host-source `http://host` does not match `ws://host` (CSP3 scheme matching only goes
  // ws→http, not http→ws; only 'self' covers ws: of the page's own host). So the README's
  // `wss://YOUR-VOICE-HOST` is needed even when the voice host is the service host.
  it('the ws: voice host in connect-src is needed', async () => {
    const wp = await openCspPage(readmeCsp({ voiceHost: false }));
    await mockControl('scenario', { name: 'normal' });
    await wp.openPanel();
    await wp.part('mic-button').click();
    await expect.poll(async () => (await wp.violations()).length, { timeout: WAIT }).toBeGreaterThan(0);
    const v = await wp.violations();
    figure(
      `without ws://HOST in connect-src (voice host = service host): ${v.length} violation(s) [${[...new Set(v.map((x) => x.directive))].join(', ')}]`,
    );
    expect(v.some((x) => x.directive === 'connect-src' && x.blockedURI.startsWith('ws:'))).toBe(true);
  });
});

describe('a voice socket the page blocks', () => {
  // Fixed bug, kept as a regression test (src/voice/turn.ts:219-221): `ws.onerror = () => undefined` relies on "`error` is always
  // followed by `close`", but Chromium fires only `error` (readyState goes to CLOSED, no `close`
  // event) when the page's CSP blocks the WebSocket. The turn never ends: the mic button stays
  // pressed ("Stop recording"), no notice is shown, and the microphone stream obtained before the
  // socket stays open (the browser's recording indicator stays on). Same for any engine that
  // skips `close` after a failed handshake. Suggested fix: end the turn on `error` too
  // (`ws.onerror = () => fail('dropped')`; `fail` is already idempotent through `over`).
  it('connect-src without the voice host: the turn ends with a voice notice and the microphone is released', async () => {
    const wp = await openPage({
      csp: readmeCsp({ voiceHost: false }),
      initOptions: { locale: 'en', voice: true },
      earlyFixtures: ['fake-microphone.js'],
    });
    await recordStreams(wp);
    await wp.openPanel();
    await wp.part('mic-button').click();
    await expect.poll(async () => (await wp.violations()).length, { timeout: WAIT }).toBeGreaterThan(0);
    const seen = () =>
      wp.page.evaluate(() => ({
        pressed: window.__swTest.root()!.querySelector('[part~="mic-button"]')!.getAttribute('aria-pressed'),
        notice: window.__swTest.root()!.querySelector('[part~="notice"]')?.getAttribute('data-kind') ?? null,
        liveTracks: (window as unknown as { __swStreams: MediaStream[] }).__swStreams
          .flatMap((s) => s.getTracks())
          .filter((t) => t.readyState === 'live').length,
      }));
    const t0 = Date.now();
    await expect.poll(seen, { timeout: WAIT }).toEqual({ pressed: 'false', notice: 'voice', liveTracks: 0 });
    figure(
      `the blocked socket's turn ended ${Date.now() - t0} ms after its violation: voice notice, microphone released`,
    );
  });
});

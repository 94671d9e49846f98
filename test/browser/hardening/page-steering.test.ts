// Nothing on the host page, nor on the widget's own host, chooses what the widget loads or where
// it sends (docs/hardening.md, "The page and the service cannot steer it"; README, "Subresource
// Integrity"), in Chromium, Firefox
// and WebKit (test/browser/engines). The microphone is fixtures/fake-microphone.js (a Web Audio
// tone) in every engine. Requests to the other host are seen three ways: what the engine reports
// (Chromium, Firefox), every fetch() the page made (fixtures/early.js), and a report-only CSP that
// allows the test service alone, so that any other load is a violation event (also in WebKit).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { en } from '../../helpers/en';
import { closeServer } from '../close-server';
import { apiRequests, nextTimer, openPage, serverUrl, WAIT, type EnginePageOptions, type WidgetPage } from '../engines';
import { PAGES_DIR, REPO_ROOT, urlPath } from '../paths';

/** A host the page may name but that must never be asked (`.invalid` never resolves). */
const OTHER = 'http://other-origin.invalid';
/** Report-only: blocks nothing, reports every load from anywhere but the page's origin. */
const WATCH = "default-src 'self' 'unsafe-inline' blob: data:";

/** The page, with the report-only watch and the fake microphone. */
const openWatched = (opts: EnginePageOptions) =>
  openPage({ cspReportOnly: WATCH, ...opts, earlyFixtures: ['fake-microphone.js', ...(opts.earlyFixtures ?? [])] });

/** Every URL the page asked for, by any of the three records. */
async function asked(wp: WidgetPage): Promise<string[]> {
  const [urls, fetches, violations] = await Promise.all([wp.requestedUrls(), wp.fetches(), wp.violations()]);
  return [...urls, ...fetches.map((f) => f.replace(/^\S+ /, '')), ...violations.map((v) => v.blockedURI)];
}
const toOther = async (wp: WidgetPage) => (await asked(wp)).filter((u) => u.startsWith(OTHER));
/** Distinct URLs of widget-voice.js the page asked for. */
const runtimeUrls = async (wp: WidgetPage) => [
  ...new Set((await asked(wp)).filter((u) => u.endsWith('/widget-voice.js'))),
];

/** This run's built dist/ file, as the pages load it. */
const distFile = (name: string) => path.join(REPO_ROOT, path.dirname(inject('widgetScriptPath')), name);

/** Copies of this run's widget-voice.js, as a host could serve them: untouched or changed. */
function serveRuntime(tamper: boolean): string {
  const dir = path.join(
    PAGES_DIR,
    `runtime-${process.pid}-${Date.now().toString(36)}-${tamper ? 'tampered' : 'pristine'}`,
  );
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'widget-voice.js');
  if (tamper) writeFileSync(file, `${readFileSync(distFile('widget-voice.js'), 'utf8')}\n;window.__swTampered = 1;\n`);
  else copyFileSync(distFile('widget-voice.js'), file);
  return `${serverUrl()}${urlPath(file)}`;
}

async function pressMic(runtimeUrl: string): Promise<WidgetPage> {
  const wp = await openWatched({ initOptions: { locale: 'en', voice: true, voiceRuntimeUrl: runtimeUrl } });
  await wp.openPanel();
  await wp.part('mic-button').click();
  return wp;
}

describe('the watch for requests to another host', () => {
  it('sees an image and a fetch() to the other host (so the empty lists below mean something)', async () => {
    const wp = await openWatched({ autoInit: false });
    await wp.page.evaluate(async (other) => {
      const img = document.createElement('img');
      img.src = `${other}/pixel.png`;
      document.body.append(img);
      await fetch(`${other}/api`).catch(() => undefined);
    }, OTHER);
    // The report-only policy alone (what WebKit's driver relies on) saw both.
    const reported = async () =>
      [
        ...new Set((await wp.violations()).filter((v) => v.blockedURI.startsWith(OTHER)).map((v) => v.directive)),
      ].sort();
    await expect.poll(reported, { timeout: WAIT }).toEqual(['connect-src', 'img-src']);
    expect((await toOther(wp)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('Subresource Integrity of the lazy runtimes', () => {
  it('the runtime built with widget.js loads with its integrity and runs', async () => {
    const wp = await pressMic(serveRuntime(false));
    await expect.poll(() => wp.part('mic-button').getAttribute('aria-pressed'), { timeout: WAIT }).toBe('true');
    const script = await wp.page.evaluate(() =>
      [...document.scripts].filter((s) => s.src.endsWith('/widget-voice.js')).map((s) => [s.integrity, s.crossOrigin]),
    );
    const manifest = JSON.parse(readFileSync(distFile('integrity.json'), 'utf8')) as Record<string, string>;
    expect(script).toEqual([[manifest['widget-voice.js'], 'anonymous']]);
  });

  it('a widget-voice.js changed on its host is refused with a voice notice, never run', async () => {
    const wp = await pressMic(serveRuntime(true));
    const notice = wp.part('notice');
    await notice.waitFor();
    expect(await notice.getAttribute('data-kind')).toBe('voice');
    expect(await notice.textContent()).toContain(en.voiceFailed);
    expect(await wp.page.evaluate(() => (window as { __swTampered?: number }).__swTampered)).toBeUndefined();
    expect(await wp.part('mic-button').getAttribute('aria-pressed')).toBe('false');
    // The page's developer is told why, once.
    expect(
      (await wp.consoleMessages()).filter((m) => m.type === 'error' && /widget-voice\.js not run/.test(m.text)),
    ).toHaveLength(1);
  });
});

describe('an injected <base href> does not choose where the voice runtime comes from', () => {
  it('inlined widget.js (no script src): widget-voice.js is asked from baseUrl, not from the <base>', async () => {
    // The page carries widget.js inline, as a bundler or a CMS snippet would: no `src` to go by.
    const wp = await openWatched({
      headHtml: `<base href="${OTHER}/">`,
      inlineWidget: true,
      initOptions: { locale: 'en', voice: true, baseUrl: serverUrl() },
    });
    expect(await wp.page.evaluate(() => [...document.scripts].some((s) => s.src.endsWith('/widget.js')))).toBe(false);
    await wp.openPanel();
    await wp.part('mic-button').click();
    await wp.part('notice').waitFor(); // the service does not serve the runtime at its root: a 404
    expect(await runtimeUrls(wp)).toEqual([`${serverUrl()}/widget-voice.js`]);
    expect(await toOther(wp)).toEqual([]);
  });
});

describe('a polluted Object.prototype is never an option', () => {
  it('Object.prototype.baseUrl, voiceRuntimeUrl and portalUrl on the page: every request still goes to the service', async () => {
    const wp = await openWatched({
      initOptions: { locale: 'en', voice: true },
      // A query-string parser's bug, before any script of the page runs.
      earlyFixtures: ['polluted-options.js'],
    });
    expect(await wp.page.evaluate(() => ({} as { baseUrl?: string }).baseUrl)).toBe(OTHER);
    await wp.openPanel();
    await wp.send('How many orders?');
    await wp.waitForReplies(1);
    await wp.part('mic-button').click();
    // Loaded once, from beside widget.js on the service's origin.
    const loads = () =>
      wp.page.evaluate(
        () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/widget-voice.js')).length,
      );
    await expect.poll(loads, { timeout: WAIT }).toBe(1);
    const urls = await runtimeUrls(wp);
    expect(urls).toHaveLength(1);
    expect(urls[0]!.startsWith(`${serverUrl()}/`)).toBe(true);
    expect((await apiRequests()).length).toBeGreaterThanOrEqual(2);
    expect(await toOther(wp)).toEqual([]);
  });
});

describe('primaryColor is a colour and nothing else', () => {
  it('var(--x, url(…)) throws a TypeError naming primaryColor and nothing is requested; a colour is set in the shadow root', async () => {
    const wp = await openWatched({ autoInit: false, initOptions: { locale: 'en' } });
    const thrown = await wp.page.evaluate((other) => {
      try {
        window.__swTest.init({ primaryColor: `var(--x, url(${other}/p.png))` });
        return null;
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    }, OTHER);
    expect(thrown).toMatch(/^TypeError: .*`primaryColor`/);
    expect(await wp.host.count()).toBe(0);

    // A colour: the launcher wears it, and the page-owned host element has no style attribute.
    await wp.page.evaluate(() => window.__swTest.init({ primaryColor: 'rgb(200, 30, 90)' }));
    const launcher = wp.part('launcher');
    await launcher.waitFor();
    expect(await launcher.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(200, 30, 90)');
    expect(await wp.host.getAttribute('style')).toBeNull();
    expect(await toOther(wp)).toEqual([]);
  });
});

/** A real HTTP service on 127.0.0.1 (CORS for any origin) whose handler the test chooses. */
async function startService(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, X-Public-Id, Content-Type, Idempotency-Key');
    res.setHeader('Access-Control-Expose-Headers', 'X-Conversation-Id');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    hits.push(`${req.method} ${req.url}`);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => closeServer(server));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describe('requests go to baseUrl and nowhere else', () => {
  it('a 307 from the service to another origin is not followed: the message stays, an error notice shows', async () => {
    const elsewhere = await startService((_, res) => {
      res
        .writeHead(200, { 'Content-Type': 'text/event-stream' })
        .end('data: {"choices":[{"delta":{"content":"Answer from elsewhere"}}]}\n\ndata: [DONE]\n\n');
    });
    const service = await startService((req, res) => {
      if (req.url?.endsWith('/config'))
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"read_only":false}');
      res.writeHead(307, { Location: `${elsewhere.url}${req.url}` }).end();
    });
    // The widget retries a request that got no answer three times; the last back-off (1–2 s) moves
    // on the page's clock (fixtures/test-clock.js) instead of in real seconds.
    const wp = await openPage({
      earlyFixtures: ['test-clock.js'],
      initOptions: { locale: 'en', baseUrl: service.url },
    });
    await wp.openPanel();
    await wp.send('Delete all orders of customer 42');
    const notice = wp.part('notice');
    // count, not waitFor: the notice comes only once the clock moves.
    await expect
      .poll(async () => (await nextTimer(wp, 2_000), await notice.count()), { timeout: WAIT })
      .toBeGreaterThan(0);
    expect(await notice.getAttribute('data-kind')).toBe('error');
    expect(await wp.part('composer-input').inputValue()).toBe('Delete all orders of customer 42');
    expect(await wp.host.locator('[part~="message"][data-role="assistant"]').count()).toBe(0);
    expect(service.hits.filter((h) => h.startsWith('POST'))).not.toEqual([]);
    expect(elsewhere.hits).toEqual([]);
  });
});

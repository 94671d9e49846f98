// Firefox: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi (no geckodriver).
// Launching costs seconds, so one browser serves the whole run (the `browser` project does not
// isolate test files, see vitest.config.ts), and each worker keeps one browser context and tab for
// test after test (./kept-tab.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, {
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type HTTPRequest,
  type KeyInput,
  type Page,
} from 'puppeteer-core';
import { callExpression, splitKey, type DriverPage, type Engine, type NativeLog, type PageSettings } from './driver';
import { keptTabs, originsOf, type Lease } from './kept-tab';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

interface Tab {
  context: BrowserContext;
  page: Page;
}

/**
 * `pidDir`: where this worker notes its Firefox's process id, so that the run's global teardown
 * ends it even when the worker itself is ended without a chance to close it (global-setup.ts).
 */
export function firefoxEngine(pidDir: string): Engine {
  let launching: Promise<Browser> | null = null;
  const launch = () =>
    (launching ??= puppeteer
      .launch({
        browser: 'firefox',
        executablePath: FIREFOX,
        headless: true,
        extraPrefsFirefox: {
          // The tests' defaults: light colour scheme, English, no motion.
          'layout.css.prefers-color-scheme.content-override': 1,
          'intl.accept_languages': 'en-US, en',
          'ui.prefersReducedMotion': 1,
          // Pages may open the portal tab with window.open from a click: allow it like a visitor's browser.
          'dom.disable_open_during_load': false,
          // The microphone (fixtures/fake-microphone.js hands over to it in Firefox): Firefox's own fake
          // capture device, granted without a prompt. Its Web Audio has no running clock without a
          // sound device, so a Web Audio tone recorded nothing for about 10 s.
          'media.navigator.streams.fake': true,
          'media.navigator.permission.disabled': true,
        },
      })
      .then((browser) => {
        const pid = browser.process()?.pid;
        if (pid) writeFileSync(path.join(pidDir, String(pid)), '');
        return browser;
      }));
  // The colour scheme, the language and phone emulation are the browser's here: one key for all.
  const take = keptTabs<Tab>(
    async () => {
      const context = await (await launch()).createBrowserContext();
      return { context, page: await context.newPage() };
    },
    (tab) => tab.context.close(),
  );
  return {
    name: 'firefox',
    version: async () => `Firefox ${(await (await launch()).version()).replace(/^firefox\//, '')}`,
    async newPage(settings: PageSettings): Promise<DriverPage> {
      const lease = await take('', settings.url);
      // A kept tab often has the size asked for already; setting it again costs a resize (45 ms).
      const vp = lease.tab.page.viewport();
      if (vp?.width !== settings.viewport.width || vp?.height !== settings.viewport.height)
        await lease.tab.page.setViewport(settings.viewport);
      // In front and focused, as a visitor's tab is, whatever window an earlier test opened or
      // closed last. A rehearsal of .ci/run (28 Nov 2026) ran a whole file as if the kept tab's
      // window were out of focus: no :focus-visible after Tab, Enter sent nothing, three keyboard
      // tests failed. (Not reproduced alone; the call costs one BiDi round trip.)
      await lease.tab.page.bringToFront();
      return contextPage(lease.tab.context, lease.tab.page, settings, lease);
    },
    async dispose() {
      // Kept for the next test file of this worker; the run's teardown ends it (global-setup.ts).
    },
  };
}

/** The test's own pages (its first and a second tab): not popups. */
const own = new WeakSet<Page>();

/**
 * One page of a test's browser context: its kept tab (`lease`), handed back clean when the test
 * closes it, or a second tab, closed.
 */
function contextPage(context: BrowserContext, page: Page, settings: PageSettings, lease?: Lease<Tab>): DriverPage {
  own.add(page);
  const native: NativeLog = { console: [], errors: [], requests: [] };
  const on = {
    // Puppeteer names console.warn 'warn'; the tests use Playwright's 'warning'.
    console: (m: ConsoleMessage) =>
      native.console.push({ type: m.type() === 'warn' ? 'warning' : m.type(), text: m.text() }),
    pageerror: (e: unknown) => {
      const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      // Firefox reports the CSP block of its own favicon request as a page error: not the page's doing.
      if (!/ at \S+\/favicon\.ico /.test(text)) native.errors.push(text);
    },
    request: (r: HTTPRequest) => native.requests.push(`${r.method()} ${r.url()}`),
  };
  page.on('console', on.console);
  page.on('pageerror', on.pageerror);
  page.on('request', on.request);
  return {
    native,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: <T>(source: string, args: unknown[]) => page.evaluate(callExpression(source, args)) as Promise<T>,
    click: (x, y, count = 1) => page.mouse.click(x, y, { count }),
    move: (x, y) => page.mouse.move(x, y),
    async wheel(x, y, deltaX, deltaY) {
      await page.mouse.move(x, y);
      await page.mouse.wheel({ deltaX, deltaY });
    },
    async press(combo) {
      const { modifiers, key } = splitKey(combo);
      for (const m of modifiers) await page.keyboard.down(m as KeyInput);
      await page.keyboard.press(key as KeyInput);
      for (const m of modifiers.reverse()) await page.keyboard.up(m as KeyInput);
    },
    type: (text) => page.keyboard.type(text),
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    setViewport: (size) => page.setViewport(size),
    addCookie: (c) => context.setCookie({ name: c.name, value: c.value, domain: new URL(c.url).hostname, path: '/' }),
    cookies: async () => (await context.cookies()).map(({ name, value, domain }) => ({ name, value, domain })),
    otherTabs: async () =>
      Promise.all(
        (await context.pages())
          .filter((p) => !own.has(p))
          .map(async (p) => ({
            url: p.url(),
            opener: await p.evaluate(() => window.opener !== null).catch(() => false),
          })),
      ),
    // A window, not a tab: a background tab would get no animation frames.
    async openTab() {
      const tab = await context.newPage({ type: 'window' });
      await tab.setViewport(settings.viewport);
      return contextPage(context, tab, settings);
    },
    async close() {
      // A kept tab's next test records afresh.
      page.off('console', on.console);
      page.off('pageerror', on.pageerror);
      page.off('request', on.request);
      if (!lease) return page.close();
      // Puppeteer's contexts report no requests: the test's page says which origins it asked for.
      await lease.release(originsOf([settings.url, ...native.requests]), async () => {
        await Promise.all((await context.pages()).map((p) => (p === page ? undefined : p.close())));
        await page.goto('about:blank');
        const cookies = await context.cookies();
        if (cookies.length) await context.deleteCookie(...cookies);
        await page.mouse.move(0, 0);
      });
    },
  };
}

// Firefox: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi (no geckodriver).
// Launching costs seconds, so one browser serves the whole run (the `browser` project does not
// isolate test files for Firefox and WebKit, see vitest.config.ts); each test gets a new browser
// context (fresh storage) and one page.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type KeyInput, type Page } from 'puppeteer-core';
import { callExpression, splitKey, type DriverPage, type Engine, type NativeLog, type PageSettings } from './driver';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

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
  return {
    name: 'firefox',
    version: async () => `Firefox ${(await (await launch()).version()).replace(/^firefox\//, '')}`,
    async newPage(settings: PageSettings): Promise<DriverPage> {
      const browser = await launch();
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(settings.viewport);
      return contextPage(context, page, settings);
    },
    async dispose() {
      // Kept for the next test file of this worker; the run's teardown ends it (global-setup.ts).
    },
  };
}

/** The test's own pages (its first and a second tab): not popups. */
const own = new WeakSet<Page>();

/** One page of a test's browser context (the first closes the context, a second tab itself). */
function contextPage(context: BrowserContext, page: Page, settings: PageSettings, first = true): DriverPage {
  own.add(page);
  const native: NativeLog = { console: [], errors: [], requests: [] };
  // Puppeteer names console.warn 'warn'; the tests use Playwright's 'warning'.
  page.on('console', (m) => native.console.push({ type: m.type() === 'warn' ? 'warning' : m.type(), text: m.text() }));
  page.on('pageerror', (e) => {
    const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    // Firefox reports the CSP block of its own favicon request as a page error: not the page's doing.
    if (!/ at \S+\/favicon\.ico /.test(text)) native.errors.push(text);
  });
  page.on('request', (r) => native.requests.push(`${r.method()} ${r.url()}`));
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
      return contextPage(context, tab, settings, false);
    },
    close: () => (first ? context.close() : page.close()),
  };
}

// Chromium: Debian's chromium, launched once per run by global-setup.ts as a Playwright browser
// server; each test gets a new browser context (fresh storage) and one page.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { callExpression, type DriverPage, type Engine, type NativeLog, type PageSettings } from './driver';

export function chromiumEngine(wsEndpoint: string): Engine {
  let browser: Browser | null = null;
  const connect = async () => {
    if (!browser?.isConnected()) browser = await chromium.connect(wsEndpoint);
    return browser;
  };
  return {
    name: 'chromium',
    version: async () => `Chromium ${(await connect()).version()}`,
    async newPage(settings: PageSettings): Promise<DriverPage> {
      const b = await connect();
      const context = await b.newContext({
        viewport: settings.viewport,
        isMobile: settings.isMobile,
        hasTouch: settings.isMobile,
        colorScheme: settings.colorScheme,
        locale: settings.locale,
        reducedMotion: 'reduce',
      });
      return contextPage(context, await context.newPage());
    },
    async dispose() {
      const b = browser;
      browser = null;
      await b?.close().catch(() => undefined);
    },
  };
}

/**
 * What Chromium reports about a page from its first moment: console output, uncaught errors and
 * requests. The one way a Chromium page is recorded, for the engine layer and for the Chromium-only
 * pages of ../helpers.ts alike.
 */
export function recordNative(page: Page): NativeLog {
  const native: NativeLog = { console: [], errors: [], requests: [], failed: [], finished: [] };
  page.on('console', (m) => native.console.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => native.errors.push(`${e.name}: ${e.message}`));
  page.on('request', (r) => native.requests.push(`${r.method()} ${r.url()}`));
  // CDP's Network.loadingFailed / loadingFinished: what the network panel shows as failed or done.
  page.on('requestfailed', (r) => native.failed!.push(`${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  page.on('requestfinished', (r) => native.finished!.push(`${r.method()} ${r.url()}`));
  return native;
}

/** The test's own pages (its first and a second tab): not popups. */
const own = new WeakSet<Page>();

/** One page of a test's browser context (the first closes the context, a second tab itself). */
function contextPage(context: BrowserContext, page: Page, first = true): DriverPage {
  own.add(page);
  return {
    native: recordNative(page),
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: (source, args) => page.evaluate(callExpression(source, args)),
    click: (x, y, clickCount = 1) => page.mouse.click(x, y, { clickCount }),
    move: (x, y) => page.mouse.move(x, y),
    async wheel(x, y, dx, dy) {
      await page.mouse.move(x, y);
      await page.mouse.wheel(dx, dy);
    },
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text),
    screenshot: async (file) => void (await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })),
    setViewport: (size) => page.setViewportSize(size),
    emulateColorScheme: (colorScheme) => page.emulateMedia({ colorScheme }),
    addCookie: (c) => context.addCookies([c]),
    cookies: async () => (await context.cookies()).map(({ name, value, domain }) => ({ name, value, domain })),
    otherTabs: () =>
      Promise.all(
        context
          .pages()
          .filter((p) => !own.has(p))
          .map(async (p) => ({
            url: p.url(),
            opener: await p.evaluate(() => window.opener !== null).catch(() => false),
          })),
      ),
    // Headless Chromium shows every page in a window of its own: a new page is a visible tab.
    openTab: async () => contextPage(context, await context.newPage(), false),
    close: () => (first ? context.close() : page.close()),
  };
}

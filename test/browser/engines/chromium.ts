// Chromium: Debian's Chromium (its headless shell, scripts/chromium.mjs), one per worker, launched
// by the worker itself and driven over a pipe (Playwright's own launch): a browser server shared
// by the workers put every message through a WebSocket and the main vitest process too, which
// took 11 % of the CPU of a Chromium run. Each worker keeps one browser context and tab for test
// after test (./kept-tab.ts).
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';
import { callExpression, type DriverPage, type Engine, type NativeLog, type PageSettings } from './driver';
import { keptTabs, originsOf, type Lease } from './kept-tab';

interface Tab {
  context: BrowserContext;
  page: Page;
  /** Every origin a page of this context has asked for. */
  seen: Set<string>;
}

const TEST_ARGS = [
  ...CHROMIUM_ARGS,
  // Voice (test/browser/voice.test.ts): a fake microphone, granted without a prompt.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

let launched: Promise<Browser> | null = null;

/**
 * This worker's Chromium, for the engine layer and the Chromium-only pages of ../helpers.ts alike:
 * launched on first use and kept for the worker's files. It ends with the worker (its pipe closes).
 */
export async function workerChromium(): Promise<Browser> {
  const browser = await (launched ??= chromium.launch({ executablePath: CHROMIUM, args: TEST_ARGS }));
  if (browser.isConnected()) return browser;
  launched = null;
  return workerChromium();
}

export function chromiumEngine(): Engine {
  // Phone emulation and the locale are set when a context is made: they are the kept tab's key.
  const take = keptTabs<Tab>(
    async (key) => {
      const { isMobile, locale } = JSON.parse(key) as Pick<PageSettings, 'isMobile' | 'locale'>;
      const context = await (
        await workerChromium()
      ).newContext({
        isMobile,
        hasTouch: isMobile,
        locale,
        reducedMotion: 'reduce',
      });
      const seen = new Set<string>();
      context.on('request', (r) => originsOf([r.url()]).forEach((o) => seen.add(o)));
      return { context, page: await context.newPage(), seen };
    },
    (tab) => tab.context.close(),
  );
  return {
    name: 'chromium',
    version: async () => `Chromium ${(await workerChromium()).version()}`,
    async newPage(settings: PageSettings): Promise<DriverPage> {
      const lease = await take(JSON.stringify({ isMobile: settings.isMobile, locale: settings.locale }), settings.url);
      const { page } = lease.tab;
      await page.setViewportSize(settings.viewport);
      await page.emulateMedia({ colorScheme: settings.colorScheme });
      return contextPage(lease.tab.context, page, lease);
    },
    async dispose() {
      // Kept for the next test file of this worker; it ends with the worker.
    },
  };
}

/**
 * What Chromium reports about a page from its first moment: console output, uncaught errors and
 * requests. The one way a Chromium page is recorded, for the engine layer and for the Chromium-only
 * pages of ../helpers.ts alike.
 */
export function recordNative(page: Page): { native: NativeLog; stop(): void } {
  const native: NativeLog = { console: [], errors: [], requests: [], failed: [], finished: [] };
  const on = {
    console: (m: ConsoleMessage) => native.console.push({ type: m.type(), text: m.text() }),
    pageerror: (e: Error) => native.errors.push(`${e.name}: ${e.message}`),
    request: (r: Request) => native.requests.push(`${r.method()} ${r.url()}`),
    // CDP's Network.loadingFailed / loadingFinished: what the network panel shows as failed or done.
    requestfailed: (r: Request) => native.failed!.push(`${r.method()} ${r.url()} ${r.failure()?.errorText}`),
    requestfinished: (r: Request) => native.finished!.push(`${r.method()} ${r.url()}`),
  };
  page.on('console', on.console);
  page.on('pageerror', on.pageerror);
  page.on('request', on.request);
  page.on('requestfailed', on.requestfailed);
  page.on('requestfinished', on.requestfinished);
  // A kept tab's next test records afresh.
  const stop = () => {
    page.off('console', on.console);
    page.off('pageerror', on.pageerror);
    page.off('request', on.request);
    page.off('requestfailed', on.requestfailed);
    page.off('requestfinished', on.requestfinished);
  };
  return { native, stop };
}

/** The test's own pages (its first and a second tab): not popups. */
const own = new WeakSet<Page>();

/**
 * One page of a test's browser context: its kept tab (`lease`), handed back clean when the test
 * closes it, or a second tab, closed.
 */
function contextPage(context: BrowserContext, page: Page, lease?: Lease<Tab>): DriverPage {
  own.add(page);
  const { native, stop } = recordNative(page);
  return {
    native,
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
    openTab: async () => contextPage(context, await context.newPage()),
    async close() {
      stop();
      if (!lease) return page.close();
      await lease.release(lease.tab.seen, async () => {
        await Promise.all(context.pages().map((p) => (p === page ? undefined : p.close())));
        await page.goto('about:blank');
        await context.clearCookies();
        await page.mouse.move(0, 0);
      });
    },
  };
}

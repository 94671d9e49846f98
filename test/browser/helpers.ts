// Helpers for the real-browser tests: the worker's Chromium (engines/chromium.ts), a new
// context per test, generated customer pages that load the built widget.js with a plain
// <script src> (from artifacts/browser/runs/<run>/dist/, global-setup's copy of dist/ for this run).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';
import { DEMO_PUBLIC_ID, mintToken } from '../../mock/jwt';
import type { ScenarioName } from '../../mock/scenarios';
import type { MockSettings, RecordedRequest } from '../../mock/types';
import type { InitOptions, WidgetEvent, WidgetInstance } from '../../src/types';
import { recordNative, workerChromium } from './engines/chromium';
import type { ConsoleEntry } from './engines/driver';
import type { RunningMockServer } from '../../mock/node-server';
import { PAGES_DIR, REPO_ROOT, SCREENSHOTS_DIR, urlPath } from './paths';
import { startTestServer } from './test-server';

export { DEMO_PUBLIC_ID };

/** What test/browser/fixtures/harness.js puts on the page. */
export interface PageHarness {
  events: WidgetEvent[];
  tokenCalls: number;
  /** Tokens handed to the widget (engine-neutral pages only). */
  tokens: string[];
  instance: WidgetInstance | null;
  seenText: string[];
  init(overrides?: Partial<InitOptions>): WidgetInstance;
  root(): ShadowRoot | null;
  watchText(): void;
}

/** What test/browser/fixtures/instrument-before.js records around the widget script's load. */
export interface LoadRecord {
  keysBefore: string[];
  keysAfter: string[];
  namesBefore: string[];
  namesAfter: string[];
  nodesBefore: number;
  nodesAfter: number;
  cookieBefore: string;
  cookieAfter: string;
  storageBefore: number;
  storageAfter: number;
  handlersBefore: string[];
  handlersAfter: string[];
  sheetsBefore: number;
  sheetsAfter: number;
  calls: string[];
  mutations: string[];
}

export interface Violation {
  directive: string;
  blockedURI: string;
  sample: string;
  sourceFile: string;
  line: number;
}

declare global {
  interface Window {
    __swTest: PageHarness;
    __swLoad: LoadRecord;
    __swViolations: Violation[];
    __swMintToken(): Promise<string>;
    /** The page's clock, when the page runs fixtures/test-clock.js. */
    __swClock: { advance(ms: number): Promise<number>; pending(): number[] };
  }
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Generous: CI machines with 2 cores run Chromium, the mock and vitest side by side. */
export const WAIT = 15_000;

let testServer: RunningMockServer | null = null;

/** Starts this test's own mock service (test/browser/setup.ts, before each test). */
export async function startTestMock(): Promise<void> {
  testServer = await startTestServer();
}

/** Closes this test's mock service and every connection to it (test/browser/setup.ts, after each test). */
export async function stopTestMock(): Promise<void> {
  const server = testServer;
  testServer = null;
  await server?.close();
}

/**
 * `http://127.0.0.1:<port>`: this test's own mock service (test/browser/test-server.ts), its
 * `/__mock/*` control routes and the repo as static files. Only inside a test (or its hooks).
 */
export function serverUrl(): string {
  if (!testServer) throw new Error('serverUrl(): each test has its own mock service, started before it (setup.ts)');
  return testServer.url;
}

/** POST to one of the mock's `/__mock/*` control routes. */
export async function mockControl(
  route: 'reset' | 'scenario' | 'settings' | 'hold' | 'release' | 'finish',
  body: unknown = {},
): Promise<unknown> {
  const res = await fetch(`${serverUrl()}/__mock/${route}`, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`mock control ${route} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export async function mockRequests(): Promise<RecordedRequest[]> {
  const res = await fetch(`${serverUrl()}/__mock/requests`);
  return (await res.json()) as RecordedRequest[];
}

/** Requests to the widget API only (not the control routes or static files). */
export async function apiRequests(): Promise<RecordedRequest[]> {
  return (await mockRequests()).filter((r) => r.path.startsWith('/api/v1/widget/'));
}

export async function resetMock(
  scenario: ScenarioName = 'normal',
  settings: Partial<MockSettings> & { chunkDelayMs?: number } = {},
) {
  await mockControl('reset');
  if (scenario !== 'normal') await mockControl('scenario', { name: scenario });
  if (Object.keys(settings).length) await mockControl('settings', settings);
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  /** Phone emulation (meta viewport, touch). Default: true for widths ≤ 480. */
  isMobile?: boolean;
  colorScheme?: 'light' | 'dark' | 'no-preference';
  /** Browser locale (navigator.languages). Default `en-US`. */
  locale?: string;
  /** Sent as a real `Content-Security-Policy` response header on the page. */
  csp?: string;
  /**
   * Sent as `Content-Security-Policy-Report-Only`: blocks nothing, but every load it does not allow
   * is a `securitypolicyviolation` event (`wp.violations()`), in every engine, even where the
   * driver sees no requests (WebKit).
   */
  cspReportOnly?: string;
  /** widget.js inline in the page (a bundler's or a CMS snippet's way): no `<script src>` to go by. */
  inlineWidget?: boolean;
  /** Host page markup (before the scripts, at the end of <body>). */
  bodyHtml?: string;
  /** Host page stylesheet, served as an external file. */
  pageCss?: string;
  /** JSON-serialisable init options; `publicId` defaults to the mock's. Token and onEvent are added by the harness. */
  initOptions?: Partial<Omit<InitOptions, 'getAuthToken' | 'authToken' | 'onEvent'>> & Record<string, unknown>;
  /** `getter` (default): getAuthToken mints a fresh token in Node per call. `static`: one authToken. */
  token?: 'getter' | 'static' | 'none';
  /** Call ServiceWidget.init as the page loads. Default true. */
  autoInit?: boolean;
  /**
   * Engine-neutral pages (test/browser/engines): more files of test/browser/fixtures/ to run right
   * after early.js, before anything else on the page (what an init script does in Playwright).
   */
  earlyFixtures?: string[];
  /** Wrap the widget script's load with the fixtures/instrument-*.js recorders. */
  instrumentLoad?: boolean;
  /** Mock scenario for this test (the mock is reset first). Default `normal`. */
  scenario?: ScenarioName;
  settings?: Partial<MockSettings> & { chunkDelayMs?: number };
  /** JWT `sub` of the visitor. Default: a fresh id per page. A `demo…` sub gets seeded history. */
  sub?: string;
  /** Runs after the context is set up and before the page loads (routes, cookies, …). */
  beforeLoad?: (page: Page, context: BrowserContext) => Promise<void>;
  // --- Added for test/browser/hardening/ (hostile host pages, fault injection). ---
  /**
   * Markup at the start of <head> (before the page's own scripts), e.g. a `<base href>`. When set,
   * every URL the generated page uses is absolute, so a `<base>` cannot redirect the page's own files.
   */
  headHtml?: string;
  /** Attributes of the page's `<html>` element. Default `lang="en"`. */
  htmlAttributes?: string;
  /**
   * Origin that serves the page instead of the mock (e.g. test/browser/fault-server.ts). It must
   * serve the repo root as static files, as the mock does; the page's URLs are then absolute.
   */
  pageOrigin?: string;
}

export interface WidgetPage {
  page: Page;
  context: BrowserContext;
  url: string;
  /** The `[data-service-widget]` host element. */
  host: Locator;
  /** A shadow part by name (`[part~=name]`; Playwright's CSS engine pierces open shadow roots). */
  part(name: string): Locator;
  /** Every token minted for this page's getAuthToken, oldest first. */
  tokens: string[];
  /** What Chromium reported (engines/chromium.ts `recordNative`, as for the engine layer's pages). */
  consoleMessages: ConsoleEntry[];
  pageErrors: string[];
  events(): Promise<WidgetEvent[]>;
  /** Types into the composer and presses Enter. */
  send(text: string): Promise<void>;
  /** Waits until `count` assistant replies are finished and nothing streams. */
  waitForReplies(count: number): Promise<Locator>;
  /** Opens the floating panel with the launcher and waits for the composer. */
  openPanel(): Promise<void>;
  screenshot(name: string): Promise<string>;
}

let pageSeq = 0;

/**
 * Writes the customer page of one test. `mint` (the engine-neutral pages of test/browser/engines/):
 * getAuthToken asks the test server for each token (POST /__test/token, see global-setup.ts) instead of an exposed Node
 * function, and test/browser/fixtures/early.js records what the page did from its first script.
 */
export function writePage(
  opts: Omit<OpenPageOptions, 'beforeLoad'>,
  staticToken: string | undefined,
  mint?: { sub: string },
): { url: string; dir: string } {
  const id = `${process.pid}-${Date.now().toString(36)}-${++pageSeq}`;
  const dir = path.join(PAGES_DIR, id);
  mkdirSync(dir, { recursive: true });
  const config = {
    token: opts.token ?? 'getter',
    staticToken,
    autoInit: opts.autoInit ?? true,
    ...(mint ? { mint: { url: `${serverUrl()}/__test/token`, sub: mint.sub } } : {}),
    initOptions: { publicId: DEMO_PUBLIC_ID, ...opts.initOptions },
  };
  writeFileSync(path.join(dir, 'config.js'), `window.__swTestConfig = ${JSON.stringify(config, null, 2)};\n`);
  if (opts.pageCss !== undefined) writeFileSync(path.join(dir, 'page.css'), opts.pageCss);
  if (opts.csp !== undefined || opts.cspReportOnly !== undefined) {
    const headers = {
      ...(opts.csp !== undefined ? { 'Content-Security-Policy': opts.csp } : {}),
      ...(opts.cspReportOnly !== undefined ? { 'Content-Security-Policy-Report-Only': opts.cspReportOnly } : {}),
    };
    writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
  }
  // (hardening) Absolute URLs when another origin serves the page or a <base> may be in <head>.
  const origin = opts.pageOrigin ?? serverUrl();
  const absolute = opts.pageOrigin !== undefined || opts.headHtml !== undefined;
  const at = (p: string) => (absolute ? `${origin}${p.startsWith('/') ? '' : `${urlPath(dir)}/`}${p}` : p);
  const fixture = (name: string) => `<script src="${at(`/test/browser/fixtures/${name}`)}"></script>`;
  const html = `<!doctype html>
<html ${opts.htmlAttributes ?? 'lang="en"'}>
<head>
${opts.headHtml ?? ''}
<meta charset="utf-8">
${mint ? ['early.js', ...(opts.earlyFixtures ?? [])].map(fixture).join('\n') : ''}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer page</title>
${opts.pageCss !== undefined ? `<link rel="stylesheet" href="${at('page.css')}">` : ''}
</head>
<body>
${opts.bodyHtml ?? '<main id="host-content"><h1>Acme customer portal</h1><p>Your orders and invoices.</p></main>'}
<script src="${at('config.js')}"></script>
${opts.instrumentLoad ? fixture('instrument-before.js') : ''}
${opts.inlineWidget ? `<script>${inlineWidget()}</script>` : `<script src="${at(inject('widgetScriptPath'))}"></script>`}
${opts.instrumentLoad ? fixture('instrument-after.js') : ''}
${fixture('harness.js')}
</body>
</html>
`;
  writeFileSync(path.join(dir, 'index.html'), html);
  return { url: `${origin}${urlPath(dir)}/index.html`, dir };
}

/** This run's widget.js as inline script text (no source map comment, no `</script` inside). */
const inlineWidget = (): string =>
  readFileSync(path.join(REPO_ROOT, inject('widgetScriptPath')), 'utf8')
    .replace(/\/\/# sourceMappingURL=.*$/m, '')
    .replace(/<\/script/gi, '<\\/script');

/** A fresh context and page with the customer page loaded; closed when the test finishes. */
export async function openPage(opts: OpenPageOptions = {}): Promise<WidgetPage> {
  await resetMock(opts.scenario, opts.settings);
  const sub = opts.sub ?? `visitor-${process.pid}-${Date.now().toString(36)}-${pageSeq + 1}`;
  const tokens: string[] = [];
  const mint = async () => {
    const token = await mintToken({ sub });
    tokens.push(token);
    return token;
  };
  const staticToken = opts.token === 'static' ? await mint() : undefined;
  const { url, dir: pageDir } = writePage(opts, staticToken);

  const viewport = opts.viewport ?? DESKTOP;
  const isMobile = opts.isMobile ?? viewport.width <= 480;
  const b = await workerChromium();
  const context = await b.newContext({
    viewport,
    isMobile,
    hasTouch: isMobile,
    colorScheme: opts.colorScheme ?? 'light',
    locale: opts.locale ?? 'en-US',
    reducedMotion: 'reduce',
  });
  const failedRequests: string[] = [];
  let consoleMessages: ConsoleEntry[] = [];
  let pageErrors: string[] = [];

  // On failure: what the page said, and a screenshot of every page (artifacts/screenshots/failures/).
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const lines = [
        ...pageErrors.map((e) => `pageerror ${e}`),
        ...consoleMessages.map((m) => `console.${m.type} ${m.text}`),
        ...failedRequests.map((r) => `request ${r}`),
      ];
      if (lines.length) console.error(`[browser page] ${task.name}\n  ${lines.join('\n  ')}`);
      const name = task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
      for (const [i, p] of context.pages().entries()) {
        const file = path.join(SCREENSHOTS_DIR, 'failures', `${name}${i ? `-${i}` : ''}.png`);
        await p.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
      }
    }
    await context.close().catch(() => undefined);
    // A failed test's page stays for a look (global-setup removes it after an hour).
    if (task.result?.state !== 'fail') rmSync(pageDir, { recursive: true, force: true });
  });
  context.setDefaultTimeout(WAIT);

  await context.exposeFunction('__swMintToken', mint);
  const page = await context.newPage();

  ({ console: consoleMessages, errors: pageErrors } = recordNative(page).native);
  page.on('requestfailed', (r) =>
    failedRequests.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText ?? 'failed'}`),
  );
  page.on('response', (r) => {
    if (r.status() >= 400) failedRequests.push(`${r.request().method()} ${r.url()}: ${r.status()}`);
  });

  const host = page.locator('[data-service-widget]');
  const part = (name: string) => host.locator(`[part~="${name}"]`);

  const wp: WidgetPage = {
    page,
    context,
    url,
    host,
    part,
    tokens,
    consoleMessages,
    pageErrors,
    events: () => page.evaluate(() => window.__swTest.events),
    async send(text) {
      const input = part('composer-input');
      await input.fill(text);
      await input.press('Enter');
    },
    async waitForReplies(count) {
      const done = host.locator('[part~="message"][data-role="assistant"]:not([aria-busy="true"])');
      await expect.poll(() => done.count(), { timeout: WAIT }).toBeGreaterThanOrEqual(count);
      await part('stop-button').waitFor({ state: 'detached' });
      return done.nth(count - 1);
    },
    async openPanel() {
      await part('launcher').click();
      await part('panel').waitFor();
      await part('composer-input').waitFor();
    },
    async screenshot(name) {
      const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
      await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
      return file;
    },
  };

  await opts.beforeLoad?.(page, context);
  await page.goto(url, { waitUntil: 'load' });
  return wp;
}

// Real-browser tests that run in Chromium, Firefox and WebKit (docs/testing.md, "Three engines").
// `npm run test:browser` runs the `browser` project once per engine; BROWSER_ENGINE names it.
// Every test file imports `openPage` from here, except the Chromium-only files listed with their
// reason in ../engine-rules.ts (they use ../helpers, Playwright and CDP).
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, it, onTestFinished, type TestContext, type TestFunction } from 'vitest';
import { mintToken } from '../../../mock/jwt';
import type { WidgetEvent } from '../../../src/types';
import { mockRequests, resetMock, serverUrl, writePage, type OpenPageOptions, type Violation } from '../helpers';
import { KEEP_PICTURES, SCREENSHOTS_DIR } from '../paths';
import { chromiumEngine } from './chromium';
import type { ConsoleEntry, DriverPage, Engine, EngineName } from './driver';
import { ENGINES } from './driver';
import { firefoxEngine } from './firefox';
import { Locator, TestPage, WAIT } from './locator';
import { webkitEngine } from './webkit';

export {
  apiRequests,
  DEMO_PUBLIC_ID,
  DESKTOP,
  mockControl,
  mockRequests,
  PHONE,
  resetMock,
  serverUrl,
} from '../helpers';
export type { ConsoleEntry, EngineName } from './driver';
export { Locator, TestPage, WAIT } from './locator';

function engineName(): EngineName {
  const name = (process.env.BROWSER_ENGINE ?? 'chromium') as EngineName;
  if (!ENGINES.includes(name)) throw new Error(`BROWSER_ENGINE=${name}: expected one of ${ENGINES.join(', ')}`);
  return name;
}

/** The engine this run tests. */
export const ENGINE: EngineName = engineName();

let current: Engine | null = null;

/** This worker's own WebKitWebDriver (global-setup.ts starts one per worker; VITEST_POOL_ID is 1…maxWorkers). */
function workerDriver(): string {
  const urls = inject('webkitDriverUrls');
  const url = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
  if (!url) throw new Error('no WebKitWebDriver was started for this run (global-setup.ts)');
  return url;
}

/** This worker's engine (connected or launched on first use, then kept for the whole run). */
export function engine(): Engine {
  current ??=
    ENGINE === 'chromium'
      ? chromiumEngine()
      : ENGINE === 'firefox'
        ? firefoxEngine(inject('browserPidDir'))
        : webkitEngine(workerDriver());
  return current;
}

/**
 * Skips the current test in the given engines, with the reason (shown in the report and listed in
 * docs/testing.md). Only for what the engine or its driver cannot do at all.
 */
export function skipIn(ctx: TestContext, engines: EngineName[], reason: string): void {
  if (engines.includes(ENGINE)) ctx.skip(`${ENGINE}: ${reason}`);
}

/**
 * A test of the widget's own logic, where the engine decides nothing (its state, timers and data
 * handling): run in Chromium, not registered in Firefox and WebKit, so their counts leave it out.
 * Every file that uses it is listed with its cases and reason in docs/testing.md ("Cases that run
 * in Chromium only"), and what covers the engine's part in every engine.
 */
export function itInChromium(name: string, fn: TestFunction, timeout?: number): void {
  if (ENGINE === 'chromium') it(name, fn, timeout);
}

export interface EnginePageOptions extends Omit<OpenPageOptions, 'beforeLoad'> {
  /** Runs after the page is set up and before the customer page loads (cookies, …). */
  beforeLoad?: (page: TestPage) => Promise<void>;
}

export interface WidgetPage {
  engine: EngineName;
  page: TestPage;
  url: string;
  /** The `[data-service-widget]` host element. */
  host: Locator;
  /** A shadow part by name (`[part~=name]`, searched through open shadow roots). */
  part(name: string): Locator;
  /** Every token the page handed to the widget, oldest first. */
  tokens(): Promise<string[]>;
  consoleMessages(): Promise<ConsoleEntry[]>;
  pageErrors(): Promise<string[]>;
  /** URLs the page loaded or fetched (the engine's own record where it has one, else Resource Timing). */
  requestedUrls(): Promise<string[]>;
  /** `METHOD url` of every fetch() the page made (fixtures/early.js), failed ones included. */
  fetches(): Promise<string[]>;
  /** alert/confirm/prompt calls (fixtures/early.js answers them). */
  dialogs(): Promise<string[]>;
  /** Names of the Trusted Types policies the page created, in order. */
  policies(): Promise<string[]>;
  violations(): Promise<Violation[]>;
  events(): Promise<WidgetEvent[]>;
  tokenCalls(): Promise<number>;
  /** Types into the composer and presses Enter. */
  send(text: string): Promise<void>;
  /** Waits until `count` assistant replies are finished and nothing streams. */
  waitForReplies(count: number): Promise<Locator>;
  /** Opens the floating panel with the launcher and waits for the composer. */
  openPanel(): Promise<void>;
  /** Saves artifacts/screenshots/<name>-<engine>.png, for a test to read. */
  screenshot(name: string): Promise<string>;
  /** The same, as a picture for people: taken only when the run keeps them (KEEP_PICTURES); null otherwise. */
  picture(name: string): Promise<string | null>;
  cookies(): Promise<{ name: string; value: string; domain: string }[]>;
  /** The other tabs of this test (the portal tab): URL and whether it has an opener. */
  otherTabs(): Promise<{ url: string; opener: boolean }[]>;
  /**
   * The same visitor's second tab (same browser context, its own sessionStorage) with the same
   * customer page loaded; closed when the test finishes.
   */
  openTab(): Promise<WidgetPage>;
}

let pageSeq = 0;

/** A fresh page (new context or tab) with the customer page loaded; closed when the test finishes. */
export async function openPage(opts: EnginePageOptions = {}): Promise<WidgetPage> {
  await resetMock(opts.scenario, opts.settings);
  const sub = opts.sub ?? `visitor-${process.pid}-${Date.now().toString(36)}-${++pageSeq}`;
  const staticToken = opts.token === 'static' ? await mintToken({ sub }) : undefined;
  const { url, dir: pageDir } = writePage(opts, staticToken, { sub });

  const viewport = opts.viewport ?? { width: 1280, height: 800 };
  const driver = await engine().newPage({
    viewport,
    isMobile: opts.isMobile ?? viewport.width <= 480,
    colorScheme: opts.colorScheme ?? 'light',
    locale: opts.locale ?? 'en-US',
    url,
  });
  const wp = widgetPage(driver, url, pageDir);
  await opts.beforeLoad?.(wp.page);
  await driver.goto(url);
  return wp;
}

/**
 * The WidgetPage of a driver's tab showing the customer page at `url`; the tab closes when the test
 * finishes (the first tab also removes the page's directory, unless the test failed).
 */
function widgetPage(driver: DriverPage, url: string, pageDir: string | null, tab = ''): WidgetPage {
  const page = new TestPage(driver);
  const inPage = <T>(name: string, fallback: T) =>
    page.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name).then((v) => (v ?? fallback) as T);

  const wp: WidgetPage = {
    engine: ENGINE,
    page,
    url,
    host: page.locator('[data-service-widget]'),
    part: (name) => page.locator('[data-service-widget]').locator(`[part~="${name}"]`),
    tokens: () => page.evaluate(() => window.__swTest.tokens.slice()),
    consoleMessages: async () => driver.native?.console.slice() ?? inPage<ConsoleEntry[]>('__swConsole', []),
    pageErrors: async () => driver.native?.errors.slice() ?? inPage<string[]>('__swErrors', []),
    async requestedUrls() {
      const timing = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      return [...(driver.native?.requests.map((r) => r.replace(/^\S+ /, '')) ?? []), ...timing];
    },
    fetches: () => inPage<string[]>('__swFetches', []),
    dialogs: () => inPage<string[]>('__swDialogs', []),
    policies: () => inPage<string[]>('__swPolicies', []),
    violations: () => inPage<Violation[]>('__swViolations', []),
    events: () => page.evaluate(() => window.__swTest.events),
    tokenCalls: () => page.evaluate(() => window.__swTest.tokenCalls),
    async send(text) {
      const input = wp.part('composer-input');
      await input.fill(text);
      await input.press('Enter');
    },
    async waitForReplies(count) {
      const done = wp.host.locator('[part~="message"][data-role="assistant"]:not([aria-busy="true"])');
      await expect.poll(() => done.count(), { timeout: WAIT }).toBeGreaterThanOrEqual(count);
      await wp.part('stop-button').waitFor({ state: 'detached' });
      return done.nth(count - 1);
    },
    async openPanel() {
      await wp.part('launcher').click();
      await wp.part('panel').waitFor();
      await wp.part('composer-input').waitFor();
    },
    async screenshot(name) {
      const file = path.join(SCREENSHOTS_DIR, `${name}-${ENGINE}.png`);
      mkdirSync(path.dirname(file), { recursive: true });
      await driver.screenshot(file);
      return file;
    },
    picture: async (name) => (KEEP_PICTURES ? wp.screenshot(name) : null),
    cookies: () => driver.cookies(),
    otherTabs: () => driver.otherTabs(),
    async openTab() {
      const second = widgetPage(await driver.openTab(), url, null, '-tab2');
      await second.page.goto(url);
      return second;
    },
  };

  // On failure: what the page said, and a screenshot (artifacts/screenshots/failures/).
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const lines = await Promise.all([wp.pageErrors(), wp.consoleMessages()])
        .then(([errors, messages]) => [
          ...errors.map((e) => `pageerror ${e}`),
          ...messages.map((m) => `console.${m.type} ${m.text}`),
        ])
        .catch(() => []);
      if (lines.length) console.error(`[browser page${tab}, ${ENGINE}] ${task.name}\n  ${lines.join('\n  ')}`);
      const file = path.join(
        SCREENSHOTS_DIR,
        'failures',
        `${task.name.replace(/[^\w-]+/g, '_').slice(0, 80)}${tab}-${ENGINE}.png`,
      );
      mkdirSync(path.dirname(file), { recursive: true });
      await driver.screenshot(file).catch(() => undefined);
    }
    await driver.close().catch(() => undefined);
    if (pageDir && task.result?.state !== 'fail') rmSync(pageDir, { recursive: true, force: true });
  });
  return wp;
}

/**
 * Answers every request to `path` on this test's mock service with this answer (for a reply the
 * mock's scenarios do not have; the Chromium-only tests use page.route). A `held` answer waits
 * until `releaseCanned()` (a slow service, moved by the test instead of a clock).
 */
export async function cannedAnswer(
  path: string,
  answer: { status?: number; headers?: Record<string, string>; body: string; held?: boolean },
): Promise<void> {
  const res = await fetch(`${serverUrl()}/__canned`, { method: 'POST', body: JSON.stringify({ path, ...answer }) });
  if (!res.ok) throw new Error(`canned answer for ${path}: ${res.status}`);
}

/** A message as the service stores it (`created_at` is added). */
export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
}

/**
 * Serves one stored conversation from this test's mock: the history list holds it alone, and
 * `GET /conversations/<id>` answers with `messages`. The visitor opens it from history.
 */
export async function storedConversation(id: string, title: string, messages: StoredMessage[]): Promise<void> {
  const at = '2026-11-26T00:00:00Z';
  const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await cannedAnswer(
    '/api/v1/widget/conversations',
    json({ data: [{ id, title, created_at: at, updated_at: at }], next_cursor: null }),
  );
  await cannedAnswer(
    `/api/v1/widget/conversations/${id}`,
    json({ id, title, created_at: at, messages: messages.map((m) => ({ ...m, created_at: at })) }),
  );
}

/** Sends every held canned answer that is waiting, once the first has come (within WAIT). */
export async function releaseCanned(): Promise<void> {
  const res = await fetch(`${serverUrl()}/__canned/release`, {
    method: 'POST',
    signal: AbortSignal.timeout(WAIT),
  }).catch((err: unknown) => {
    throw new Error(`no request came for a held canned answer within ${WAIT} ms`, { cause: err });
  });
  if (!res.ok) throw new Error(`releasing the held answers: ${res.status}`);
}

/**
 * A fresh page at any URL (e.g. a page a test wrote under artifacts/browser/pages/, served by the
 * mock with a `headers.json` beside it); closed when the test finishes. Its errors and console
 * come from the engine, or in WebKit from fixtures/early.js if the page runs it first.
 */
export async function openUrl(
  url: string,
  viewport = { width: 1280, height: 800 },
  isMobile = false,
): Promise<{
  page: TestPage;
  requestedUrls(): Promise<string[]>;
  pageErrors(): Promise<string[]>;
  consoleMessages(): Promise<ConsoleEntry[]>;
}> {
  const driver = await engine().newPage({ viewport, isMobile, colorScheme: 'light', locale: 'en-US', url });
  onTestFinished(() => driver.close().catch(() => undefined));
  const page = new TestPage(driver);
  const inPage = <T>(name: string) =>
    page.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name).then((v) => (v ?? []) as T);
  await driver.goto(url);
  return {
    page,
    async requestedUrls() {
      const timing = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      return [...(driver.native?.requests.map((r) => r.replace(/^\S+ /, '')) ?? []), ...timing];
    },
    pageErrors: async () => driver.native?.errors.slice() ?? inPage<string[]>('__swErrors'),
    consoleMessages: async () => driver.native?.console.slice() ?? inPage<ConsoleEntry[]>('__swConsole'),
  };
}

/** Console errors and warnings and page errors, for asserting a clean run. */
export async function problems(wp: WidgetPage): Promise<string[]> {
  const [errors, messages] = await Promise.all([wp.pageErrors(), wp.consoleMessages()]);
  return [
    ...errors.map((e) => `pageerror: ${e}`),
    ...messages.filter((m) => m.type === 'error' || m.type === 'warning').map((m) => `${m.type}: ${m.text}`),
  ];
}

/** A strict policy: scripts from 'self' only, no inline anything, Trusted Types enforced (the widget's policy and DOMPurify's). */
export const STRICT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "require-trusted-types-for 'script'",
  'trusted-types service-widget dompurify',
].join('; ');

/** The voice socket's frames as the mock received them, oldest first (`start`, `{ binary: bytes }`, `stop`). */
export const voiceFrames = async (): Promise<Record<string, unknown>[]> =>
  (await mockRequests()).filter((r) => r.method === 'WS').map((r) => r.body as Record<string, unknown>);

/**
 * A spoken turn: the microphone pressed, some audio sent (the mock answers `no_audio` to a turn
 * without any), pressed again, and the reply: the `replies`th.
 */
export async function speakTurn(wp: WidgetPage, replies: number): Promise<void> {
  const before = (await voiceFrames()).length;
  await wp.part('mic-button').click();
  await expect
    .poll(async () => (await voiceFrames()).slice(before).filter((f) => 'binary' in f).length, { timeout: WAIT })
    .toBeGreaterThan(0);
  await wp.part('mic-button').click();
  await wp.waitForReplies(replies);
}

/** Loads axe-core (a devDependency, from the test server) into the page as a `<script src>`; the page must allow it. */
export async function addAxe(page: TestPage): Promise<void> {
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error(`${src} did not load (is axe-core installed?)`));
        document.head.append(script);
      }),
    `${serverUrl()}/node_modules/axe-core/axe.min.js`,
  );
}

export { frames, passTime } from '../pass-time';

/**
 * Moves the page's clock `ms` forward (the page runs `earlyFixtures: ['test-clock.js']`), firing
 * the timers of a second or more that fall due on the way: a countdown, a back-off, without waiting.
 */
export const advanceClock = (wp: WidgetPage, ms: number): Promise<number> =>
  wp.page.evaluate((n) => window.__swClock.advance(n), ms);

/**
 * Moves the page's clock to its next timer of at most `within` ms (a back-off, a countdown's next
 * second), leaving longer ones (a request's time limit) alone. False when none waits.
 */
export async function nextTimer(wp: WidgetPage, within = 10_000): Promise<boolean> {
  const [next] = (await wp.page.evaluate(() => window.__swClock.pending())).filter((ms) => ms <= within);
  if (next === undefined) return false;
  await advanceClock(wp, Math.max(0, next));
  return true;
}
/** The old name of passTime (charts.test.ts still uses it): only before asserting that something did NOT happen. */
export { passTime as settle } from '../pass-time';

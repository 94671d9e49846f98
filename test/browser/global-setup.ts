// Global setup of the `browser` vitest project (runs once, in the main process):
// - makes sure dist/widget.js exists (builds it when missing or older than src/) and copies dist/
//   to artifacts/browser/runs/<run>/dist/, which this run's test pages load,
// - starts the mock service over real localhost HTTP (it also serves the repo root as static files),
// - launches Debian's Chromium ONCE as a Playwright browser server; every test file connects to it.
// The ws endpoint and the server URL reach the tests through vitest's provide()/inject().
import { CHROMIUM, CHROMIUM_ARGS as BASE_ARGS } from '../../scripts/chromium.mjs';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { ensureBuild, newestMtime } from '../ensure-build';
import { startWebKitDriver, type WebKitProcesses } from './engines/processes';
import type { TestProject } from 'vitest/node';
import type { IncomingMessage } from 'node:http';
import { mintToken } from '../../mock/jwt';
import { startMockServer, type NodeHandler, type RunningMockServer } from '../../mock/node-server';
import { BROWSER_WORK_DIR, PAGES_DIR, REPO_ROOT as ROOT, RUNS_DIR, SCREENSHOTS_DIR, urlPath } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Playwright ws endpoint of the shared Chromium (chromium.connect). */
    browserWsEndpoint: string;
    /** `http://127.0.0.1:<port>`: the mock service, its `/__mock/*` control routes, and the repo as static files. */
    serverUrl: string;
    /** URL path of this run's copy of dist/widget.js (what the test pages load with <script src>). */
    widgetScriptPath: string;
    /** WebKit runs: the WebKitWebDriver started here (test/browser/engines/webkit.ts opens the session). */
    webkitDriverUrl: string;
  }
}

const ENGINE = process.env.BROWSER_ENGINE ?? 'chromium';
export const CHROMIUM_ARGS = [
  ...BASE_ARGS,
  // Voice (test/browser/voice.test.ts): a fake microphone, granted without a prompt.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

function ensureChromium(): void {
  if (ENGINE !== 'chromium' || existsSync(CHROMIUM)) return;
  throw new Error(
    `[browser tests] Chromium not found at ${CHROMIUM}. The real-browser tests use Debian's Chromium:\n` +
      `    apt-get install -y chromium\n` +
      `(or point CHROMIUM_PATH at another Chromium binary).`,
  );
}

/** Pages written by the tests may ask for response headers (e.g. a CSP) through a `headers.json` beside them. */
function pageHeaders(pathname: string): Record<string, string> {
  if (!pathname.startsWith(`${urlPath(BROWSER_WORK_DIR)}/`) || !pathname.endsWith('.html')) return {};
  const file = path.join(ROOT, path.dirname(pathname), 'headers.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * Canned answers for the engine-neutral tests (test/browser/engines `cannedAnswer`), where a
 * Chromium-only test would use page.route: `POST /__canned` `{ path, status, headers, body, delayMs }` sets
 * the answer for requests to that path (query ignored), sent after `delayMs` (a slow service),
 * `POST /__canned/clear` drops them all.
 */
function cannedAnswers(): NodeHandler {
  const canned = new Map<string, { status: number; headers: Record<string, string>; body: string; delayMs: number }>();
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += String(c)));
      req.on('end', () => resolve(text));
    });
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/__canned') {
      const {
        path: p,
        status = 200,
        headers = {},
        body = '',
        delayMs = 0,
      } = JSON.parse(await read(req)) as {
        path: string;
        status?: number;
        headers?: Record<string, string>;
        body?: string;
        delayMs?: number;
      };
      canned.set(p, { status, headers, body, delayMs });
      res.writeHead(204).end();
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/__canned/clear') {
      canned.clear();
      res.writeHead(204).end();
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/__test/token') {
      // The engine-neutral pages' getAuthToken (fixtures/harness.js), also from pages on another
      // origin (test/browser/fault-server.ts): a visitor token from the mock's secret, per call.
      const { sub } = JSON.parse(await read(req)) as { sub: string };
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify({ token: await mintToken({ sub }) }));
      return true;
    }
    const answer = canned.get(url.pathname);
    if (!answer || req.method === 'OPTIONS') return false;
    await read(req);
    // A client that goes away meanwhile (its page closed) ends the wait: no timer outlives the run.
    if (answer.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, answer.delayMs);
        res.on('close', () => resolve(clearTimeout(timer)));
      });
    }
    if (res.destroyed) return true;
    res.writeHead(answer.status, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': '*',
      ...answer.headers,
    });
    res.end(answer.body);
    return true;
  };
}

/**
 * Copies dist/ once it is complete and quiet: in a shared checkout someone else's `npm run build`
 * may be half way (its first step empties dist/), so wait until every artifact is there and
 * nothing in dist/ changed for a moment.
 */
async function snapshotDist(target: string): Promise<void> {
  const dist = path.join(ROOT, 'dist');
  const required = ['widget.js', ...(existsSync(path.join(ROOT, 'src/voice/runtime.ts')) ? ['widget-voice.js'] : [])];
  const deadline = Date.now() + 90_000;
  for (;;) {
    const complete = required.every((f) => existsSync(path.join(dist, f)));
    const quiet = complete && Date.now() - newestMtime(dist) > 1_500;
    if (quiet) break;
    if (Date.now() > deadline) {
      throw new Error(`[browser tests] dist/ is incomplete (${required.join(', ')} expected) or still being written.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  cpSync(dist, target, { recursive: true });
}

/** Removes what earlier (finished or crashed) runs left behind, leaving anything recent alone. */
function removeStale(dir: string, maxAgeMs: number): void {
  if (!existsSync(dir)) return;
  const cutoff = Date.now() - maxAgeMs;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).mtimeMs < cutoff) rmSync(full, { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium();
  ensureBuild('browser tests');
  removeStale(PAGES_DIR, 60 * 60_000);
  removeStale(RUNS_DIR, 60 * 60_000);
  removeStale(path.join(SCREENSHOTS_DIR, 'failures'), 10 * 60_000);
  mkdirSync(PAGES_DIR, { recursive: true });
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  // The build under test, frozen for this run (a rebuild of dist/ meanwhile cannot swap it).
  // The copy keeps the `/dist/` name, so widget.js finds widget-voice.js next to it as it would in production.
  const runDir = path.join(RUNS_DIR, `${process.pid}-${Date.now().toString(36)}`);
  const distCopy = path.join(runDir, 'dist');
  await snapshotDist(distCopy);

  let server: RunningMockServer | undefined;
  let browser: BrowserServer | undefined;
  let webkit: WebKitProcesses | undefined;
  try {
    server = await startMockServer({
      port: 0,
      staticRoot: ROOT,
      extraHeaders: pageHeaders,
      intercept: cannedAnswers(),
    });
    // Chromium-only files (not ported to test/browser/engines/) run in the chromium run only.
    if (ENGINE === 'chromium') browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    if (ENGINE === 'webkit') webkit = await startWebKitDriver();
  } catch (error) {
    await browser?.close().catch(() => undefined);
    webkit?.stop();
    await server?.close().catch(() => undefined);
    throw error;
  }

  project.provide('browserWsEndpoint', browser?.wsEndpoint() ?? '');
  project.provide('webkitDriverUrl', webkit?.url ?? '');
  project.provide('serverUrl', server.url);
  project.provide('widgetScriptPath', `${urlPath(distCopy)}/widget.js`);

  const [b, s] = [browser, server];
  return async () => {
    await b?.close().catch(() => undefined);
    webkit?.stop();
    await s.close();
    rmSync(runDir, { recursive: true, force: true });
  };
}

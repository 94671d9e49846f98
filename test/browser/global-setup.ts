// Global setup of the `browser` vitest project (runs once, in the main process):
// - makes sure dist/widget.js exists (builds it when missing or older than src/) and copies dist/
//   to artifacts/browser/dist/, which the test pages load,
// - starts the mock service over real localhost HTTP (it also serves the repo root as static files),
// - launches Debian's Chromium ONCE as a Playwright browser server; every test file connects to it.
// The ws endpoint and the server URL reach the tests through vitest's provide()/inject().
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startMockServer, type RunningMockServer } from '../../mock/node-server';
import { DIST_SNAPSHOT_DIR, PAGES_DIR, REPO_ROOT as ROOT, SCREENSHOTS_DIR, urlPath } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Playwright ws endpoint of the shared Chromium (chromium.connect). */
    browserWsEndpoint: string;
    /** `http://127.0.0.1:<port>`: the mock service, its `/__mock/*` control routes, and the repo as static files. */
    serverUrl: string;
  }
}

const WIDGET = path.join(ROOT, 'dist', 'widget.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Voice (test/browser/voice.test.ts): a fake microphone, granted without a prompt.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function ensureBuild(): void {
  const stale = existsSync(WIDGET) && newestMtime(path.join(ROOT, 'src')) > statSync(WIDGET).mtimeMs;
  if (existsSync(WIDGET) && !stale) return;
  console.log(`[browser tests] ${stale ? 'dist/widget.js is older than src/, rebuilding' : 'building dist/widget.js'}…`);
  try {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  } catch (error) {
    if (!existsSync(WIDGET)) {
      throw new Error(`[browser tests] \`node scripts/build.mjs\` failed and there is no dist/widget.js to test.`, {
        cause: error,
      });
    }
    console.warn('[browser tests] the rebuild failed; testing the existing (older) dist/widget.js.');
  }
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  throw new Error(
    `[browser tests] Chromium not found at ${CHROMIUM}. The real-browser tests use Debian's Chromium:\n` +
      `    apt-get install -y chromium\n` +
      `(or point CHROMIUM_PATH at another Chromium binary).`,
  );
}

/** Pages written by the tests may ask for response headers (e.g. a CSP) through a `headers.json` beside them. */
function pageHeaders(pathname: string): Record<string, string> {
  const pagesUrl = `${urlPath(PAGES_DIR)}/`;
  if (!pathname.startsWith(pagesUrl) || !pathname.endsWith('.html')) return {};
  const file = path.join(ROOT, path.dirname(pathname), 'headers.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium();
  ensureBuild();
  rmSync(PAGES_DIR, { recursive: true, force: true });
  mkdirSync(PAGES_DIR, { recursive: true });
  // The build under test, frozen for this run (a rebuild of dist/ meanwhile cannot swap it).
  rmSync(DIST_SNAPSHOT_DIR, { recursive: true, force: true });
  cpSync(path.join(ROOT, 'dist'), DIST_SNAPSHOT_DIR, { recursive: true });
  rmSync(path.join(SCREENSHOTS_DIR, 'failures'), { recursive: true, force: true });
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });

  let server: RunningMockServer | undefined;
  let browser: BrowserServer | undefined;
  try {
    server = await startMockServer({ port: 0, staticRoot: ROOT, extraHeaders: pageHeaders });
    browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    throw error;
  }

  project.provide('browserWsEndpoint', browser.wsEndpoint());
  project.provide('serverUrl', server.url);

  const [b, s] = [browser, server];
  return async () => {
    await b.close().catch(() => undefined);
    await s.close();
  };
}

// Global setup of the `browser` vitest project (runs once, in the main process):
// - makes sure dist/widget.js exists (builds it when missing or older than src/) and copies dist/
//   to artifacts/browser/runs/<run>/dist/, which this run's test pages load,
// - checks that Debian's Chromium is there (each worker launches its own: engines/chromium.ts),
// - for WebKit, starts one private Xvfb and WebKitWebDriver per worker (a driver holds one session).
// Each test starts its own mock service (test/browser/test-server.ts, setup.ts).
// The endpoints reach the tests through vitest's provide()/inject().
import { CHROMIUM } from '../../scripts/chromium.mjs';
import { browserWorkers } from './workers.mjs';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureBuild, newestMtime } from '../../scripts/ensure-build.mjs';
import { startWebKitDriver, type WebKitProcesses } from './engines/processes';
import type { TestProject } from 'vitest/node';
import { PAGES_DIR, REPO_ROOT as ROOT, RUNS_DIR, SCREENSHOTS_DIR, urlPath } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL path of this run's copy of dist/widget.js (what the test pages load with <script src>). */
    widgetScriptPath: string;
    /** Where workers note the process ids of the browsers they launch themselves (Firefox), for the teardown to end. */
    browserPidDir: string;
    /** WebKit runs: the WebKitWebDrivers started here, one per worker (`VITEST_POOL_ID` picks; engines/webkit.ts opens the session). */
    webkitDriverUrls: string[];
  }
}

const ENGINE = process.env.BROWSER_ENGINE ?? 'chromium';
function ensureChromium(): void {
  if (ENGINE !== 'chromium' || existsSync(CHROMIUM)) return;
  throw new Error(
    `[browser tests] Chromium not found at ${CHROMIUM}. The real-browser tests use Debian's Chromium:\n` +
      `    apt-get install -y --no-install-recommends chromium-headless-shell\n` +
      `(or point CHROMIUM_PATH at another Chromium binary).`,
  );
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

  const webkit: WebKitProcesses[] = [];
  const pidDir = path.join(runDir, 'pids');
  mkdirSync(pidDir, { recursive: true });
  const stopAll = async () => {
    for (const w of webkit) w.stop();
    // A worker's Firefox outlives a worker that was ended rather than closed.
    for (const pid of readdirSync(pidDir)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    if (ENGINE === 'webkit') {
      webkit.push(...(await Promise.all(Array.from({ length: browserWorkers() }, () => startWebKitDriver()))));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }

  project.provide(
    'webkitDriverUrls',
    webkit.map((w) => w.url),
  );
  project.provide('browserPidDir', pidDir);
  project.provide('widgetScriptPath', `${urlPath(distCopy)}/widget.js`);
  return stopAll;
}

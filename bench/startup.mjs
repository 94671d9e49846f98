// Start-up benchmark: `npm run bench -- startup` (or `node bench/startup.mjs` after `npm run build`).
//
// What every page view of a customer's site pays for the widget before the visitor does anything:
// - script evaluation: compiling and running widget.js (it only defines window.ServiceWidget);
// - load to launcher: from the start of that evaluation to the floating launcher on screen
//   (`init` called right after the script, then two animation frames after `[part=launcher]`
//   exists).
// The script text is fetched first and run as an inline <script> inserted by the page, so the
// figures hold no network time. Each run is a fresh browser context (a fresh renderer process,
// no V8 code cache). Variants:
// - `lazy`: dist/widget.js as built (marked, DOMPurify and the renderer run on the first reply:
//   src/markdown/engine.ts);
// - `eager`: the same sources and build configuration with the renderer imported statically
//   (bench/eager-entry.ts), so marked and DOMPurify run at load; the saving is measured on one
//   machine in one run.
// Median of STARTUP_RUNS (default 15) runs per variant, alternating.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { fmt, log, OUT, ROOT, startHarness } from './lib.mjs';

const RUNS = Math.max(1, Number(process.env.STARTUP_RUNS ?? 15) | 0);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Builds widget.js with an eager markdown engine into bench/.out/widget-eager.js (vite.config.ts, production mode). */
async function buildEager() {
  mkdirSync(OUT, { recursive: true });
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root: ROOT,
    mode: 'production',
    logLevel: 'warn',
    build: {
      outDir: OUT,
      emptyOutDir: false,
      sourcemap: false,
      lib: {
        entry: path.join(ROOT, 'bench', 'eager-entry.ts'),
        formats: ['iife'],
        name: '__serviceWidgetBundle',
        fileName: () => 'widget-eager.js',
      },
    },
  });
  return { lazy: path.join(ROOT, 'dist', 'widget.js'), eager: path.join(OUT, 'widget-eager.js') };
}

/** Runs in the page: evaluates the widget script, mounts the floating launcher, times both. */
async function pageRun({ src, publicId, token }) {
  const code = await (await fetch(src)).text();
  const script = document.createElement('script');
  script.textContent = code;
  const t0 = performance.now();
  document.head.append(script); // an inline script runs synchronously on insertion
  const t1 = performance.now();
  window.ServiceWidget.init({ publicId, baseUrl: location.origin, getAuthToken: () => token });
  const host = document.querySelector('[data-service-widget]');
  for (;;) {
    if (host?.shadowRoot?.querySelector('[part~="launcher"]')) break;
    await new Promise((r) => setTimeout(r, 0));
  }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const t2 = performance.now();
  return { evalMs: t1 - t0, launcherMs: t2 - t0 };
}

export async function runStartup() {
  const widget = path.join(ROOT, 'dist', 'widget.js');
  if (!existsSync(widget)) throw new Error('dist/widget.js is missing: run `npm run build` first');
  log('building the eager variant (bench/eager-entry.ts) into bench/.out/widget-eager.js …');
  const scripts = await buildEager();
  const h = await startHarness();
  try {
    const { browser } = h;
    const empty = path.join(OUT, 'empty.js');
    writeFileSync(empty, '// the page loads no widget: the run inserts it\n');
    const runs = { lazy: [], eager: [] };
    {
      for (let i = 0; i < RUNS; i++) {
        for (const variant of ['lazy', 'eager']) {
          const context = await browser.newContext();
          const page = await context.newPage();
          await page.goto(h.writePage('startup', empty));
          const src = `/${path.relative(ROOT, scripts[variant]).split(path.sep).join('/')}`;
          runs[variant].push(await page.evaluate(pageRun, { src, publicId: h.publicId, token: h.token }));
          await context.close();
        }
      }
    }
    const med = (v, k) => median(runs[v].map((r) => r[k]));
    const min = (v, k) => Math.min(...runs[v].map((r) => r[k]));
    const rows = ['lazy', 'eager'].map((v) => ({
      v,
      evalMs: med(v, 'evalMs'),
      launcherMs: med(v, 'launcherMs'),
      evalMin: min(v, 'evalMs'),
      launcherMin: min(v, 'launcherMs'),
    }));
    console.log('');
    console.log(
      `Start-up of widget.js (floating launcher, no chat opened); median of ${RUNS} fresh pages per variant:`,
    );
    console.log('');
    console.log(
      `${'variant'.padEnd(34)} ${'script evaluation'.padStart(18)} ${'(fastest)'.padStart(10)} ${'load to launcher'.padStart(17)} ${'(fastest)'.padStart(10)}`,
    );
    const label = { lazy: 'lazy (dist/widget.js)', eager: 'eager (marked + DOMPurify at load)' };
    const ms = (n, w) => `${fmt(n, 1)} ms`.padStart(w);
    for (const r of rows)
      console.log(
        `${label[r.v].padEnd(34)} ${ms(r.evalMs, 18)} ${ms(r.evalMin, 10)} ${ms(r.launcherMs, 17)} ${ms(r.launcherMin, 10)}`,
      );
    const [lazy, eager] = rows;
    console.log('');
    console.log(
      `lazy / eager (medians): script evaluation ${fmt(lazy.evalMs / eager.evalMs, 2)}×, load to launcher ${fmt(lazy.launcherMs / eager.launcherMs, 2)}×`,
    );
    const load = os.loadavg()[0];
    if (load > os.cpus().length)
      console.log(
        `note: load average ${fmt(load, 1)} on ${os.cpus().length} cores: wall-clock figures are inflated and noisy; the fastest runs are the least disturbed.`,
      );
    return 0;
  } finally {
    await h.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runStartup().then(
    (code) => process.exit(code),
    (error) => {
      console.error('[bench] failed:', error);
      process.exit(2);
    },
  );
}

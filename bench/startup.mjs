// Start-up benchmark: `npm run bench -- startup` (or `node bench/startup.mjs` after `npm run build`).
//
// What every page view of a customer's site pays for the widget before the visitor does anything,
// against deep-chat 2.4.2 (the npm devDependency, its published single-file bundle) on the same page:
// - script evaluation: compiling and running the script (widget.js only defines window.ServiceWidget);
// - init(): the synchronous cost of `ServiceWidget.init({...})` (floating launcher); for deep-chat,
//   creating the `<deep-chat>` element, setting `connect` and appending it to the page;
// - mount: from the start of the script's evaluation to the launcher (deep-chat: its text input)
//   on screen, i.e. the first paint after it exists (requestAnimationFrame, then a task after the
//   frame: the "rAF + setTimeout" next-paint measure).
// Each script is loaded two ways, in turns:
// - `<script src>`, as a customer's page loads it (the targets are checked on this one): Chromium
//   parses and compiles a script it downloads on a background thread as it arrives (V8 script
//   streaming), so the main thread pays only its execution. The file is a copy with a statement
//   before and after it that read the clock (bench/.out/timed-<variant>.js): evaluation is the time
//   between them, and no network time is counted;
// - inline: the script's text fetched first and inserted as an inline <script>, which the main
//   thread parses too (for information: a page that bundles the npm build pays about this).
// Each run is a fresh browser context (a fresh renderer process, no V8 code cache). Variants:
// - `widget`: dist/widget.js as built (marked, DOMPurify and the renderer run on the first reply:
//   src/markdown/engine.ts; the panel is built in idle time or on first open: src/widget.tsx);
// - `eager`: the same sources and build configuration with the renderer imported statically
//   (bench/eager-entry.ts), so marked and DOMPurify run at load;
// - `deep-chat`: node_modules/deep-chat/dist/deepChat.bundle.js (its trailing `export` removed so
//   it runs as the same inline classic script);
// - `floor`: what any script pays here for the launcher alone: its DOM (host, shadow root,
//   shell.css as a constructed sheet, the button and its icon) built by hand, no option checked,
//   no framework (floorInit below). It shows how much of init() is the widget's own code; the
//   floor's steps are timed one by one too (the engine's first uses: first shadow root, sheet, SVG).
// init() is timed around the call: the page's wait for a script tag's load event is in the mount.
// Then the first interactions, widget only, with the CPU slowed down 4x (CDP
// Emulation.setCPUThrottlingRate), a fresh context per run, 1.5 s after the launcher showed (a
// visitor's first click comes later than that; the panel is built in idle time by then):
// - first open: a mouse press on the launcher (the pointer over it 300 ms before, as a visitor's
//   is) to the next paint, from Event Timing (the longest
//   `event` entry of the press, PerformanceObserver durationThreshold 16; when no entry reaches
//   16 ms the press's own rAF + task measure from the click's timeStamp is printed instead);
// - first send: Enter in the composer (the question typed) to the next paint, measured the same way;
//   and, as its floor, the same flow on a bare <textarea> whose Enter adds one line to the page.
// A third measure opens the panel *before* idle time (`open: true` in init, then `ask` at once) and
// reports the longest task of that start, for information.
// With STARTUP_BASELINE=<a widget.js> (bench/baseline.mjs builds one from a git ref), that file is
// one more variant, `baseline`, in the same alternation, and the widget is given as a ratio of it:
// a change's cost at start-up, measured against the build before it on the same machine at once.
// Medians of STARTUP_RUNS (default 9) runs, variants alternating. Exits 1 when a target is missed:
// init() <= 3 ms, mount <= 0.5x deep-chat's, first open <= 50 ms, first send <= 32 ms.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { fmt, log, OUT, QUESTION, ROOT, runWhenMain, startHarness } from './lib.mjs';

const RUNS = Math.max(1, Number(process.env.STARTUP_RUNS ?? 9) | 0);
const THROTTLE = 4;
const TARGETS = { initMs: 3, mountRatio: 0.5, firstOpenMs: 50, firstSendMs: 32 };
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
  return path.join(OUT, 'widget-eager.js');
}

/** deep-chat's published bundle as a classic script (bench/.out/deep-chat.js): only its `export` goes. */
function deepChatScript() {
  const bundle = path.join(ROOT, 'node_modules', 'deep-chat', 'dist', 'deepChat.bundle.js');
  if (!existsSync(bundle)) throw new Error('node_modules/deep-chat is missing: run `npm ci`');
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'deep-chat', 'package.json'), 'utf8'));
  const code = readFileSync(bundle, 'utf8');
  const tail = /export\s*\{[^}]*\};?\s*$/;
  if (!tail.test(code)) throw new Error('deep-chat bundle: no trailing `export {…}` to remove');
  const out = path.join(OUT, 'deep-chat.js');
  writeFileSync(out, code.replace(tail, ''));
  return { file: out, version };
}

/**
 * The `floor` variant's init(): the launcher's DOM as the widget builds it (widget.tsx, ui/launcher.ts,
 * styles/index.ts), by hand. Serialized into bench/.out/floor.js with shell.css's source text.
 */
function floorInit(css, mark = () => {}) {
  const host = document.createElement('div');
  host.setAttribute('data-service-widget', '');
  host.setAttribute('data-mode', 'floating');
  mark('host element');
  const root = host.attachShadow({ mode: 'open' });
  mark('attachShadow');
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [sheet, new CSSStyleSheet()];
  mark('shell.css, parsed and adopted');
  const frame = root.appendChild(document.createElement('div'));
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('part', 'launcher');
  mark('frame and button');
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const icon = svg.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'path'));
  button.append(svg);
  mark("the icon (the page's first SVG element)");
  button.addEventListener('click', () => {});
  frame.append(button);
  host.setAttribute('data-theme', 'dark');
  host.setAttribute('lang', 'en');
  frame.setAttribute('class', 'root floating');
  frame.setAttribute('dir', 'ltr');
  button.setAttribute('aria-label', 'Open chat');
  button.setAttribute('aria-expanded', 'false');
  icon.setAttribute('d', 'M4 4h16v12H5.17L4 17.17V4z');
  mark('listener and attributes');
  document.body.append(host);
  mark('host appended');
}

/** bench/.out/floor.js: a classic script whose `ServiceWidget.init` is floorInit with shell.css. */
function floorScript() {
  const css = readFileSync(path.join(ROOT, 'src', 'styles', 'shell.css'), 'utf8');
  const out = path.join(OUT, 'floor.js');
  const init = `(${floorInit})(${JSON.stringify(css)}`;
  // `__floorSteps`: the same init, the clock read after each step (where the floor's time goes).
  const steps = `() => { const t = [['', performance.now()]]; ${init}, (n) => t.push([n, performance.now()])); return t; }`;
  writeFileSync(out, `window.ServiceWidget = { init: () => ${init}) };\nwindow.__floorSteps = ${steps};\n`);
  return out;
}

/** Runs in the page: loads the floor by `<script src>`, then times its init step by step. */
async function floorSteps(src) {
  const script = document.createElement('script');
  script.src = src;
  await new Promise((resolve) => {
    script.onload = resolve;
    document.head.append(script);
  });
  const t = window.__floorSteps();
  return t.slice(1).map(([name, at], i) => [name, at - t[i][1]]);
}

/**
 * bench/.out/timed-<variant>.js: the script with a statement before and after it that read the
 * clock, for a `<script src>` whose evaluation the page cannot time around.
 */
function timedCopy(file, variant) {
  const out = path.join(OUT, `timed-${variant}.js`);
  const code = readFileSync(file, 'utf8');
  writeFileSync(out, `window.__swT0 = performance.now();\n${code}\n;window.__swT1 = performance.now();\n`);
  return out;
}

/**
 * Runs in the page: evaluates the script (`load`: 'src', the timed copy by `<script src>`; or
 * 'inline', the script's text as an inline script), mounts (the widget's floating launcher, or a
 * `<deep-chat>` element), times evaluation, the mounting call and the first paint of the result.
 */
async function pageRun({ src, kind, publicId, token, load = 'src' }) {
  const script = document.createElement('script');
  const nextPaint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)));
  let t0;
  let t1;
  if (load === 'inline') {
    script.textContent = await (await fetch(src)).text();
    t0 = performance.now();
    document.head.append(script); // an inline script runs synchronously on insertion
    t1 = performance.now();
  } else {
    script.src = src;
    await new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = () => reject(new Error(`${src} did not load`));
      document.head.append(script);
    });
    t0 = window.__swT0;
    t1 = window.__swT1;
  }
  let shown;
  // Timed around the call itself: a script tag's load event, which the page awaits, can come a
  // task (or a frame) after the script ran, and that wait is no part of init() (it is in the mount).
  const called = performance.now();
  if (kind === 'deep-chat') {
    const el = document.createElement('deep-chat');
    el.connect = { url: `${location.origin}/deep-chat-unused` };
    document.querySelector('#chat').append(el);
    shown = () => el.shadowRoot?.querySelector('#text-input');
  } else {
    window.ServiceWidget.init({ publicId, baseUrl: location.origin, getAuthToken: () => token });
    shown = () => document.querySelector('[data-service-widget]')?.shadowRoot?.querySelector('[part~="launcher"]');
  }
  const t2 = performance.now();
  while (!shown()) await new Promise((r) => setTimeout(r, 0));
  const t3 = await nextPaint();
  return { evalMs: t1 - t0, waitMs: called - t1, initMs: t2 - called, mountMs: t3 - t0 };
}

/** Runs in the page: records Event Timing entries and each press's own rAF + task next-paint time. */
function watchInteractions() {
  const w = { entries: [], own: [] };
  window.__startup = w;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      w.entries.push({ name: e.name, start: e.startTime, duration: e.duration, id: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  for (const type of ['click', 'keydown'])
    window.addEventListener(
      type,
      (e) => {
        if (type === 'keydown' && e.key !== 'Enter') return;
        const at = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.own.push({ type, start: at, ms: performance.now() - at }), 0));
      },
      true,
    );
}

/** Runs in the page: the press since `from` (Event Timing's longest entry, else the own measure). */
function pressResult({ from, type }) {
  const w = window.__startup;
  const names = type === 'click' ? ['pointerdown', 'pointerup', 'click', 'mousedown', 'mouseup'] : ['keydown'];
  const entries = w.entries.filter((e) => e.start >= from && names.includes(e.name));
  const own = w.own.find((o) => o.type === type && o.start >= from);
  if (entries.length) return { ms: Math.max(...entries.map((e) => e.duration)), source: 'event timing', own: own?.ms };
  return { ms: own?.ms ?? null, source: 'rAF + task', own: own?.ms };
}

/** One fresh page at 4x slow-down: first open of the panel, then the first send, press to next paint. */
async function measureInteractions(h, widgetSrc) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(h.writePage('startup', path.join(OUT, 'empty.js')));
    await page.evaluate(watchInteractions);
    await page.evaluate(pageRun, { src: widgetSrc, kind: 'widget', publicId: h.publicId, token: h.token });
    const launcher = page.locator('[data-service-widget] [part~="launcher"]');
    const box = await launcher.boundingBox();
    await page.waitForTimeout(1500);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const now = () => page.evaluate(() => performance.now());
    const wait = (fn, arg) => page.waitForFunction(fn, arg, { polling: 100, timeout: 60_000 });

    // The pointer is over the launcher before the press, as a visitor's is: a click that moves and
    // presses in the same instant would make the press wait for the hover's frame.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(300);
    let from = await now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await wait((f) => window.__startup.own.some((o) => o.type === 'click' && o.start >= f), from);
    await page.waitForTimeout(300); // Event Timing entries arrive after the paint
    const open = await page.evaluate(pressResult, { from, type: 'click' });
    const input = page.locator('[data-service-widget] [part~="composer-input"]');
    await input.waitFor();
    await wait(() => {
      const root = document.querySelector('[data-service-widget]').shadowRoot;
      return root.activeElement?.getAttribute('part')?.includes('composer-input');
    });
    await input.fill(QUESTION);
    await page.waitForTimeout(500);

    from = await now();
    await page.keyboard.press('Enter');
    await wait((f) => window.__startup.own.some((o) => o.type === 'keydown' && o.start >= f), from);
    await page.waitForTimeout(300);
    const send = await page.evaluate(pressResult, { from, type: 'keydown' });
    const userMessage = page.locator('[data-service-widget] [part~="message"][data-role="user"]');
    await userMessage.waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return { open, send };
  } finally {
    await context.close();
  }
}

/**
 * The first send's floor: the same flow (fresh page, the text typed, Enter at 4x slow-down) on a bare
 * <textarea> whose Enter adds the text as one line of the page and empties it.
 */
async function measureFloorSend(h) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(h.writePage('startup', path.join(OUT, 'empty.js')));
    await page.evaluate(watchInteractions);
    await page.evaluate(() => {
      const list = document.body.appendChild(document.createElement('ul'));
      const input = document.body.appendChild(document.createElement('textarea'));
      input.addEventListener('keydown', (e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        list.appendChild(document.createElement('li')).textContent = input.value;
        input.value = '';
      });
    });
    await page.locator('textarea').fill(QUESTION);
    await page.waitForTimeout(1500);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const from = await page.evaluate(() => performance.now());
    await page.keyboard.press('Enter');
    await page.waitForFunction((f) => window.__startup.own.some((o) => o.type === 'keydown' && o.start >= f), from);
    await page.waitForTimeout(300);
    return await page.evaluate(pressResult, { from, type: 'keydown' });
  } finally {
    await context.close();
  }
}

/**
 * One fresh page at 4x slow-down where the panel opens before any idle time (`open: true`, then
 * `ask` at once): the longest task from the script's start until the question's message shows.
 */
async function measureEarlyOpen(h, widgetSrc) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(h.writePage('startup', path.join(OUT, 'empty.js')));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    return await page.evaluate(
      async ({ src, publicId, token, question }) => {
        const tasks = [];
        new PerformanceObserver((l) => l.getEntries().forEach((e) => tasks.push(e.duration))).observe({
          type: 'longtask',
        });
        const script = document.createElement('script');
        script.src = src;
        await new Promise((resolve) => {
          script.onload = resolve;
          document.head.append(script);
        });
        const t0 = window.__swT0;
        const w = window.ServiceWidget.init({
          publicId,
          baseUrl: location.origin,
          getAuthToken: () => token,
          open: true,
        });
        w.ask(question, { send: true });
        const root = document.querySelector('[data-service-widget]').shadowRoot;
        while (!root.querySelector('[part~="message"][data-role="user"]')) await new Promise((r) => setTimeout(r, 0));
        const shown = await new Promise((r) =>
          requestAnimationFrame(() => setTimeout(() => r(performance.now() - t0), 0)),
        );
        await new Promise((r) => setTimeout(r, 200));
        return { shownMs: shown, longestTaskMs: tasks.length ? Math.max(...tasks) : 0 };
      },
      { src: widgetSrc, publicId: h.publicId, token: h.token, question: QUESTION },
    );
  } finally {
    await context.close();
  }
}

export async function runStartup() {
  const widget = path.join(ROOT, 'dist', 'widget.js');
  if (!existsSync(widget)) throw new Error('dist/widget.js is missing: run `npm run build` first');
  log('building the eager variant (bench/eager-entry.ts) into bench/.out/widget-eager.js …');
  const eager = await buildEager();
  const deepChat = deepChatScript();
  const baseline = process.env.STARTUP_BASELINE ? path.resolve(process.env.STARTUP_BASELINE) : null;
  if (baseline && !existsSync(baseline)) throw new Error(`STARTUP_BASELINE ${baseline} does not exist`);
  const scripts = {
    widget,
    eager,
    'deep-chat': deepChat.file,
    floor: floorScript(),
    ...(baseline && { baseline }),
  };
  const timed = Object.fromEntries(Object.entries(scripts).map(([v, file]) => [v, timedCopy(file, v)]));
  const src = (file) => `/${path.relative(ROOT, file).split(path.sep).join('/')}`;
  const h = await startHarness();
  try {
    const { browser } = h;
    writeFileSync(path.join(OUT, 'empty.js'), '// the page loads no widget: the run inserts it\n');
    const variants = ['widget', 'eager', 'deep-chat', 'floor', ...(baseline ? ['baseline'] : [])];
    const loads = ['src', 'inline'];
    const byLoad = Object.fromEntries(loads.map((l) => [l, Object.fromEntries(variants.map((v) => [v, []]))]));
    for (let i = 0; i < RUNS; i++) {
      for (const load of loads)
        for (const variant of variants) {
          const context = await browser.newContext();
          const page = await context.newPage();
          await page.goto(h.writePage('startup', path.join(OUT, 'empty.js')));
          const kind = variant === 'deep-chat' ? 'deep-chat' : 'widget';
          const file = src((load === 'src' ? timed : scripts)[variant]);
          const arg = { src: file, kind, publicId: h.publicId, token: h.token, load };
          byLoad[load][variant].push(await page.evaluate(pageRun, arg));
          await context.close();
        }
    }
    log(`first open and first send at ${THROTTLE}x CPU slow-down …`);
    const presses = [];
    const early = [];
    const floorSends = [];
    for (let i = 0; i < RUNS; i++) {
      presses.push(await measureInteractions(h, src(timed.widget)));
      early.push(await measureEarlyOpen(h, src(timed.widget)));
      floorSends.push(await measureFloorSend(h));
    }
    const steps = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(h.writePage('startup', path.join(OUT, 'empty.js')));
      steps.push(await page.evaluate(floorSteps, src(timed.floor)));
      await context.close();
    }

    let runs = byLoad.src;
    const med = (v, k) => median(runs[v].map((r) => r[k]));
    const min = (v, k) => Math.min(...runs[v].map((r) => r[k]));
    const ms = (n, w) => `${fmt(n, 1)} ms`.padStart(w);
    const label = {
      widget: 'widget (dist/widget.js)',
      eager: 'widget, marked + DOMPurify at load',
      'deep-chat': `deep-chat ${deepChat.version}`,
      floor: "floor: the launcher's DOM by hand",
      baseline: 'baseline (STARTUP_BASELINE)',
    };
    const cell = (v, k) => `${ms(med(v, k), 9)} (${fmt(min(v, k), 1)})`.padStart(20);
    const ratios = {};
    for (const load of loads) {
      runs = byLoad[load];
      console.log('');
      console.log(
        `Start-up, Chromium ${h.chromium}, ${load === 'src' ? 'loaded by <script src> (targets)' : 'inserted as an inline script (information)'}, median (fastest) of ${RUNS} fresh pages per variant:`,
      );
      console.log('');
      console.log(
        `${'variant'.padEnd(38)} ${'script evaluation'.padStart(22)} ${'init()'.padStart(20)} ${'mount'.padStart(20)}`,
      );
      for (const v of variants)
        console.log(
          `${label[v].padEnd(38)} ${cell(v, 'evalMs').padStart(22)} ${cell(v, 'initMs')} ${cell(v, 'mountMs')}`,
        );
      ratios[load] = med('widget', 'mountMs') / med('deep-chat', 'mountMs');
      console.log('');
      console.log(
        `widget / deep-chat (medians): script evaluation ${fmt(med('widget', 'evalMs') / med('deep-chat', 'evalMs'), 2)}×, ` +
          `init() ${fmt(med('widget', 'initMs') / med('deep-chat', 'initMs'), 2)}×, mount ${fmt(ratios[load], 2)}×` +
          (load === 'src' ? ` (target ≤ ${TARGETS.mountRatio}×)` : ''),
      );
      if (baseline)
        console.log(
          `widget / baseline (medians): script evaluation ${fmt(med('widget', 'evalMs') / med('baseline', 'evalMs'), 2)}×, ` +
            `init() ${fmt(med('widget', 'initMs') / med('baseline', 'initMs'), 2)}×, mount ${fmt(med('widget', 'mountMs') / med('baseline', 'mountMs'), 2)}×`,
        );
    }
    runs = byLoad.src;
    const initMs = med('widget', 'initMs');
    const ratio = ratios.src;
    console.log(
      `init() above its floor (the same DOM by hand): ${fmt(initMs - med('floor', 'initMs'), 1)} ms (target ${TARGETS.initMs} ms leaves ${fmt(TARGETS.initMs - med('floor', 'initMs'), 1)} ms above the floor)`,
    );
    console.log(
      `from the script's end to the mounting call (the page awaiting the script's load event; in the mount, not in init()), median: ${variants.map((v) => `${v} ${fmt(med(v, 'waitMs'), 1)} ms`).join(', ')}`,
    );
    console.log(`where the floor's init() goes, median (fastest) of ${RUNS} fresh pages (first uses of the engine):`);
    for (const [i, [name]] of steps[0].entries()) {
      const all = steps.map((r) => r[i][1]);
      console.log(`  ${name.padEnd(40)} ${ms(median(all), 9)} (${fmt(Math.min(...all), 1)})`);
    }
    const open = median(presses.map((p) => p.open.ms));
    const send = median(presses.map((p) => p.send.ms));
    const sources = (k) => [...new Set(presses.map((p) => p[k].source))].join(', ');
    console.log('');
    console.log(`Press to next paint at ${THROTTLE}x CPU slow-down, widget, median of ${RUNS} fresh pages:`);
    console.log(
      `  first open of the panel  ${ms(open, 9)}  (target ≤ ${TARGETS.firstOpenMs} ms; runs: ${presses.map((p) => fmt(p.open.ms, 0)).join(', ')}; ${sources('open')})`,
    );
    console.log(
      `  first send               ${ms(send, 9)}  (target ≤ ${TARGETS.firstSendMs} ms; runs: ${presses.map((p) => fmt(p.send.ms, 0)).join(', ')}; ${sources('send')})`,
    );
    const floorSend = median(floorSends.map((p) => p.ms));
    console.log(
      `  floor of the first send  ${ms(floorSend, 9)}  (a bare <textarea> whose Enter adds one line; runs: ${floorSends.map((p) => fmt(p.ms, 0)).join(', ')})`,
    );
    console.log(
      `  opened before idle time (open: true + ask at once): question on screen ${ms(median(early.map((e) => e.shownMs)), 0)} ` +
        `after the script's start, longest task ${ms(median(early.map((e) => e.longestTaskMs)), 0)} (information)`,
    );
    const missed = [];
    if (!(initMs <= TARGETS.initMs)) missed.push(`init() ${fmt(initMs, 1)} ms > ${TARGETS.initMs} ms`);
    if (!(ratio <= TARGETS.mountRatio)) missed.push(`mount ${fmt(ratio, 2)}× deep-chat's > ${TARGETS.mountRatio}×`);
    if (!(open <= TARGETS.firstOpenMs)) missed.push(`first open ${fmt(open, 1)} ms > ${TARGETS.firstOpenMs} ms`);
    if (!(send <= TARGETS.firstSendMs)) missed.push(`first send ${fmt(send, 1)} ms > ${TARGETS.firstSendMs} ms`);
    const load = os.loadavg()[0];
    if (load > os.cpus().length)
      console.log(
        `note: load average ${fmt(load, 1)} on ${os.cpus().length} cores: wall-clock figures are inflated and noisy; the fastest runs are the least disturbed.`,
      );
    console.log('');
    console.log(missed.length ? `MISSED: ${missed.join('; ')}` : 'all start-up targets met');
    return missed.length ? 1 : 0;
  } finally {
    await h.close();
  }
}

runWhenMain(import.meta.url, runStartup);

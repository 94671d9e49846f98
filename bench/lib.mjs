// Shared by bench/stream.mjs (the benchmark) and bench/profile.mjs (where the time goes):
// building widget variants, the mock server + Chromium harness, and one measured run.
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { loadMock } from '../scripts/load-mock.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = path.join(ROOT, 'bench', '.out');
export const CHUNK_DELAY_MS = 2;
const RUN_TIMEOUT_MS = 180_000;
export const QUESTION = 'Give me a full sales report by region';
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

export const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const log = (...args) => console.log('[bench]', ...args);

/**
 * Runs a section when its file is run by itself (`node bench/<section>.mjs`): exit code 0, 1 when
 * a target is missed, 2 when it failed. `npm run bench` (bench/run.mjs) imports the sections instead.
 */
export function runWhenMain(moduleUrl, run) {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  run().then(
    (code) => process.exit(code),
    (error) => {
      console.error('[bench] failed:', error);
      process.exit(2);
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Widget builds.

/**
 * Builds src/index.ts the way vite.config.ts builds dist/widget.js (lib mode, IIFE, es2022), into
 * bench/.out/<fileName>. `naive: true` resolves src/markdown/stream.ts to bench/naive-stream.ts.
 */
export async function buildWidget({ fileName, naive = false, minify = true, streamModule }) {
  const realStream = path.join(ROOT, 'src', 'markdown', 'stream.ts');
  const naiveStream = streamModule ?? path.join(ROOT, 'bench', 'naive-stream.ts');
  naive ||= streamModule !== undefined;
  let swapped = 0;
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    define: { __VERSION__: JSON.stringify(version) },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    plugins: naive
      ? [
          {
            name: 'bench-naive-stream',
            enforce: 'pre',
            async resolveId(source, importer, options) {
              if (!importer || importer === naiveStream || !/markdown\/stream(\.ts)?$/.test(source)) return null;
              const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
              if (resolved?.id !== realStream) return null;
              swapped++;
              return naiveStream;
            },
          },
        ]
      : [],
    build: {
      target: 'es2022',
      outDir: OUT,
      emptyOutDir: false,
      sourcemap: false,
      minify,
      lib: {
        entry: path.join(ROOT, 'src', 'index.ts'),
        formats: ['iife'],
        name: '__serviceWidgetBundle',
        fileName: () => fileName,
      },
    },
  });
  if (naive && swapped === 0)
    throw new Error('the naive build did not replace src/markdown/stream.ts (was it renamed?)');
  return path.join(OUT, fileName);
}

// ---------------------------------------------------------------------------------------------
// Harness: mock server (TypeScript, scripts/load-mock.mjs), token, pages, Chromium.

export async function startHarness() {
  mkdirSync(OUT, { recursive: true });
  let server;
  let browser;
  const close = async () => {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
  };
  try {
    const [{ startMockServer }, { mintToken, DEMO_PUBLIC_ID }, { longMarkdownAnswer }, { buildReply }] = await loadMock(
      '/mock/node-server.ts',
      '/mock/jwt.ts',
      '/mock/long-answer.ts',
      '/mock/replies.ts',
    );

    // What the `long` scenario streams: check it is the ~30,000 chars in ~3,000 chunks we mean to measure.
    const text = longMarkdownAnswer();
    const plan = buildReply({
      scenario: 'long',
      userMessage: QUESTION,
      chunkDelayMs: CHUNK_DELAY_MS,
      newId: (p) => `${p}_x`,
    });
    const pieces = plan.frames
      .filter((f) => f.kind === 'event' && f.event === undefined && f.data !== '[DONE]')
      .map((f) => JSON.parse(f.data).choices?.[0]?.delta?.content)
      .filter(Boolean);
    if (pieces.join('') !== text) throw new Error('the `long` scenario does not stream longMarkdownAnswer() verbatim');
    if (text.length < 25_000 || pieces.length < 2_500) {
      throw new Error(
        `the \`long\` scenario streams ${text.length} chars in ${pieces.length} chunks; expected ~30,000 in ~3,000`,
      );
    }
    const answer = {
      chars: text.length,
      chunks: pieces.length,
      tables: (text.match(/^\|---/gm) ?? []).length,
      codeBlocks: (text.match(/^```\w/gm) ?? []).length,
      chunkDelayMs: plan.stream.delayMs,
    };

    server = await startMockServer({ staticRoot: ROOT });
    const token = await mintToken({ sub: 'bench-visitor', ttlSeconds: 3600 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

    return {
      answer,
      browser,
      chromium: browser.version(),
      close,
      /** Writes bench/.out/<variant>.html, a customer page loading `scriptFile` with a plain <script src>. */
      writePage(variant, scriptFile) {
        const src = `/${path.relative(ROOT, scriptFile).split(path.sep).join('/')}`;
        writeFileSync(
          path.join(OUT, `${variant}.html`),
          `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Customer page (${variant})</title>
<style>body { font-family: sans-serif; margin: 24px; } #chat { width: 420px; height: 720px; }</style>
</head>
<body>
<h1>Acme customer portal</h1>
<div id="chat"></div>
<script src="${src}"></script>
</body>
</html>
`,
        );
        return `${server.url}/bench/.out/${variant}.html`;
      },
      /** Fresh mock state, `long` scenario, 2 ms between chunks. */
      resetMock() {
        server.mock.reset();
        server.mock.setScenario('long');
        server.mock.chunkDelayMs = CHUNK_DELAY_MS;
      },
      token,
      publicId: DEMO_PUBLIC_ID,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// One run.

/** Runs in the page: the customer's script. */
function pageSetup({ token, publicId }) {
  const b = { events: [], longTasks: [], startAt: null, replyDoneAt: null, endAt: null };
  window.__bench = b;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter' && b.startAt === null) {
        b.startAt = performance.now();
        console.timeStamp('bench:start');
      }
    },
    true,
  );
  b.done = new Promise((resolve, reject) => {
    b.instance = window.ServiceWidget.init({
      publicId,
      baseUrl: location.origin,
      container: '#chat',
      getAuthToken: () => token,
      onEvent: (e) => {
        b.events.push({ type: e.type, ...(e.code ? { code: e.code } : {}) });
        if (e.type === 'error') reject(new Error(`widget error event: ${e.code} ${e.message}`));
        if (e.type !== 'reply_done') return;
        b.replyDoneAt = performance.now();
        console.timeStamp('bench:reply_done');
        // The final render happens after reply_done (Preact batches): two frames later it is on screen.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            b.endAt = performance.now();
            console.timeStamp('bench:end');
            resolve();
          }),
        );
      },
    });
  });
  b.done.catch(() => undefined);
}

/** Runs in the page after the run: what the reply looks like. */
function pageResult() {
  const b = window.__bench;
  const root = document.querySelector('[data-service-widget]')?.shadowRoot;
  const msgs = root ? root.querySelectorAll('[part~="message"][data-role="assistant"]') : [];
  const last = msgs[msgs.length - 1];
  const md = last?.querySelector('.md');
  return {
    startAt: b.startAt,
    replyDoneAt: b.replyDoneAt,
    endAt: b.endAt,
    longTasks: b.longTasks.filter((t) => b.startAt !== null && t.start + t.duration >= b.startAt && t.start <= b.endAt),
    textLength: md?.textContent?.length ?? 0,
    html: md?.innerHTML ?? '',
    busy: last?.getAttribute('aria-busy') ?? null,
  };
}

/**
 * Starts a trace kept in the browser until `stop()` (ReturnAsStream): nothing crosses the CDP
 * connection while the window is measured, so collecting the trace costs the page no CPU.
 */
export async function startTrace(cdp) {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: TRACE_CATEGORIES },
  });
  return {
    async stop(keepAll) {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      const { stream } = await complete;
      const parts = [];
      for (;;) {
        const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream, size: 1 << 22 });
        parts.push(base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data);
        if (eof) break;
      }
      await cdp.send('IO.close', { handle: stream });
      const parsed = JSON.parse(parts.join(''));
      const all = Array.isArray(parsed) ? parsed : parsed.traceEvents;
      const wanted = (e) =>
        e.name === 'RunTask' || e.name === 'TimeStamp' || e.name === 'TracingStartedInBrowser' || e.ph === 'M';
      return keepAll ? all : all.filter(wanted);
    },
  };
}

/** Longest RunTask on the page's renderer main thread between the page's markers. */
export function analyseTrace(events, pageUrl) {
  const threadNames = new Map();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name);
  const mains = [...threadNames].filter(([, name]) => name === 'CrRendererMain').map(([key]) => key);
  // The page's renderer: the process holding the page's frame, else the thread that set the markers.
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const framePid = started?.args?.data?.frames?.find((f) => f.url === pageUrl)?.processId;
  const markers = events.filter(
    (e) => e.name === 'TimeStamp' && String(e.args?.data?.message ?? '').startsWith('bench:'),
  );
  let thread = mains.find((key) => Number(key.split(':')[0]) === framePid);
  thread ??= markers[0] ? `${markers[0].pid}:${markers[0].tid}` : undefined;
  if (!thread)
    return {
      longestMs: null,
      longestCpuMs: null,
      cpuTotalMs: null,
      tasks: 0,
      markers: false,
      top: [],
      clock: null,
      thread: null,
    };
  const mark = (m) => markers.find((e) => e.args.data.message === m && `${e.pid}:${e.tid}` === thread)?.ts;
  const from = mark('bench:start') ?? -Infinity;
  const to = mark('bench:end') ?? Infinity;
  const replyDone = mark('bench:reply_done') ?? null;
  const tasks = [];
  let outerEnd = -Infinity; // a RunTask inside another (a nested run loop) is not counted twice
  for (const e of events
    .filter((x) => x.name === 'RunTask' && x.ph === 'X' && `${x.pid}:${x.tid}` === thread)
    .sort((a, b) => a.ts - b.ts)) {
    if (e.ts + (e.dur ?? 0) < from || e.ts > to || e.ts < outerEnd) continue;
    outerEnd = e.ts + (e.dur ?? 0);
    tasks.push({ ms: (e.dur ?? 0) / 1000, cpuMs: e.tdur === undefined ? null : e.tdur / 1000, ts: e.ts });
  }
  // Thread (CPU) time, when the trace has it for (nearly) every task.
  const timed = tasks.filter((t) => t.cpuMs !== null);
  const wallOf = (ts) => ts.reduce((n, t) => n + t.ms, 0);
  const cpuKnown = tasks.length > 0 && wallOf(timed) >= 0.95 * wallOf(tasks);
  const cpuTotalMs = cpuKnown ? timed.reduce((n, t) => n + t.cpuMs, 0) : null;
  const longestCpuMs = cpuKnown ? Math.max(...timed.map((t) => t.cpuMs)) : null;
  const untimed = tasks.filter((t) => t.cpuMs === null);
  tasks.sort((a, b) => b.ms - a.ms);
  const round = (n) => (Number.isFinite(n) ? Math.round(n) : null);
  return {
    longestMs: tasks[0]?.ms ?? null,
    longestCpuMs,
    cpuTotalMs,
    tasks: tasks.length,
    tasksWithoutCpuTime: { count: untimed.length, wallMs: +wallOf(untimed).toFixed(1) },
    markers: Number.isFinite(from) && Number.isFinite(to),
    clock: { start: from, replyDone, end: to },
    thread,
    // The five longest: duration, when they started after Enter, how long before the window's end.
    top: tasks.slice(0, 5).map((t) => ({
      ms: +t.ms.toFixed(1),
      cpuMs: t.cpuMs === null ? null : +t.cpuMs.toFixed(1),
      afterStartMs: round((t.ts - from) / 1000),
      beforeEndMs: round((to - t.ts) / 1000),
    })),
  };
}

/**
 * One fresh context + page, one question, one streamed reply. Measures the window from Enter to
 * reply_done + 2 frames. `profile: true` also records a V8 CPU profile of that window, `fullTrace`
 * returns every trace event of the page's main thread (`mainThreadTrace`, and the markers in `clock`);
 * `inspect(page)` runs on the page afterwards and its result is returned as `inspected`.
 */
export async function measureOnce(h, variant, scriptFile, { profile = false, fullTrace = profile, inspect } = {}) {
  h.resetMock();
  const pageUrl = h.writePage(variant, scriptFile);
  const context = await h.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    deviceScaleFactor: 1,
  });
  try {
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(`${e.name}: ${e.message}`));
    await page.goto(pageUrl);
    const configAnswered = page.waitForResponse((r) => r.url().includes('/api/v1/widget/config'));
    await page.evaluate(pageSetup, { token: h.token, publicId: h.publicId });
    await configAnswered;
    const input = page.locator('[data-service-widget] [part~="composer-input"]');
    await input.waitFor();
    await input.fill(QUESTION);
    await page.waitForTimeout(500);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const trace = await startTrace(cdp);
    const taskDuration = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
    const before = await taskDuration();
    await input.press('Enter');
    let timer;
    await Promise.race([
      page.evaluate(() => window.__bench.done),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${variant}: no reply_done within ${RUN_TIMEOUT_MS / 1000} s`)),
          RUN_TIMEOUT_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    const after = await taskDuration();
    const cpuProfile = profile ? (await cdp.send('Profiler.stop')).profile : undefined;
    const traceEvents = await trace.stop(fullTrace);
    const result = await page.evaluate(pageResult);
    const traced = analyseTrace(traceEvents, pageUrl);
    const inspected = inspect ? await inspect(page) : undefined;
    if (pageErrors.length) throw new Error(`${variant}: page errors: ${pageErrors.join('; ')}`);
    if (result.busy !== 'false') throw new Error(`${variant}: the reply is still marked busy after reply_done`);
    return {
      variant,
      script: path.relative(ROOT, scriptFile),
      mainThreadMs: after - before,
      mainThreadCpuMs: traced.cpuTotalMs,
      longestTaskMs: traced.longestMs,
      longestTaskCpuMs: traced.longestCpuMs,
      longestTasks: traced.top,
      tracedTasks: traced.tasks,
      tracedTasksWithoutCpuTime: traced.tasksWithoutCpuTime,
      traceMarkersFound: traced.markers,
      longTasksOver50: result.longTasks.length,
      longTaskObserverMaxMs: result.longTasks.length ? Math.max(...result.longTasks.map((t) => t.duration)) : null,
      wallMs: result.replyDoneAt - result.startAt,
      finalRenderMs: result.endAt - result.replyDoneAt,
      renderedTextLength: result.textLength,
      renderedHtmlSha256: createHash('sha256').update(result.html).digest('hex'),
      ...(inspect ? { inspected } : {}),
      ...(cpuProfile ? { cpuProfile } : {}),
      // `clock`: the page's markers in trace-clock µs (the clock of CPU profiles too).
      ...(fullTrace
        ? { clock: traced.clock, mainThreadTrace: traceEvents.filter((e) => `${e.pid}:${e.tid}` === traced.thread) }
        : {}),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** A fresh page at `pageUrl` with the widget mounted by `pageInit`; page errors are collected. */
export async function openBenchPage(h, service, pageUrl, pageInit) {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pageUrl);
  await page.evaluate(pageInit, { origin: service.origin });
  return { context, page, errors };
}

/**
 * Starts the measured window (a trace, and with HOSTILE_PROFILE the sampling profiler) after the
 * page has had `quietMs` to settle; the returned `end()` closes it two frames after the result
 * showed and gives the trace's events and their analysis.
 */
export async function measuredWindow(context, page, pageUrl, { quietMs = 300, fullTrace = false } = {}) {
  const profile = !!process.env.HOSTILE_PROFILE;
  await page.waitForTimeout(quietMs);
  const cdp = await context.newCDPSession(page);
  const trace = await startTrace(cdp);
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.evaluate(() => console.timeStamp('bench:start'));
  const started = Date.now();
  return {
    started,
    async end() {
      const wallS = (Date.now() - started) / 1000;
      await page.evaluate(
        () =>
          new Promise((r) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                console.timeStamp('bench:end');
                r();
              }),
            ),
          ),
      );
      const cpuProfile = profile ? (await cdp.send('Profiler.stop')).profile : null;
      const events = await trace.stop(fullTrace && profile);
      return { wallS, events, traced: analyseTrace(events, pageUrl), cpuProfile };
    },
  };
}

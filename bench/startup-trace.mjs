// Where the first open and the first send spend the main thread: `node bench/startup-trace.mjs`
// after `npm run build` (STARTUP_RUNS fresh pages, default 5). The same flow as `npm run bench --
// startup` (bench/startup.mjs: dist/widget.js inserted by the page, the presses 1.5 s after the
// launcher showed, CPU slowed down 4x), with a Chromium trace of each press: the CPU (thread) time
// of the press's handler, of style recalculation, layout and paint, and of every main-thread task
// from the press to its next paint (the page's own rAF + task measure). Thread time is what a busy
// machine stretches least: on a loaded machine the wall-clock figures of startup.mjs jump between
// runs while these stay close.
import path from 'node:path';
import { fmt, OUT, QUESTION, startHarness, startTrace } from './lib.mjs';

const RUNS = Math.max(1, Number(process.env.STARTUP_RUNS ?? 5) | 0);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const KINDS = { handler: ['EventDispatch'], style: ['UpdateLayoutTree'], layout: ['Layout'], paint: ['Paint'] };

/** Runs in the page: the widget, and each press's own next-paint time (rAF + task). */
async function setup({ publicId, token }) {
  const code = await (await fetch('/dist/widget.js')).text();
  const script = document.createElement('script');
  script.textContent = code;
  document.head.append(script);
  window.ServiceWidget.init({ publicId, baseUrl: location.origin, getAuthToken: () => token });
  window.__own = [];
  for (const type of ['click', 'keydown'])
    addEventListener(
      type,
      (e) => {
        if (type === 'keydown' && e.key !== 'Enter') return;
        const at = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => window.__own.push({ type, ms: performance.now() - at }), 0));
      },
      true,
    );
}

/** Thread time per kind, and of all tasks, on `thread` from the press's first event to its next paint. */
function breakdown(events, thread, type, ownMs) {
  const on = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const first = on.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === type);
  if (!first) return null;
  const from = first.ts;
  const to = from + ownMs * 1000;
  const inside = on.filter((e) => e.ts >= from && e.ts <= to);
  const cpu = (names) => inside.filter((e) => names.includes(e.name)).reduce((n, e) => n + (e.tdur ?? e.dur) / 1000, 0);
  const out = { ownMs };
  // Top-level events only for the handler (an EventDispatch inside another is counted in it).
  let end = -Infinity;
  out.handler = 0;
  for (const e of inside.filter((x) => x.name === 'EventDispatch')) {
    if (e.ts < end) continue;
    end = e.ts + e.dur;
    out.handler += (e.tdur ?? e.dur) / 1000;
  }
  for (const [k, names] of Object.entries(KINDS)) if (k !== 'handler') out[k] = cpu(names);
  out.tasks = cpu(['RunTask']);
  return out;
}

const h = await startHarness();
const rows = { open: [], send: [] };
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(h.writePage('startup', path.join(OUT, 'empty.js')));
      await page.evaluate(setup, { publicId: h.publicId, token: h.token });
      const box = await page.locator('[data-service-widget] [part~="launcher"]').boundingBox();
      await page.waitForTimeout(1500);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const trace = await startTrace(cdp);
      // The pointer arrives before the press, as in bench/startup.mjs.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(300);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction(() => window.__own.length === 1);
      const input = page.locator('[data-service-widget] [part~="composer-input"]');
      await input.waitFor();
      await page.waitForTimeout(300);
      await input.fill(QUESTION);
      await page.waitForTimeout(500);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.__own.length === 2);
      await page.waitForTimeout(200);
      const events = await trace.stop(true);
      const own = await page.evaluate(() => window.__own);
      // The page's renderer main thread: the CrRendererMain with the most events.
      const mains = new Set(
        events
          .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      );
      const count = new Map();
      for (const e of events) {
        const k = `${e.pid}:${e.tid}`;
        if (mains.has(k)) count.set(k, (count.get(k) ?? 0) + 1);
      }
      const thread = [...count].sort((a, b) => b[1] - a[1])[0][0];
      rows.open.push(breakdown(events, thread, 'mousedown', own[0].ms));
      rows.send.push(breakdown(events, thread, 'keydown', own[1].ms));
    } finally {
      await context.close();
    }
  }
} finally {
  await h.close();
}
console.log(
  `\nFirst open and first send at 4x CPU slow-down, Chromium ${h.chromium}, thread time (ms), median of ${RUNS}:`,
);
console.log(
  `${'press'.padEnd(12)}${['next paint (wall)', 'handler', 'style', 'layout', 'paint', 'all tasks'].map((s) => s.padStart(18)).join('')}`,
);
for (const [name, list] of Object.entries(rows)) {
  const ok = list.filter(Boolean);
  const col = (k) => `${fmt(median(ok.map((r) => r[k])), 1)}`.padStart(18);
  console.log(`${name.padEnd(12)}${['ownMs', 'handler', 'style', 'layout', 'paint', 'tasks'].map(col).join('')}`);
}

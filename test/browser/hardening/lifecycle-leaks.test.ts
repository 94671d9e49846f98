// docs/hardening.md, "5. Lifecycle and leaks".
// Lifecycle and leaks. 100 init/destroy cycles (floating, opened, and inline), 50
// conversations (open, send, wait for the reply, new conversation, close) and voice turns
// destroyed mid-recording leave nothing behind. Measured through CDP after forced GC
// (HeapProfiler.collectGarbage, then Runtime.getHeapUsage and Performance.getMetrics: JSHeapUsedSize,
// Nodes, JSEventListeners, Documents) after a warm-up of 10 cycles, and with counters installed by
// an init script: outstanding setTimeout/setInterval/requestAnimationFrame callbacks, WebSockets
// not closed, fetches in flight. Also: destroy() aborts requests still in flight.
import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../fault-server';
import { DEMO_PUBLIC_ID, openPage, WAIT, type WidgetPage } from '../helpers';
import { cdpMetrics, censusGrowth, figure, heapCensus, kb, useReport, type Metrics } from './lib';

let fault: FaultServer;
beforeAll(async () => {
  fault = await startFaultServer();
});
afterAll(async () => {
  await fault?.close();
});
useReport('5. lifecycle and leaks', import.meta.url);

/** Page-side counters, installed before any page script (so the widget only ever sees the wrappers). */
const LEAK_PROBE = () => {
  const c = {
    timeouts: new Map<number, string>(),
    intervals: new Map<number, string>(),
    rafs: new Set<number>(),
    sockets: new Set<WebSocket>(),
    fetchesInFlight: 0,
    fetches: 0,
    streams: [] as MediaStream[],
  };
  (window as unknown as { __swLeak: typeof c }).__swLeak = c;
  const where = () =>
    (new Error().stack ?? '')
      .split('\n')
      .slice(2, 4)
      .map((l) => l.trim())
      .join(' < ');
  const st = window.setTimeout.bind(window);
  const ct = window.clearTimeout.bind(window);
  const si = window.setInterval.bind(window);
  const ci = window.clearInterval.bind(window);
  const raf = window.requestAnimationFrame.bind(window);
  const caf = window.cancelAnimationFrame.bind(window);
  window.setTimeout = function (fn: TimerHandler, ms?: number, ...args: unknown[]) {
    if (typeof fn !== 'function') return st(fn, ms, ...args);
    const id: number = st(() => {
      c.timeouts.delete(id);
      (fn as (...a: unknown[]) => void)(...args);
    }, ms);
    c.timeouts.set(id, where());
    return id;
  } as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) c.timeouts.delete(id);
    ct(id);
  }) as typeof window.clearTimeout;
  window.setInterval = function (fn: TimerHandler, ms?: number, ...args: unknown[]) {
    const id = si(fn, ms, ...args);
    c.intervals.set(id, where());
    return id;
  } as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) c.intervals.delete(id);
    ci(id);
  }) as typeof window.clearInterval;
  window.requestAnimationFrame = (fn: FrameRequestCallback) => {
    const id = raf((t) => {
      c.rafs.delete(id);
      fn(t);
    });
    c.rafs.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id: number) => {
    c.rafs.delete(id);
    caf(id);
  };
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      c.sockets.add(this);
      this.addEventListener('close', () => c.sockets.delete(this));
    }
  };
  const nativeFetch = window.fetch;
  window.fetch = function (...args: Parameters<typeof fetch>) {
    c.fetches++;
    c.fetchesInFlight++;
    const p = nativeFetch.apply(window, args);
    p.then(
      () => c.fetchesInFlight--,
      () => c.fetchesInFlight--,
    );
    return p;
  };
  const gum = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
  if (gum) {
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const s = await gum(constraints);
      c.streams.push(s);
      return s;
    };
  }
};

interface Outstanding {
  timeouts: string[];
  intervals: string[];
  rafs: number;
  openSockets: number;
  fetchesInFlight: number;
  liveTracks: number;
  hosts: number;
}

declare global {
  interface Window {
    __swLeak: {
      timeouts: Map<number, string>;
      intervals: Map<number, string>;
      rafs: Set<number>;
      sockets: Set<WebSocket>;
      fetchesInFlight: number;
      fetches: number;
      streams: MediaStream[];
    };
  }
}

/** Lets the page finish what it started (timers, frames, fetches), then reads the counters. */
async function outstanding(wp: WidgetPage): Promise<Outstanding> {
  await wp.page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // A finished reply's body is read to its end, and cancelled if it has not ended after
        // DRAIN_MS (10 s, src/api/read.ts): on a loaded machine that can still be under way.
        const until = Date.now() + 12_000;
        const check = () => {
          const c = window.__swLeak;
          if ((c.fetchesInFlight === 0 && c.timeouts.size <= 1) || Date.now() > until) setTimeout(resolve, 250);
          else setTimeout(check, 20);
        };
        requestAnimationFrame(() => requestAnimationFrame(check));
      }),
  );
  return wp.page.evaluate(() => {
    const c = window.__swLeak;
    return {
      timeouts: [...c.timeouts.values()],
      intervals: [...c.intervals.values()],
      rafs: c.rafs.size,
      // A socket counts as open until its readyState is CLOSING or CLOSED (a `close` event may be
      // missing, see the CSP voice test).
      openSockets: [...c.sockets].filter((s) => s.readyState < 2).length,
      fetchesInFlight: c.fetchesInFlight,
      liveTracks: c.streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length,
      hosts: document.querySelectorAll('[data-service-widget]').length,
    };
  });
}

const CLEAN: Outstanding = {
  timeouts: [],
  intervals: [],
  rafs: 0,
  openSockets: 0,
  fetchesInFlight: 0,
  liveTracks: 0,
  hosts: 0,
};

async function openLeakPage(extra: Parameters<typeof openPage>[0] = {}): Promise<{ wp: WidgetPage; cdp: CDPSession }> {
  const wp = await openPage({
    token: 'static',
    autoInit: false,
    bodyHtml: '<main><h1>Acme</h1><section id="chat" style="width: 420px; height: 640px"></section></main>',
    ...extra,
    beforeLoad: async (page, context) => {
      await page.addInitScript(LEAK_PROBE);
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
      await extra.beforeLoad?.(page, context);
    },
  });
  const cdp = await wp.context.newCDPSession(wp.page);
  await cdp.send('Performance.enable');
  return { wp, cdp };
}

const delta = (a: Metrics, b: Metrics) => ({
  heap: b.heapUsed - a.heapUsed,
  nodes: b.nodes - a.nodes,
  listeners: b.listeners - a.listeners,
  documents: b.documents - a.documents,
});
const describeDelta = (label: string, a: Metrics, b: Metrics) => {
  const d = delta(a, b);
  return `${label}: heap ${kb(a.heapUsed)} → ${kb(b.heapUsed)} (${d.heap >= 0 ? '+' : ''}${kb(d.heap)}), nodes ${a.nodes} → ${b.nodes} (${d.nodes >= 0 ? '+' : ''}${d.nodes}), listeners ${a.listeners} → ${b.listeners} (${d.listeners >= 0 ? '+' : ''}${d.listeners}), documents ${a.documents} → ${b.documents}`;
};

/** Bounds: Nodes and listeners back to the baseline (± a few), heap growth < 1 MB. */
function expectNoGrowth(before: Metrics, after: Metrics, label: string, heapLimit = 1024 * 1024): void {
  const d = delta(before, after);
  expect(Math.abs(d.nodes), `${label}: Nodes ${before.nodes} → ${after.nodes}`).toBeLessThanOrEqual(10);
  expect(
    Math.abs(d.listeners),
    `${label}: JSEventListeners ${before.listeners} → ${after.listeners}`,
  ).toBeLessThanOrEqual(5);
  expect(d.documents, `${label}: Documents`).toBeLessThanOrEqual(0);
  expect(d.heap, `${label}: heap growth ${kb(d.heap)}`).toBeLessThan(heapLimit);
}

/** init → (floating: opened, inline: open at mount) → /config answered → destroy, `n` times, in the page. */
function cycles(wp: WidgetPage, n: number, mode: 'floating' | 'inline'): Promise<number> {
  return wp.page.evaluate(
    async ({ n, mode, publicId }) => {
      const token = (window as unknown as { __swTestConfig: { staticToken: string } }).__swTestConfig.staticToken;
      const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
      const t0 = performance.now();
      for (let i = 0; i < n; i++) {
        const asked = window.__swLeak.fetches;
        const w = window.ServiceWidget.init({
          publicId,
          authToken: token,
          locale: 'en',
          ...(mode === 'inline' ? { container: '#chat' } : { open: true }),
        });
        await frame();
        // Until /config has been asked (after the opening frame), has answered (its fetch settled)
        // and the panel rendered it.
        while (window.__swLeak.fetches === asked || window.__swLeak.fetchesInFlight > 0)
          await new Promise((r) => setTimeout(r, 2));
        await frame();
        w.destroy();
      }
      return performance.now() - t0;
    },
    { n, mode, publicId: DEMO_PUBLIC_ID },
  );
}

/**
 * Cycles per census: 100 keep the file within the suite's time. The bars find a leak of an
 * instance per 2 cycles (a steady 30-odd plain objects appear whatever the count: V8's own) and
 * of 5 KiB of heap per cycle.
 */
const CYCLES = 100;

describe('init/destroy cycles', () => {
  for (const mode of ['floating', 'inline'] as const) {
    it(`${mode}: ${CYCLES} init/destroy cycles (after 10 warm-up) leave no nodes, listeners, timers or heap behind`, async () => {
      const { wp, cdp } = await openLeakPage();
      await cycles(wp, 10, mode);
      expect(await outstanding(wp)).toEqual(CLEAN);
      const before = await cdpMetrics(cdp);
      const censusBefore = await heapCensus(cdp);
      const ms = await cycles(wp, CYCLES, mode);
      const left = await outstanding(wp);
      const after = await cdpMetrics(cdp);
      // No kind of JS object or function gains one instance per cycle (or even per 4 cycles).
      const grown = censusGrowth(censusBefore, await heapCensus(cdp), CYCLES / 2);
      figure(describeDelta(`${CYCLES} ${mode} cycles in ${(ms / 1000).toFixed(1)} s`, before, after));
      figure(`JS constructors with ≥ ${CYCLES / 2} more instances: ${grown.length ? grown.join(', ') : 'none'}`);
      expect(grown).toEqual([]);
      expect(left).toEqual(CLEAN);
      expectNoGrowth(before, after, `${mode} cycles`, CYCLES * 5 * 1024);
      expect(wp.pageErrors).toEqual([]);
    }, 90_000);
  }
});

describe('conversations', () => {
  it('50 conversations (open, send, reply, new conversation, close) leave no growth', async () => {
    const { wp, cdp } = await openLeakPage();
    await wp.page.evaluate((publicId) => {
      const token = (window as unknown as { __swTestConfig: { staticToken: string } }).__swTestConfig.staticToken;
      window.__swTest.instance = window.ServiceWidget.init({ publicId, authToken: token, locale: 'en' });
    }, DEMO_PUBLIC_ID);
    const conversations = (n: number) =>
      wp.page.evaluate(async (n) => {
        const w = window.__swTest.instance!;
        const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
        const until = async (ok: () => boolean) => {
          const end = Date.now() + 10_000;
          while (!ok()) {
            if (Date.now() > end) throw new Error('timed out');
            await new Promise((r) => setTimeout(r, 5));
          }
        };
        const t0 = performance.now();
        for (let i = 0; i < n; i++) {
          w.open();
          await until(() => !!root.querySelector('[part~="composer-input"]'));
          const input = root.querySelector<HTMLTextAreaElement>('[part~="composer-input"]')!;
          input.value = `Question ${i}: how many orders last week?`;
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((r) => requestAnimationFrame(r)); // the composer re-renders with the draft
          input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
          await until(
            () =>
              !!root.querySelector('[part~="message"][data-role="assistant"]:not([aria-busy="true"]) table') &&
              !root.querySelector('[part~="stop-button"]'),
          );
          w.newConversation();
          w.close();
          await new Promise((r) => requestAnimationFrame(r));
        }
        return performance.now() - t0;
      }, n);
    await conversations(10);
    expect({ ...(await outstanding(wp)), hosts: 0 }).toEqual(CLEAN);
    const before = await cdpMetrics(cdp);
    const censusBefore = await heapCensus(cdp);
    const ms = await conversations(50);
    const left = await outstanding(wp);
    const after = await cdpMetrics(cdp);
    // The heap grows a little (compiled code; Chromium's own per-request records: resource timing
    // entries, DevTools network data, media-query objects) but no kind of JS object or function
    // gains an instance per conversation.
    const censusAfter = await heapCensus(cdp);
    // A leak per conversation adds at least 50 instances of something. Runs here have seen up to
    // ~30 small plain objects (≈600 B; the same +30 after 150 conversations: a bounded cache),
    // so the bar is one instance per conversation, as for the init/destroy cycles.
    let widgetGrowth = censusGrowth(censusBefore, censusAfter, 50);
    // A leak grows with every batch of conversations; objects made once (a code path this run took
    // first after the warm-up: CI's run of 27 Nov 2026 found +421 Object and +202 Array in the 50,
    // in both tries, which no run here reproduced, in CI's file order too) grow in one batch only.
    // So growth in the 50 is measured again over 50 more: what grows in both is a leak.
    let once: string[] = [];
    if (widgetGrowth.length) {
      await conversations(50);
      const again = censusGrowth(censusAfter, await heapCensus(cdp), 50);
      const kind = (g: string) => g.slice(0, g.indexOf(' +'));
      const grewAgain = (g: string) => again.some((a) => kind(a) === kind(g));
      once = widgetGrowth.filter((g) => !grewAgain(g));
      widgetGrowth = widgetGrowth.filter(grewAgain);
    }
    // Sanity of the census, measured apart so the probe cannot be mistaken for widget growth:
    // 60 objects of a named class the page keeps are found.
    await wp.page.evaluate(() => {
      // oxlint-disable-next-line typescript/no-extraneous-class -- a named class the heap census can find
      class LeakProbe {}
      (window as unknown as { __probe: LeakProbe[] }).__probe = Array.from({ length: 60 }, () => new LeakProbe());
    });
    expect(
      censusGrowth(censusAfter, await heapCensus(cdp), 50).filter((g) => g.startsWith('object:LeakProbe +60')),
    ).toHaveLength(1);
    figure(
      `JS constructors with ≥ 50 more instances: ${widgetGrowth.length ? widgetGrowth.join(', ') : 'none'}` +
        (once.length ? ` (in the first 50 only, not in 50 more: ${once.join(', ')})` : ''),
    );
    expect(widgetGrowth).toEqual([]);
    // Every conversation waited for its answered reply (a table) before the next, so 60 chat
    // requests were answered. (The shared mock's request log read 0 here in full runs, though not
    // alone: not understood yet, see the closing note of 26 Nov 2026.)
    figure(
      describeDelta(`50 conversations in ${(ms / 1000).toFixed(1)} s (widget mounted, panel closed)`, before, after),
    );
    expect(left).toEqual({ ...CLEAN, hosts: 1 });
    expectNoGrowth(before, after, 'conversations');

    // And destroy leaves nothing of it.
    await wp.page.evaluate(() => window.__swTest.instance!.destroy());
    expect(await outstanding(wp)).toEqual(CLEAN);
    expect(wp.pageErrors).toEqual([]);
  }, 90_000);
});

describe('destroy while busy', () => {
  it('10 voice turns destroyed mid-recording: sockets closed, microphone released, no growth', async () => {
    const { wp, cdp } = await openLeakPage();
    const turn = () =>
      wp.page.evaluate(async (publicId) => {
        const token = (window as unknown as { __swTestConfig: { staticToken: string } }).__swTestConfig.staticToken;
        const w = window.ServiceWidget.init({ publicId, authToken: token, locale: 'en', voice: true, open: true });
        const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
        const until = async (ok: () => boolean) => {
          const end = Date.now() + 10_000;
          while (!ok()) {
            if (Date.now() > end) throw new Error('timed out');
            await new Promise((r) => setTimeout(r, 10));
          }
        };
        // /config first (it says voice is configured), then press the microphone.
        await until(() => window.__swLeak.fetchesInFlight === 0 && !!root.querySelector('[part~="mic-button"]'));
        await new Promise((r) => setTimeout(r, 50));
        root.querySelector<HTMLButtonElement>('[part~="mic-button"]')!.click();
        await until(() => [...window.__swLeak.sockets].some((s) => s.readyState === WebSocket.OPEN));
        await until(() => root.querySelector('[part~="mic-button"]')!.getAttribute('aria-pressed') === 'true');
        await new Promise((r) => setTimeout(r, 300)); // some audio frames
        w.destroy();
      }, DEMO_PUBLIC_ID);
    await turn();
    await turn();
    expect(await outstanding(wp)).toEqual(CLEAN);
    const before = await cdpMetrics(cdp);
    for (let i = 0; i < 10; i++) await turn();
    const left = await outstanding(wp);
    const after = await cdpMetrics(cdp);
    const sockets = await wp.page.evaluate(() => window.__swLeak.sockets.size);
    figure(describeDelta('10 voice turns destroyed mid-recording', before, after));
    expect(left).toEqual(CLEAN);
    expect(sockets, 'sockets whose close event has not fired').toBe(0);
    expectNoGrowth(before, after, 'voice turns');
  }, 90_000);

  it('destroy during a streaming chat request aborts it (the server sees the connection closed)', async () => {
    fault.reset('hang');
    const { wp } = await openLeakPage({ pageOrigin: fault.url, initOptions: { baseUrl: fault.url, locale: 'en' } });
    await wp.page.evaluate(() => window.__swTest.init({ open: true }));
    await wp.send('Which invoices are overdue?');
    await expect.poll(() => fault.chatRequests().length, { timeout: WAIT }).toBe(1);
    await wp.page.evaluate(() => window.__swTest.instance!.destroy());
    await expect.poll(() => fault.chatRequests()[0]!.clientClosedAt, { timeout: WAIT }).toBeDefined();
    expect(await outstanding(wp)).toEqual(CLEAN);
    figure(
      `chat request closed by the client ${fault.chatRequests()[0]!.clientClosedAt! - fault.chatRequests()[0]!.at} ms after it began (destroy)`,
    );
  });

  // Fixed bug, kept as a regression test (src/state/widget-model.ts `ensureConfig`): `api.getConfig()` is called without an
  // AbortSignal and `dispose` does not cancel it, so destroy() leaves the /config request open
  // (README, "Methods and events": destroy removes every open connection it made); its answer then patches the
  // store of a destroyed widget. Same for POST /portal/code (src/state/portal.ts). Suggested fix:
  // one AbortController per widget in createWidgetModel, its signal passed to getConfig and
  // portalCode, aborted in `dispose`.
  it('destroy while /config is still in flight aborts it', async () => {
    fault.reset('normal');
    fault.configDelayMs = 3_000;
    const { wp } = await openLeakPage({ pageOrigin: fault.url, initOptions: { baseUrl: fault.url, locale: 'en' } });
    await wp.page.evaluate(() => window.__swTest.init({ open: true }));
    await expect
      .poll(() => fault.requests.filter((r) => r.path === '/api/v1/widget/config').length, { timeout: WAIT })
      .toBe(1);
    await wp.page.evaluate(() => window.__swTest.instance!.destroy());
    const config = fault.requests.find((r) => r.path === '/api/v1/widget/config')!;
    // Watched, not waited for: the request closes by the client well before its 3 s answer.
    await expect.poll(() => config.clientClosedAt, { timeout: 2_000 }).toBeDefined();
    await expect.poll(() => wp.page.evaluate(() => window.__swLeak.fetchesInFlight), { timeout: WAIT }).toBe(0);
    figure(
      `/config closed by the client ${config.clientClosedAt! - config.at} ms after it began (destroy); no fetch in flight`,
    );
  });
});

// The lazy runtime loader (widget-voice.js, widget-chart.js): one <script> per URL and page, with
// the nonce and the build's integrity, through a Trusted Types policy when the page enforces them;
// the runtime hands itself over with an event, not a global.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RUNTIME_EVENT } from '../../src/runtime/provide';
import type { CreateVoiceController } from '../../src/voice/types';

const URL_ = 'https://cdn.example/widget/widget-voice.js';

type Loader = typeof import('../../src/runtime/load');
let loadRuntime: Loader['loadRuntime'];
const loadVoiceRuntime = (url: string, nonce: string | null, integrity?: string) =>
  loadRuntime<CreateVoiceController>(url, { nonce, integrity });
let appended: HTMLScriptElement[];
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  // The loader keeps per-page state: each test gets a fresh module (a fresh "page").
  vi.resetModules();
  ({ loadRuntime } = await import('../../src/runtime/load'));
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  appended = [];
  // Keep happy-dom from fetching the file: the test plays the browser's part.
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    appended.push(node as unknown as HTMLScriptElement);
    return node;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { trustedTypes?: unknown }).trustedTypes;
});

/** What widget-voice.js does as it runs, then the browser's `load`. */
function runRuntime(script: HTMLScriptElement, start: CreateVoiceController) {
  script.dispatchEvent(new CustomEvent(RUNTIME_EVENT, { detail: start }));
  script.dispatchEvent(new Event('load'));
}

describe('loadRuntime', () => {
  it('adds nothing until asked, then one async script with the nonce, resolving to the runtime', async () => {
    expect(appended).toHaveLength(0);
    const loading = loadVoiceRuntime(URL_, 'n0nce');
    expect(appended).toHaveLength(1);
    const script = appended[0]!;
    expect(script.tagName).toBe('SCRIPT');
    expect(script.src).toBe(URL_);
    expect(script.getAttribute('nonce')).toBe('n0nce');
    expect(script.async).toBe(true);
    // No integrity known (a dev build): no CORS mode either, as before SRI.
    expect(script.integrity).toBe('');
    expect(script.hasAttribute('crossorigin')).toBe(false);
    const start = vi.fn() as unknown as CreateVoiceController;
    runRuntime(script, start);
    await expect(loading).resolves.toBe(start);
    expect('ServiceWidgetVoice' in window).toBe(false);
  });

  it('pins the file with its integrity and fetches it with CORS (SRI needs it cross-origin)', async () => {
    const loading = loadVoiceRuntime(URL_, null, 'sha384-abc');
    expect(appended[0]!.integrity).toBe('sha384-abc');
    expect(appended[0]!.crossOrigin).toBe('anonymous');
    runRuntime(appended[0]!, vi.fn() as unknown as CreateVoiceController);
    await loading;
  });

  it('a refused file (integrity mismatch, no CORS answer: an error event) rejects and tells the developer why', async () => {
    const loading = loadVoiceRuntime(URL_, null, 'sha384-abc');
    appended[0]!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow(/runtime not loaded/);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]![0])).toMatch(/widget-voice\.js not run: .*CORS.*integrity/);
  });

  it('loads each URL only once per page, however many widgets ask', async () => {
    const a = loadVoiceRuntime(URL_, null);
    const b = loadVoiceRuntime(URL_, null);
    expect(b).toBe(a);
    expect(appended).toHaveLength(1);
    expect(appended[0]!.hasAttribute('nonce')).toBe(false);
    const start = vi.fn() as unknown as CreateVoiceController;
    runRuntime(appended[0]!, start);
    await a;
    await expect(loadVoiceRuntime(URL_, null)).resolves.toBe(start);
    expect(appended).toHaveLength(1);
  });

  it('a failed load rejects, removes its element, and a later press tries again', async () => {
    const first = loadVoiceRuntime(URL_, null);
    const script = appended[0]!;
    const removed = vi.spyOn(script, 'remove');
    script.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(/runtime not loaded/);
    expect(removed).toHaveBeenCalled();
    const second = loadVoiceRuntime(URL_, null);
    expect(appended).toHaveLength(2);
    runRuntime(appended[1]!, vi.fn() as unknown as CreateVoiceController);
    await expect(second).resolves.toBeTypeOf('function');
  });

  it('a runtime not here after 15 s fails (fake timers): the element goes, a later press tries again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { RUNTIME_TIMEOUT_MS } = await import('../../src/runtime/load');
      expect(RUNTIME_TIMEOUT_MS).toBe(15_000);
      const first = loadVoiceRuntime(URL_, null);
      const outcome = vi.fn();
      first.then(outcome, outcome);
      const removed = vi.spyOn(appended[0]!, 'remove');
      await vi.advanceTimersByTimeAsync(14_999);
      expect(outcome).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(first).rejects.toThrow(/not loaded in time/);
      expect(removed).toHaveBeenCalled();
      expect(String(consoleError.mock.calls.at(-1)![0])).toMatch(/widget-voice\.js not loaded after 15 s/);
      // The late file changes nothing; the next press adds a new element that can still succeed.
      runRuntime(appended[0]!, vi.fn() as unknown as CreateVoiceController);
      const second = loadVoiceRuntime(URL_, null);
      expect(appended).toHaveLength(2);
      runRuntime(appended[1]!, vi.fn() as unknown as CreateVoiceController);
      await expect(second).resolves.toBeTypeOf('function');
      // A runtime that arrived in time leaves no timer behind to fail it later.
      await vi.advanceTimersByTimeAsync(20_000);
      await expect(loadVoiceRuntime(URL_, null)).resolves.toBeTypeOf('function');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a file that loads without handing over a runtime (wrong URL) is a failure', async () => {
    const loading = loadVoiceRuntime(URL_, null);
    appended[0]!.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow();
  });
});

describe('under Trusted Types', () => {
  interface FakePolicy {
    name: string;
    rules: { createScriptURL(url: string): string };
  }
  let policies: FakePolicy[];

  beforeEach(() => {
    policies = [];
    (globalThis as { trustedTypes?: unknown }).trustedTypes = {
      createPolicy: vi.fn((name: string, rules: FakePolicy['rules']) => {
        if (policies.some((p) => p.name === name)) throw new TypeError(`policy ${name} exists`);
        policies.push({ name, rules });
        // A TrustedScriptURL stringifies to its URL.
        return { createScriptURL: (url: string) => ({ toString: () => rules.createScriptURL(url) }) };
      }),
    };
  });

  it('creates one `service-widget` policy that only lets the exact runtime URLs through', async () => {
    const loading = loadVoiceRuntime(URL_, 'n');
    expect(policies.map((p) => p.name)).toEqual(['service-widget']);
    expect(appended[0]!.src).toBe(URL_);
    const rules = policies[0]!.rules;
    expect(rules.createScriptURL(URL_)).toBe(URL_);
    expect(() => rules.createScriptURL('https://evil.example/x.js')).toThrow(TypeError);
    expect(() => rules.createScriptURL(`${URL_}?x`)).toThrow(TypeError);
    runRuntime(appended[0]!, vi.fn() as unknown as CreateVoiceController);
    await loading;
    // A second runtime (the chart) goes through the same policy.
    const CHART = 'https://cdn.example/widget/widget-chart.js';
    const chart = loadRuntime(CHART, { nonce: null });
    expect(policies).toHaveLength(1);
    expect(rules.createScriptURL(CHART)).toBe(CHART);
    runRuntime(appended[1]!, vi.fn() as unknown as CreateVoiceController);
    await chart;
  });

  it('reuses its policy when a failed load is tried again (createPolicy would throw on a duplicate)', async () => {
    const first = loadVoiceRuntime(URL_, null);
    appended[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow();
    const second = loadVoiceRuntime(URL_, null);
    runRuntime(appended[1]!, vi.fn() as unknown as CreateVoiceController);
    await expect(second).resolves.toBeTypeOf('function');
    expect(policies).toHaveLength(1);
  });

  it('a page that does not allow the policy: the load fails, no script is added', async () => {
    (globalThis as { trustedTypes?: unknown }).trustedTypes = {
      createPolicy: () => {
        throw new TypeError('Policy "service-widget" disallowed.');
      },
    };
    await expect(loadVoiceRuntime(URL_, null)).rejects.toThrow();
    expect(appended).toHaveLength(0);
  });
});

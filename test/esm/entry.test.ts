// The ES module entry in a (happy-dom) browser: importing it changes nothing, `baseUrl` is required,
// and init mounts like the script build does.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InitOptions } from '../../src/types';
import { TEST_BASE_URL, TEST_PUBLIC_ID, testToken } from '../msw-server';
import { REPO } from './snippet';

const hosts = () => [...document.querySelectorAll<HTMLElement>('[data-service-widget]')];

afterEach(() => {
  for (const h of hosts()) h.remove();
  vi.restoreAllMocks();
  vi.doUnmock('../../src/widget');
});

describe("import { init } from 'service-widget'", () => {
  it('has no side effect at import: no global, node, listener, timer or request', async () => {
    const keysBefore = Object.keys(window);
    const html = document.documentElement.outerHTML;
    const spies = [
      vi.spyOn(window, 'addEventListener'),
      vi.spyOn(document, 'addEventListener'),
      vi.spyOn(window, 'matchMedia'),
      vi.spyOn(globalThis, 'fetch'),
      vi.spyOn(globalThis, 'setTimeout'),
      vi.spyOn(globalThis, 'setInterval'),
    ];
    vi.resetModules();
    const mod = await import('../../src/esm');
    expect(Object.keys(mod).sort()).toEqual(['OPTION_NAMES', 'init', 'version']);
    expect(Object.keys(window)).toEqual(keysBefore);
    expect('ServiceWidget' in window).toBe(false);
    expect(document.documentElement.outerHTML).toBe(html);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('requires baseUrl, with a TypeError naming it', async () => {
    const { init } = await import('../../src/esm');
    const options = { publicId: TEST_PUBLIC_ID, authToken: 't' } as InitOptions;
    expect(() => init(options)).toThrow(TypeError);
    expect(() => init(options)).toThrow(/`baseUrl` is required/);
    expect(hosts()).toHaveLength(0);
  });

  it('defaults the voice runtime to {baseUrl}/widget-voice.js and keeps an explicit voiceRuntimeUrl; the chart runtime is {baseUrl}/widget-chart.js', async () => {
    const seen: { baseUrl: string; voiceRuntimeUrl: string; chartRuntimeUrl?: string }[] = [];
    vi.resetModules();
    vi.doMock('../../src/widget', () => ({
      createWidget: (opts: { baseUrl: string; voiceRuntimeUrl: string; chartRuntimeUrl: string }) => {
        seen.push({
          baseUrl: opts.baseUrl,
          voiceRuntimeUrl: opts.voiceRuntimeUrl,
          chartRuntimeUrl: opts.chartRuntimeUrl,
        });
        return {
          open() {},
          close() {},
          toggle() {},
          newConversation() {},
          setTheme() {},
          setLocale() {},
          destroy() {},
        };
      },
    }));
    const { init } = await import('../../src/esm');
    const base = { publicId: TEST_PUBLIC_ID, authToken: 't' };
    init({ ...base, baseUrl: 'https://svc.example/' });
    init({ ...base, baseUrl: 'https://svc.example/tenant-a' });
    init({ ...base, baseUrl: 'https://svc.example', voiceRuntimeUrl: 'https://cdn.example/v/widget-voice.js' });
    expect(seen).toEqual([
      {
        baseUrl: 'https://svc.example',
        voiceRuntimeUrl: 'https://svc.example/widget-voice.js',
        chartRuntimeUrl: 'https://svc.example/widget-chart.js',
      },
      {
        baseUrl: 'https://svc.example/tenant-a',
        voiceRuntimeUrl: 'https://svc.example/tenant-a/widget-voice.js',
        chartRuntimeUrl: 'https://svc.example/tenant-a/widget-chart.js',
      },
      {
        baseUrl: 'https://svc.example',
        voiceRuntimeUrl: 'https://cdn.example/v/widget-voice.js',
        chartRuntimeUrl: 'https://svc.example/widget-chart.js',
      },
    ]);
  });

  it('mounts inline, validates instance methods, and destroys cleanly', async () => {
    vi.resetModules();
    const { init } = await import('../../src/esm');
    const box = document.createElement('div');
    document.body.append(box);
    const token = await testToken();
    const onEvent = vi.fn();
    const w = init({
      publicId: TEST_PUBLIC_ID,
      baseUrl: TEST_BASE_URL,
      container: box,
      getAuthToken: () => token,
      onEvent,
      locale: 'en',
    });
    expect(box.querySelectorAll('[data-service-widget]')).toHaveLength(1);
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledWith({ type: 'ready' }));
    expect(() => w.setTheme('blue' as never)).toThrow(/`theme`/);
    w.destroy();
    expect(box.innerHTML).toBe('');
    box.remove();
  });

  it('version is the package version in the build (and a dev marker from source)', async () => {
    const { version } = await import('../../src/esm');
    expect(version).toBe('0.0.0-dev');
    // dist/ is built by the unit project's global setup (scripts/ensure-build.mjs) when missing.
    const dist = path.join(REPO, 'dist', 'index.mjs');
    expect(existsSync(dist), 'dist/index.mjs (built by test/unit-global-setup.ts)').toBe(true);
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    const built = (await import(/* @vite-ignore */ dist)) as { version: string };
    expect(built.version).toBe(pkg.version);
  });
});

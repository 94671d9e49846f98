// The async loader snippet (README "Async snippet", examples/async-snippet.html): calls made on the
// stub before widget.js arrives are queued, and src/index.ts drains them when it loads.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InitOptions, ServiceWidgetApi, WidgetEvent } from '../../src/types';
import { server, TEST_BASE_URL, TEST_PUBLIC_ID, testToken } from '../msw-server';
import { readmeSnippetBlock, snippetBlock, snippetCode } from './snippet';

type Stub = {
  q: unknown[];
  init(o: Partial<InitOptions>): Record<string, (...a: unknown[]) => void> & { q: unknown[] };
};
const win = window as unknown as { ServiceWidget?: ServiceWidgetApi | Stub };

const WIDGET_URL = `${TEST_BASE_URL}/widget.js`;
const hosts = () => [...document.querySelectorAll<HTMLElement>('[data-service-widget]')];
const part = (name: string) => hosts()[0]?.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;

/** Runs the published snippet; widget.js is answered by `body` (empty: the test loads src/index.ts itself). */
function runSnippet(body = '') {
  // happy-dom 20 loads no scripts: let it report the load as done instead of printing an error.
  const happyDOM = (window as unknown as { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
    .happyDOM;
  if (happyDOM) happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  server.use(http.get(WIDGET_URL, () => new HttpResponse(body, { headers: { 'Content-Type': 'text/javascript' } })));
  new Function(snippetCode(WIDGET_URL))();
  return win.ServiceWidget as Stub;
}

async function loadIndex() {
  vi.resetModules();
  await import('../../src/index');
}

beforeEach(() => {
  delete win.ServiceWidget;
});

afterEach(() => {
  for (const h of hosts()) h.remove();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete win.ServiceWidget;
  vi.restoreAllMocks();
});

describe('async snippet', () => {
  it('is the same in the README and in examples/async-snippet.html', () => {
    expect(readmeSnippetBlock()).toContain(snippetBlock('examples/async-snippet.html'));
  });

  it('defines a stub and adds one async script, touching nothing else', () => {
    const bodyBefore = document.body.innerHTML;
    const stub = runSnippet();
    expect(Object.keys(stub).sort()).toEqual(['init', 'q']);
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.async).toBe(true);
    expect(scripts[0]!.src).toBe(WIDGET_URL);
    expect(document.body.innerHTML).toBe(bodyBefore);
  });

  it('queues init and method calls, then widget.js mounts, replays and forwards them', async () => {
    const events: WidgetEvent[] = [];
    const token = await testToken();
    const stub = runSnippet();
    const chat = stub.init({
      publicId: TEST_PUBLIC_ID,
      baseUrl: TEST_BASE_URL,
      getAuthToken: () => token,
      onEvent: (e) => events.push(e),
    });
    chat.setTheme!('light');
    chat.open!();
    expect(hosts()).toHaveLength(0); // nothing happens before widget.js runs
    expect(stub.q).toHaveLength(1);

    await loadIndex();

    const api = win.ServiceWidget as ServiceWidgetApi;
    expect(Object.keys(api).sort()).toEqual(['init', 'version']);
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]!.getAttribute('data-mode')).toBe('floating');
    expect(hosts()[0]!.getAttribute('data-theme')).toBe('light');
    await vi.waitFor(() => expect(part('panel')).not.toBeNull());
    expect(events.map((e) => e.type)).toContain('open');
    expect(stub.q).toHaveLength(0);
    expect(chat.q).toHaveLength(0);

    // The stand-in the page kept now drives the real widget.
    chat.close!();
    await vi.waitFor(() => expect(part('panel')).toBeNull());
    expect(events.at(-1)).toEqual({ type: 'close' });
    chat.destroy!();
    expect(hosts()).toHaveLength(0);
  });

  it('queues ask() like the other methods: the text is in the composer (and sent with send: true) once widget.js runs', async () => {
    const token = await testToken();
    const stub = runSnippet();
    const events: WidgetEvent[] = [];
    const chat = stub.init({
      publicId: TEST_PUBLIC_ID,
      baseUrl: TEST_BASE_URL,
      getAuthToken: () => token,
      onEvent: (e) => events.push(e),
    });
    chat.ask!('What is unpaid on invoice 2026-114?');
    expect(chat.q).toEqual([['ask', ['What is unpaid on invoice 2026-114?']]]);
    await loadIndex();
    await vi.waitFor(() =>
      expect((part('composer-input') as HTMLTextAreaElement | null)?.value).toBe('What is unpaid on invoice 2026-114?'),
    );
    expect(events[0]).toEqual({ type: 'ready' });
    // From now on the stand-in forwards at once, and sends like the visitor would.
    chat.ask!('How many orders last week?', { send: true });
    await vi.waitFor(() =>
      expect(hosts()[0]!.shadowRoot!.querySelector('[part~="message"][data-role="user"]')?.textContent).toContain(
        'How many orders last week?',
      ),
    );
    chat.destroy!();
  });

  it('runs several queued inits in order (a second init on the same target replaces the first)', async () => {
    const stub = runSnippet();
    const box = document.createElement('div');
    box.id = 'chat-box';
    document.body.append(box);
    const base = { publicId: TEST_PUBLIC_ID, baseUrl: TEST_BASE_URL, authToken: await testToken() };
    stub.init({ ...base, container: '#chat-box', theme: 'dark' });
    const second = stub.init({ ...base, container: '#chat-box', theme: 'light' });
    await loadIndex();
    expect(box.querySelectorAll('[data-service-widget]')).toHaveLength(1);
    expect(box.querySelector('[data-service-widget]')!.getAttribute('data-theme')).toBe('light');
    second.destroy!();
    expect(box.children).toHaveLength(0);
    box.remove();
  });

  it('reports a queued init with bad options on the console and leaves its stand-in harmless', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stub = runSnippet();
    const chat = stub.init({ publicId: '', authToken: 'x', baseUrl: TEST_BASE_URL });
    chat.open!();
    await loadIndex();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/TypeError: ServiceWidget\.init: `publicId`/);
    expect(hosts()).toHaveLength(0);
    expect(() => chat.open!()).not.toThrow();
    expect(chat.q).toHaveLength(0);
  });

  it('without the snippet, widget.js only defines window.ServiceWidget', async () => {
    const before = document.documentElement.outerHTML;
    await loadIndex();
    expect(Object.keys(win.ServiceWidget!).sort()).toEqual(['init', 'version']);
    expect(document.documentElement.outerHTML).toBe(before);
  });

  // The built dist/widget.js loaded by the snippet itself (baseUrl from its script origin) is
  // covered in a real browser: test/browser/async-snippet.test.ts (happy-dom 20 runs no scripts).
});

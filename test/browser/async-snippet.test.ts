// The async loader snippet exactly as published (examples/async-snippet.html, also in the README),
// in Chromium, Firefox and WebKit against the built dist/widget.js: init and open() called before widget.js arrives
// are queued, replayed once it loads, and the widget talks to the service at the script's origin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { SNIPPET_SRC } from '../esm/snippet';
import { barePage } from './ecosystem-page';
import { apiRequests, DEMO_PUBLIC_ID, resetMock, serverUrl } from './engines';
import { REPO_ROOT } from './paths';

/** This run's snapshot of dist/widget.js (global-setup.ts), else the live build. */
const widgetUrl = () =>
  `${serverUrl()}${((inject as (key: string) => unknown)('widgetScriptPath') as string | undefined) ?? '/dist/widget.js'}`;

const TOKEN_FETCH = `fetch('/api/widget-token', { method: 'POST', credentials: 'include' }).then(function (r) {
        // An error page (a 404, a login redirect's HTML) must not become the token.
        if (!r.ok) throw new Error('widget token: HTTP ' + r.status);
        return r.text();
      })`;

/** The example page, pointed at this test's mock: its widget.js, public id and token endpoint. */
function examplePage(): string {
  const html = readFileSync(path.join(REPO_ROOT, 'examples', 'async-snippet.html'), 'utf8');
  for (const needle of [`'${SNIPPET_SRC}'`, "'YOUR_PUBLIC_ID'", TOKEN_FETCH]) {
    if (!html.includes(needle)) throw new Error(`examples/async-snippet.html no longer contains ${needle}`);
  }
  return (
    html
      .replace(`'${SNIPPET_SRC}'`, JSON.stringify(widgetUrl()))
      .replace("'YOUR_PUBLIC_ID'", JSON.stringify(DEMO_PUBLIC_ID))
      .replace(TOKEN_FETCH, 'window.__swMintToken()')
      .replace('if (window.dataLayer)', 'window.dataLayer = window.dataLayer || []; if (window.dataLayer)')
      // The page names an icon, so the browser's own /favicon.ico request (a 404 in the console) is not made.
      .replace('<meta charset="utf-8">', '<meta charset="utf-8">\n<link rel="icon" href="data:,">')
  );
}

describe('async snippet (examples/async-snippet.html) in a real browser', () => {
  it('queues init and open() made before widget.js loads, then mounts once and opens', async () => {
    await resetMock();
    // Hold widget.js back so the page's own button is pressed before the script exists.
    const bp = await barePage({ 'index.html': examplePage() }, { fixtures: ['hold-widget-script.js'] });
    await bp.goto();

    await bp.page.locator('#ask-data').click();
    const before = await bp.page.evaluate(() => ({
      keys: Object.keys(window.ServiceWidget).sort(),
      queued: (window.ServiceWidget as unknown as { q: unknown[] }).q.length,
      hosts: document.querySelectorAll('[data-service-widget]').length,
    }));
    expect(before).toEqual({ keys: ['init', 'q'], queued: 1, hosts: 0 });
    expect(await apiRequests()).toEqual([]);

    await bp.page.evaluate(() => (window as unknown as { __swRelease(): void }).__swRelease());
    const host = bp.page.locator('[data-service-widget]');
    await host.locator('[part~="panel"]').waitFor();
    await host.locator('[part~="composer-input"]').waitFor();
    const after = await bp.page.evaluate(() => ({
      keys: Object.keys(window.ServiceWidget).sort(),
      version: window.ServiceWidget.version,
      hosts: document.querySelectorAll('[data-service-widget]').length,
      events: (window as unknown as { dataLayer: { event: string }[] }).dataLayer.map((e) => e.event),
    }));
    expect(after.keys).toEqual(['init', 'version']);
    expect(after.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(after.hosts).toBe(1);
    expect(after.events).toEqual(expect.arrayContaining(['service_widget_ready', 'service_widget_open']));
    // baseUrl defaulted to the origin of the script the snippet loaded.
    await expect.poll(async () => (await apiRequests()).map((r) => r.path)).toContain('/api/v1/widget/config');

    // The stand-in the page kept now drives the real widget.
    await bp.page.evaluate(() => (window as unknown as { chat: { close(): void } }).chat.close());
    await host.locator('[part~="panel"]').waitFor({ state: 'detached' });
    await bp.page.locator('#ask-data').click();
    await host.locator('[part~="panel"]').waitFor();
    expect(await bp.pageErrors()).toEqual([]);
    expect(await bp.consoleErrors()).toEqual([]);
  });

  it('queues ask() made before widget.js loads: once it runs, the panel is open with the question in the composer', async () => {
    await resetMock();
    const bp = await barePage({ 'index.html': examplePage() }, { fixtures: ['hold-widget-script.js'] });
    await bp.goto();
    await bp.page.locator('#ask-invoice').click();
    const queued = await bp.page.evaluate(() => (window as unknown as { chat: { q: unknown[] } }).chat.q);
    expect(queued).toEqual([['ask', ['What is still unpaid on invoice 2026-114?']]]);
    expect(await apiRequests()).toEqual([]);

    await bp.page.evaluate(() => (window as unknown as { __swRelease(): void }).__swRelease());
    const input = bp.page.locator('[data-service-widget]').locator('[part~="composer-input"]');
    await input.waitFor();
    await expect.poll(() => input.inputValue()).toBe('What is still unpaid on invoice 2026-114?');
    const events = await bp.page.evaluate(() =>
      (window as unknown as { dataLayer: { event: string }[] }).dataLayer.map((e) => e.event),
    );
    expect(events.slice(0, 2)).toEqual(['service_widget_ready', 'service_widget_open']);
    // Nothing was sent: ask without { send: true } only fills the composer.
    expect((await apiRequests()).filter((r) => r.path === '/api/v1/widget/chat')).toEqual([]);
    expect(await bp.pageErrors()).toEqual([]);
  });

  it('after widget.js has loaded, the snippet is a no-op and init goes straight to the real API', async () => {
    await resetMock();
    const bp = await barePage({ 'index.html': examplePage() });
    await bp.goto();
    await bp.page.waitForFunction(() => 'version' in window.ServiceWidget);
    const snippet = readFileSync(path.join(REPO_ROOT, 'examples', 'async-snippet.html'), 'utf8');
    const code = /<script>\n([\s\S]*?)<\/script>/
      .exec(snippet)![1]!
      .replace(`'${SNIPPET_SRC}'`, JSON.stringify(widgetUrl()));
    const result = await bp.page.evaluate((c) => {
      const api = window.ServiceWidget;
      new Function(c)();
      return {
        same: window.ServiceWidget === api,
        scripts: document.querySelectorAll('script[src$="widget.js"]').length,
      };
    }, code);
    expect(result).toEqual({ same: true, scripts: 1 });
  });
});

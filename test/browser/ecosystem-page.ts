// A bare page for the ecosystem tests (async snippet, React/Vue wrappers): files written under
// artifacts/browser-pages/, served by the mock server, a fresh context whose getAuthToken mints a
// token in Node per call (window.__swMintToken), closed when the test finishes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { mintToken } from '../../mock/jwt';
import { getBrowser, serverUrl, WAIT } from './helpers';
import { PAGES_DIR, REPO_ROOT } from './paths';

export interface BarePage {
  page: Page;
  context: BrowserContext;
  /** Directory of the page's files, and its URL prefix. */
  dir: string;
  base: string;
  pageErrors: string[];
  consoleErrors: string[];
  goto(file?: string): Promise<void>;
}

let seq = 0;

export async function barePage(files: Record<string, string>, sub = `eco-${process.pid}-${++seq}`): Promise<BarePage> {
  const dir = path.join(PAGES_DIR, `eco-${process.pid}-${Date.now().toString(36)}-${seq}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const base = `${serverUrl()}/${path.relative(REPO_ROOT, dir).split(path.sep).join('/')}/`;

  const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', reducedMotion: 'reduce' });
  onTestFinished(() => context.close().catch(() => undefined));
  context.setDefaultTimeout(WAIT);
  await context.exposeFunction('__swMintToken', () => mintToken({ sub }));
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(`${e.name}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  return {
    page,
    context,
    dir,
    base,
    pageErrors,
    consoleErrors,
    async goto(file = 'index.html') {
      await page.goto(`${base}${file}`, { waitUntil: 'load' });
    },
  };
}

/**
 * Installed before any page script: tracks listeners and intervals that outlive DOM nodes (on
 * window, document, MediaQueryLists and connected elements outside widget shadow roots), so a test
 * can compare what is left after a widget is destroyed. window.__leaks() describes them.
 */
export const LEAK_TRACKER = `(() => {
  const ids = new WeakMap();
  let next = 0;
  const idOf = (o) => { if (!ids.has(o)) ids.set(o, ++next); return ids.get(o); };
  const listeners = new Map();
  const capture = (o) => !!(typeof o === 'boolean' ? o : o && o.capture);
  const keyOf = (t, type, fn, o) => idOf(t) + '|' + type + '|' + idOf(fn) + '|' + capture(o);
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (type, fn, o) {
    if (fn && !(o && typeof o === 'object' && o.once)) {
      const key = keyOf(this, type, fn, o);
      listeners.set(key, { target: this, type });
      if (o && typeof o === 'object' && o.signal) o.signal.addEventListener('abort', () => listeners.delete(key));
    }
    return add.call(this, type, fn, o);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, o) {
    if (fn) listeners.delete(keyOf(this, type, fn, o));
    return remove.call(this, type, fn, o);
  };
  const mqlAdd = MediaQueryList.prototype.addListener;
  const mqlRemove = MediaQueryList.prototype.removeListener;
  MediaQueryList.prototype.addListener = function (fn) { if (fn) listeners.set(keyOf(this, 'change', fn, false), { target: this, type: 'change' }); return mqlAdd.call(this, fn); };
  MediaQueryList.prototype.removeListener = function (fn) { if (fn) listeners.delete(keyOf(this, 'change', fn, false)); return mqlRemove.call(this, fn); };
  const intervals = new Set();
  const setI = window.setInterval;
  const clearI = window.clearInterval;
  window.setInterval = function () { const id = setI.apply(this, arguments); intervals.add(id); return id; };
  window.clearInterval = function (id) { intervals.delete(id); return clearI.call(this, id); };
  const name = (t) => t === window ? 'window' : t === document ? 'document'
    : t instanceof MediaQueryList ? 'matchMedia(' + t.media + ')'
    : t instanceof Element ? t.tagName.toLowerCase() + (t.id ? '#' + t.id : '') : String(t);
  const lives = (t) => !(t instanceof Node) || (t.isConnected && !(t.getRootNode() instanceof ShadowRoot));
  window.__leaks = () => [...[...listeners.values()].filter((l) => lives(l.target)).map((l) => name(l.target) + ' ' + l.type), ...[...intervals].map(() => 'interval')].sort();
})();`;

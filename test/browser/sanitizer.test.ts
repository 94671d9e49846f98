import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrowser } from './helpers';
import { BROWSER_WORK_DIR } from './paths';

// Under the strictest policy the widget supports: only DOMPurify's own Trusted Types policy.
const CSP = "default-src 'none'; script-src https://corpus.test; require-trusted-types-for 'script'; trusted-types dompurify";
const outDir = join(BROWSER_WORK_DIR, 'sanitizer-bundle');

let context: BrowserContext;

beforeAll(async () => {
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: 'test/browser/fixtures/sanitizer-entry.ts', formats: ['iife'], name: 'corpus', fileName: () => 'corpus.js' },
    },
  });
  context = await (await getBrowser()).newContext();
}, 60_000);

afterAll(() => context?.close());

describe('model output against the real DOMPurify (Chromium, Trusted Types enforced)', () => {
  it('renders every XSS payload inert, whole and streamed, with no CSP violation and no request', async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.route('https://corpus.test/**', (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/corpus.js') {
        return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(outDir, 'corpus.js'), 'utf8') });
      }
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': CSP },
        body: '<!doctype html><meta charset="utf-8"><title>corpus</title><script src="/corpus.js"></script>',
      });
    });
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await page.goto('https://corpus.test/');
    const result = (await page.evaluate(() => (window as unknown as { runCorpus: () => Promise<unknown> }).runCorpus())) as {
      count: number;
      control: string[];
      inPlace: string;
      failures: unknown[];
    };
    expect(result.inPlace).toBe('ok');
    expect(result.control.length).toBeGreaterThan(0);
    expect(result.count).toBeGreaterThanOrEqual(40);
    expect(result.failures).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('https://corpus.test/'))).toEqual([]);
  });
});

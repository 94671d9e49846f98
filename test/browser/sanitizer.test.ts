// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, openUrl, serverUrl } from './engines';
import { BROWSER_WORK_DIR, PAGES_DIR, urlPath } from './paths';

// Under the strictest policy the widget supports: only DOMPurify's own Trusted Types policy.
const CSP = "default-src 'none'; script-src 'self'; require-trusted-types-for 'script'; trusted-types dompurify";
const outDir = join(BROWSER_WORK_DIR, `sanitizer-bundle-${process.pid}`);

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
}, 60_000);

describe(`model output against the real DOMPurify (${ENGINE}, Trusted Types enforced)`, () => {
  it('renders every XSS payload inert, whole and streamed, with no CSP violation and no request', async () => {
    // The corpus page, served by the mock with the CSP as a real header (headers.json).
    const dir = join(PAGES_DIR, `corpus-${process.pid}-${Date.now().toString(36)}`);
    mkdirSync(dir, { recursive: true });
    cpSync(join(outDir, 'corpus.js'), join(dir, 'corpus.js'));
    writeFileSync(join(dir, 'headers.json'), JSON.stringify({ 'Content-Security-Policy': CSP }));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><meta charset="utf-8"><title>corpus</title><script src="/test/browser/fixtures/early.js"></script><script src="corpus.js"></script>',
    );
    const origin = serverUrl();
    const { page, requestedUrls } = await openUrl(`${origin}${urlPath(dir)}/index.html`);
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
    expect(await page.evaluate(() => window.__swViolations)).toEqual([]);
    // Network requests only: Firefox reports its own internal data: font loads too.
    expect((await requestedUrls()).filter((u) => !u.startsWith('data:') && !u.startsWith(`${origin}/`))).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });
});

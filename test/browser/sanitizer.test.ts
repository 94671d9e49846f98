// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, openUrl, serverUrl } from './engines';
import { cachedBuild } from './build-cache';
import { PAGES_DIR, urlPath } from './paths';

// Under the strictest policy the widget supports: only DOMPurify's own Trusted Types policy.
const CSP = "default-src 'none'; script-src 'self'; require-trusted-types-for 'script'; trusted-types dompurify";
let outDir = '';

/**
 * Built with the project's vite.config.ts (production: minified, as widget.js), so the corpus runs
 * against the very marked and DOMPurify code widget.js ships: as published
 * (test/build/published-deps.test.ts).
 */
async function bundle(dir: string): Promise<void> {
  await build({
    configFile: 'vite.config.ts',
    mode: 'production',
    logLevel: 'silent',
    build: {
      outDir: dir,
      emptyOutDir: false,
      sourcemap: false,
      lib: {
        entry: 'test/browser/fixtures/sanitizer-entry.ts',
        formats: ['iife'],
        name: 'corpus',
        fileName: () => 'corpus.js',
      },
    },
  });
}

// Built once for the three engines and for later runs, until what it is built from changes
// (./build-cache.ts), as the framework bundles are.
beforeAll(async () => {
  ({ dir: outDir } = await cachedBuild(
    'sanitizer',
    {
      text: bundle.toString(),
      files: [
        'vite.config.ts',
        'build',
        'src',
        'test/browser/fixtures/sanitizer-entry.ts',
        'test/markdown/payloads.ts',
        'test/markdown/helpers.ts',
        'package-lock.json',
      ],
    },
    bundle,
  ));
}, 120_000);

/** A page of the mock's that loads `scripts` (copied from the bundle dir), with an optional CSP. */
function corpusPage(scripts: string[], csp?: string): string {
  const dir = join(PAGES_DIR, `corpus-${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  for (const s of scripts) cpSync(join(outDir, s), join(dir, s));
  if (csp) writeFileSync(join(dir, 'headers.json'), JSON.stringify({ 'Content-Security-Policy': csp }));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>corpus</title><script src="/test/browser/fixtures/early.js"></script>${scripts.map((s) => `<script src="${s}"></script>`).join('')}`,
  );
  return dir;
}

describe(`model output against the real DOMPurify (${ENGINE})`, () => {
  it('renders every XSS payload inert, whole and streamed, under Trusted Types, with no CSP violation and no request', async () => {
    // The corpus page, served by the mock with the CSP as a real header (headers.json).
    const dir = corpusPage(['corpus.js'], CSP);
    const origin = serverUrl();
    const { page, requestedUrls } = await openUrl(`${origin}${urlPath(dir)}/index.html`);
    const result = (await page.evaluate(() =>
      (window as unknown as { runCorpus: () => Promise<unknown> }).runCorpus(),
    )) as {
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

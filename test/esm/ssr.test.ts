// @vitest-environment node
// The npm entry is safe to import during a server-side render: no window, document or navigator
// exists here, importing must not throw or define anything, and only init() needs a browser.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { REPO } from './snippet';

const DIST = path.join(REPO, 'dist', 'index.mjs');

describe('importing service-widget without a browser', () => {
  it('src/esm.ts imports cleanly in Node and only init() asks for a browser', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const globalsBefore = Object.getOwnPropertyNames(globalThis);
    vi.resetModules();
    const mod = await import('../../src/esm');
    expect(Object.keys(mod).sort()).toEqual(['OPTION_NAMES', 'init', 'version']);
    expect(Object.getOwnPropertyNames(globalThis)).toEqual(globalsBefore);
    expect(() => mod.init({ publicId: 'p', authToken: 't', baseUrl: 'https://svc.example' })).toThrow(
      /needs a browser/,
    );
  });

  // dist/ is built by the unit project's global setup (scripts/ensure-build.mjs) when missing.
  it('dist/index.mjs imports in a plain Node process', () => {
    expect(existsSync(DIST), 'dist/index.mjs').toBe(true);
    const script = `
      const before = Object.getOwnPropertyNames(globalThis);
      const mod = await import(${JSON.stringify(DIST)});
      const added = Object.getOwnPropertyNames(globalThis).filter((k) => !before.includes(k));
      let error = '';
      try { mod.init({ publicId: 'p', authToken: 't', baseUrl: 'https://svc.example' }); } catch (e) { error = e.message; }
      console.log(JSON.stringify({ exports: Object.keys(mod).sort(), version: mod.version, added, error }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    const result = JSON.parse(out.trim().split('\n').at(-1)!) as {
      exports: string[];
      version: string;
      added: string[];
      error: string;
    };
    expect(result.exports).toEqual(['OPTION_NAMES', 'init', 'version']);
    expect(result.added).toEqual([]);
    expect(result.error).toMatch(/needs a browser/);
  });
});

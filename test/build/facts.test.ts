// @vitest-environment node
// Build facts live in one place each: the built files in build/artifacts.mjs, Chromium's path in
// scripts/chromium.mjs. package.json cannot import them, so it is checked against them here; any
// other file that spells them out again fails here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILDS, JS_FILES, RUNTIMES, SCRIPTS } from '../../build/artifacts.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  sideEffects: string[];
  sizeBudget: Record<string, unknown>;
};

/** The repository's files, committed or not (git's view: node_modules and dist/ are ignored). */
const files = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

describe('the built files (build/artifacts.mjs)', () => {
  it('are what package.json exports, marks as having side effects and budgets', () => {
    expect(SCRIPTS).toEqual(['widget.js', ...Object.values(RUNTIMES).map((r) => r.fileName)]);
    const scriptExports = Object.keys(pkg.exports).filter((k) => k.endsWith('.js'));
    expect(scriptExports).toEqual(SCRIPTS.map((f) => `./${f}`));
    for (const f of SCRIPTS) expect(pkg.exports[`./${f}`]).toBe(`./dist/${f}`);
    expect(pkg.sideEffects).toEqual(SCRIPTS.map((f) => `./dist/${f}`));
    for (const f of Object.keys(pkg.sizeBudget)) expect(JS_FILES).toContain(f);
    expect(BUILDS.esm.fileName).toBe('index.mjs');
  });

  it('are named by no other build script (a second list would drift)', () => {
    const runtimeNames = new RegExp(
      Object.values(RUNTIMES)
        .map((r) => r.fileName.replace('.', '\\.'))
        .join('|'),
    );
    // The names themselves are the widget's public surface: src/surface/files.mjs, which
    // build/artifacts.mjs imports (and test/docs/surface.test.ts keeps out of the rest of src/).
    const tooling = files().filter((f) => /^(scripts|bench|build)\/|^vite(st)?\.config\.ts$/.test(f));
    expect(tooling.length).toBeGreaterThan(5);
    expect(tooling.filter((f) => runtimeNames.test(read(f)))).toEqual([]);
    // The check can fail: the list itself names them.
    expect(runtimeNames.test(read('src/surface/files.mjs'))).toBe(true);
  });
});

describe("Chromium's path (scripts/chromium.mjs)", () => {
  it('is written in no other file (docs aside)', () => {
    const needle = ['', 'usr', 'bin', 'chromium'].join('/'); // not written here either
    const copies = files().filter(
      (f) => !f.endsWith('.md') && !/\.(png|jpe?g|ico)$/.test(f) && read(f).includes(needle),
    );
    expect(copies).toEqual(['scripts/chromium.mjs']);
  });
});

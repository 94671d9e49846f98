// @vitest-environment node
// preact, marked and dompurify ship as published (docs/testing.md, "Dependencies as published"):
// the build bundles, tree-shakes and minifies them, and changes none of their code. This builds
// widget.js with the project's vite.config.ts plus a recorder that sees each of their files after
// every other plugin's `transform`, and wants the very bytes on disk; then it looks for their
// public API (which a trimmed copy would drop) in the output and in dist/widget.js.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadConfigFromFile, type Plugin, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEPS = /[\\/]node_modules[\\/](marked|dompurify|preact)[\\/]/;
const version = (name: string): string =>
  (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

/** Each public name a copy of the library cut down to what the widget calls would not carry. */
const PUBLIC_API = {
  dompurify: ['addHook', 'removeHook', 'removeHooks', 'removeAllHooks', 'setConfig', 'clearConfig', 'isValidAttribute'],
  marked: ['lexInline', 'parseInline', 'walkTokens', 'setOptions'],
};

const seen = new Map<string, string>();
let code = '';

beforeAll(async () => {
  const recorder: Plugin = {
    name: 'test:record-dependencies',
    enforce: 'post',
    transform(source, id) {
      if (DEPS.test(id)) seen.set(id.replace(/\?.*$/, ''), source);
    },
  };
  const out = (await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    plugins: [recorder],
    build: { write: false, sourcemap: false },
  })) as Rolldown.RolldownOutput[];
  code = out[0]!.output.find((c) => c.type === 'chunk')!.code;
}, 180_000);

describe('dependencies as published', () => {
  it('vite.config.ts has no plugins', async () => {
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      path.join(ROOT, 'vite.config.ts'),
      ROOT,
      'silent',
    );
    expect(loaded?.config.plugins ?? []).toEqual([]);
  });

  it('every file of marked, dompurify and preact reaches the bundler as it is on disk', () => {
    const names = new Set([...seen.keys()].map((id) => DEPS.exec(id)![1]));
    expect([...names].sort()).toEqual(['dompurify', 'marked', 'preact']);
    for (const [id, source] of seen) expect(source === readFileSync(id, 'utf8'), id).toBe(true);
  });

  it('widget.js carries their whole public API and DOMPurify names its installed version', () => {
    for (const name of [...PUBLIC_API.dompurify, ...PUBLIC_API.marked]) expect(code, name).toContain(name);
    expect(code).toContain(version('dompurify'));
  });

  // dist/ is built by the unit project's global setup (scripts/ensure-build.mjs) when missing.
  it('so does dist/widget.js as built by `npm run build`', () => {
    const dist = readFileSync(path.join(ROOT, 'dist/widget.js'), 'utf8');
    for (const name of [...PUBLIC_API.dompurify, ...PUBLIC_API.marked]) expect(dist, name).toContain(name);
    expect(dist).toContain(version('dompurify'));
  });
});

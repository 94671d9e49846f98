// @vitest-environment node
// The README's first screen is what a newcomer runs on a fresh machine: its Debian package list is
// the one CI installs (word for word), and its two commands are the ones CI and the demo use.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../esm/snippet';

const README = readFileSync(path.join(REPO, 'README.md'), 'utf8');
const CI = readFileSync(path.join(REPO, '.ci', 'run'), 'utf8');
const PKG = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('README first screen', () => {
  it('lists exactly the Debian packages .ci/run installs, in the same order', () => {
    const ci = /^DEBIAN_PACKAGES="([^"]+)"$/m.exec(CI)?.[1];
    const readme = /^apt-get install -y --no-install-recommends (.+)$/m.exec(README)?.[1];
    expect(ci).toBeTruthy();
    expect(readme).toBe(ci);
    expect(CI).toMatch(/apt-get install [^\n]*\$\{DEBIAN_PACKAGES\}/);
  });

  it('gives the demo and test commands, and CI runs the test one', () => {
    expect(README).toContain('```sh\nnpm ci && npm run demo\n```');
    expect(README).toContain('```sh\nnpm ci && npm test\n```');
    expect(CI).toMatch(/^npm ci\b/m);
    expect(CI).toMatch(/^npm test$/m);
    expect(PKG.scripts.test).toBe('node scripts/test-all.mjs');
  });
});

describe('mock/README.md', () => {
  it('names every scenario of the mock', async () => {
    const { SCENARIO_NAMES } = await import('../../mock/scenarios');
    const doc = readFileSync(path.join(REPO, 'mock', 'README.md'), 'utf8');
    expect(SCENARIO_NAMES.filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('README snippets', () => {
  const blocks = (lang: string) =>
    [...README.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n```', 'g'))].map((m) => m[1]!);

  it('shows the embed snippet that the mock prints and the browser tests paste into a page', async () => {
    const { embedSnippet, mockSnippet } = await import('../../mock/standalone');
    expect(README).toContain(`\`\`\`html\n${embedSnippet()}\n\`\`\``);
    expect(README).toContain(`\`\`\`html\n${mockSnippet('http://127.0.0.1:8787', 'demo-public-id')}\n\`\`\``);
  });

  it('every JavaScript example parses (inline scripts of the html blocks too)', async () => {
    const { transformWithOxc } = await import('vite');
    const scripts = blocks('html').flatMap((html) =>
      [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
    );
    const code = [...blocks('js'), ...scripts].filter((c) => c.trim());
    expect(code.length).toBeGreaterThanOrEqual(5);
    for (const source of code) {
      // Example names the page supplies (getAuthToken, helpButton, …) only need to parse, not resolve.
      await expect(transformWithOxc(source, 'example.js'), source.slice(0, 80)).resolves.toBeTruthy();
    }
  });

  // Its options, methods, events, error codes, parts and properties: test/docs/surface.test.ts.

  it('is short enough to read to the end', () => {
    expect(Buffer.byteLength(README)).toBeLessThanOrEqual(20_000);
  });
});

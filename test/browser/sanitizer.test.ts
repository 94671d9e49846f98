// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { vendorPlugins } from '../../vite.config';
import { PAYLOADS } from '../markdown/payloads';
import { ENGINE, openUrl, serverUrl } from './engines';
import { BROWSER_WORK_DIR, PAGES_DIR, urlPath } from './paths';

// Under the strictest policy the widget supports: only DOMPurify's own Trusted Types policy.
const CSP = "default-src 'none'; script-src 'self'; require-trusted-types-for 'script'; trusted-types dompurify";
const outDir = join(BROWSER_WORK_DIR, `sanitizer-bundle-${process.pid}`);

// With the build's vendor plugins: the corpus runs against the marked and DOMPurify widget.js ships.
const bundle = (entry: string, fileName: string, shipped = true, define: Record<string, string> = {}) =>
  build({
    configFile: false,
    logLevel: 'silent',
    plugins: shipped ? vendorPlugins() : [],
    define,
    build: { outDir, emptyOutDir: false, minify: false, lib: { entry, formats: ['iife'], name: 'corpus', fileName: () => fileName } },
  });

beforeAll(async () => {
  rmSync(outDir, { recursive: true, force: true });
  await bundle('test/browser/fixtures/sanitizer-entry.ts', 'corpus.js');
  for (const shipped of [true, false]) {
    const name = shipped ? 'shipped' : 'published';
    await bundle('test/browser/fixtures/purify-diff-entry.ts', `${name}.js`, shipped, { __PURIFIER__: JSON.stringify(name) });
  }
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

// Markup aimed at DOMPurify's namespace check (the lists the build trims) and at mutation XSS:
// known payloads, every nesting of two of these elements and of three of the first twelve.
const NESTED = 'svg math a p mtext mi mglyph annotation-xml foreignobject desc table style td title img div template font'.split(' ');
const nest = (tags: string[]) => `${tags.map((t) => `<${t}>`).join('')}t<a href="https://x.example/">l</a>${tags.reverse().map((t) => `</${t}>`).join('')}`;
const NAMESPACE_CORPUS = [
  ...PAYLOADS,
  '<svg><a href="https://x.example/">x</a></svg>',
  '<math><mi><a href="https://x.example/">x</a></mi></math>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<math><mtext><table><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
  '<svg><foreignobject><p>x</p><a href="https://x.example/">y</a></foreignobject></svg>',
  '<math><annotation-xml encoding="text/html"><p>x</p></annotation-xml></math>',
  '<svg><desc><table><tr><td>x</td></tr></table></desc></svg>',
  '<math><semantics><annotation-xml encoding="application/xhtml+xml"><div>x</div></annotation-xml></semantics></math>',
  '<p>ok <a href="https://x.example/" title="t">link</a></p><table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
  '<ol start="3"><li><code>x</code></li></ol><pre><code class="language-js">y</code></pre><h3>h</h3><blockquote>q</blockquote>',
  '<p>&copy; &frac34; &hellip; &notit; &amp;</p>',
  '<x-y is="p" href="https://x.example/">x</x-y><p is="x-y" title="t">y</p><font-face>z</font-face><a-b><p>w</p></a-b>',
  ...NESTED.flatMap((x) => NESTED.map((y) => nest([x, y]))),
  ...NESTED.slice(0, 12).flatMap((x) => NESTED.slice(0, 12).flatMap((y) => NESTED.slice(0, 12).map((z) => nest([x, y, z])))),
];

describe(`model output against the real DOMPurify (${ENGINE})`, () => {
  it('renders every XSS payload inert, whole and streamed, under Trusted Types, with no CSP violation and no request', async () => {
    // The corpus page, served by the mock with the CSP as a real header (headers.json).
    const dir = corpusPage(['corpus.js'], CSP);
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

  it('sanitizes as published DOMPurify does: the trimmed build answers the same for every config of the widget, and refuses the rest', async () => {
    const dir = corpusPage(['shipped.js', 'published.js']);
    const { page } = await openUrl(`${serverUrl()}${urlPath(dir)}/index.html`);
    type Purifier = (html: string) => string[];
    const result = await page.evaluate((corpus: string[]) => {
      const { shipped, published } = (window as unknown as { purifiers: Record<string, Purifier> }).purifiers;
      const differ: { html: string; shipped: string[]; published: string[] }[] = [];
      let kept = 0;
      for (const html of corpus) {
        const [a, b] = [shipped!(html), published!(html)];
        if (JSON.stringify(a) != JSON.stringify(b)) differ.push({ html, shipped: a, published: b });
        if (a.some((out) => out.includes('<a href='))) kept++;
      }
      return { differ: differ.slice(0, 5), count: differ.length, kept, control: shipped!('<p>ok <a href="https://x.example/">link</a><svg><a href="https://y.example/">no</a></svg></p>') };
    }, NAMESPACE_CORPUS);
    expect(result.differ).toEqual([]);
    expect(result.count).toBe(0);
    // Not vacuous: allowed markup is kept (a link inside an allowed parent), SVG and its content go.
    expect(result.control).toEqual(['<p>ok <a href="https://x.example/">link</a></p>', '<p>ok <a href="https://x.example/">link</a></p>', '<p>ok link</p>']);
    expect(result.kept).toBeGreaterThan(200);
    // Where the build fixed a flag, a config that sets it is refused, never answered differently.
    const refusals = await page.evaluate(() => {
      const { shipped, published } = (window as unknown as { refusals: Record<string, () => string[]> }).refusals;
      return { shipped: shipped!(), published: published!() };
    });
    expect(refusals.published).toEqual(['returned <p>x</p>', 'returned <p></p>', 'returned <p>x</p>', 'returned <p>x</p>', 'returned <p>x</p>', 'returned 42']);
    expect(refusals.shipped).toEqual([
      'TypeError: DOMPurify: SAFE_FOR_TEMPLATES is not built into this widget',
      'TypeError: DOMPurify: KEEP_CONTENT is not built into this widget',
      'TypeError: DOMPurify: TRUSTED_TYPES_POLICY is not built into this widget',
      'TypeError: DOMPurify: ADD_TAGS is not built into this widget',
      'TypeError: DOMPurify: CUSTOM_ELEMENT_HANDLING is not built into this widget',
      'TypeError: dirty is not a string, aborting',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });
});

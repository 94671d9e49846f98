// @vitest-environment node
// The build's own code (build/*.mjs), used by scripts/build.mjs and scripts/size.mjs.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manifest, sri } from '../../build/integrity.mjs';
import { check, measure, table } from '../../build/size.mjs';
import { moduleTypes, scriptTypes } from '../../build/types.mjs';

const DTS = `export interface InitOptions {\n  publicId: string;\n}\nexport interface WidgetInstance {\n  open(): void;\n}
declare global {\n  interface Window {\n    ServiceWidget: { init(o: InitOptions): WidgetInstance };\n  }\n}\nexport {};\n`;

describe('integrity', () => {
  it('is sha384 in base64, as <script integrity> takes it', () => {
    expect(sri('abc')).toBe(`sha384-${createHash('sha384').update('abc').digest('base64')}`);
    expect(sri('abc')).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(sri('abd')).not.toBe(sri('abc'));
  });

  it('writes the manifest in the order given, ending with a newline', () => {
    expect(manifest({ 'widget.js': 'sha384-a', 'index.mjs': 'sha384-b' })).toBe(
      '{\n  "widget.js": "sha384-a",\n  "index.mjs": "sha384-b"\n}\n',
    );
  });
});

describe('type declarations', () => {
  it('keep window.ServiceWidget for the script build', () => {
    expect(scriptTypes(DTS)).toContain('declare global');
    expect(scriptTypes(DTS).endsWith(DTS)).toBe(true);
  });

  it('drop the global for the module and declare its exports', () => {
    const out = moduleTypes(DTS);
    expect(out).not.toContain('declare global');
    expect(out).not.toContain('ServiceWidget:');
    expect(out).toContain('export interface InitOptions');
    expect(out).toContain('export declare function init(options: InitOptions): WidgetInstance;');
    expect(out).toContain('export declare const version: string;');
  });

  it('refuse declarations without exactly one global block (src/types.ts changed shape)', () => {
    expect(() => moduleTypes('export interface A {}\n')).toThrow(/one `declare global` block/);
  });
});

describe('size report', () => {
  it('measures raw, gzip and brotli bytes', () => {
    const bytes = new TextEncoder().encode('a'.repeat(10_000));
    const size = measure(bytes);
    expect(size.raw).toBe(10_000);
    expect(size.gzip).toBeLessThan(100);
    expect(size.brotli).toBeLessThan(100);
  });

  it('flags a file over its gzip budget, and only that one', () => {
    const rows = check(
      {
        'widget.js': { raw: 9, gzip: 60_001, brotli: 1 },
        'widget-voice.js': { raw: 9, gzip: 5, brotli: 1 },
        'index.mjs': { raw: 1, gzip: 1, brotli: 1 },
      },
      {
        'widget.js': { gzip: 60_000 },
        'index.mjs': { gzip: 1 },
      },
    );
    expect(rows.map((r) => [r.file, r.budget, r.over])).toEqual([
      ['widget.js', 60_000, true],
      ['widget-voice.js', undefined, false],
      ['index.mjs', 1, false],
    ]);
    const text = table(rows);
    expect(text).toMatch(/^widget\.js +0\.0 kB +60\.0 kB +0\.0 kB +60\.0 kB  OVER BUDGET$/m);
    expect(text).toMatch(/^index\.mjs .*100% of budget$/m);
    expect(text).toMatch(/^widget-voice\.js .* -$/m);
  });
});

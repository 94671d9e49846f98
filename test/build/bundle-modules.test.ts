// @vitest-environment node
// What ships where (docs/architecture.md): widget.js holds the core and no module of a lazy
// runtime. Read from the build's own module list, the `sources` of dist/widget.js.map (the list
// `npm run size:modules` prints), built by the unit project's global setup when missing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sources = (file: string): string[] =>
  (JSON.parse(readFileSync(path.join(ROOT, 'dist', `${file}.map`), 'utf8')) as { sources: string[] }).sources.map((s) =>
    s.replace(/^(\.\.\/)+/, ''),
  );

/** The modules of a runtime's folder in `list`. */
const runtimeModules = (list: string[]) => list.filter((s) => /^src\/(chart|voice)\//.test(s));

describe('widget.js', () => {
  it('holds no module of src/chart/ or src/voice/: the core loads them (src/runtime/runtimes.ts)', () => {
    const list = sources('widget.js');
    expect(list).toContain('src/runtime/runtimes.ts');
    expect(runtimeModules(list)).toEqual([]);
  });

  it('the check sees a runtime module where there is one', () => {
    expect(runtimeModules(sources('widget-chart.js'))).toContain('src/chart/chart.ts');
    expect(runtimeModules(sources('widget-voice.js'))).toContain('src/voice/controller.ts');
  });
});

// @vitest-environment node
// The npm package: exports/types point at built files, `npm pack` ships only what users need, and
// the ESM types work for a TypeScript consumer resolving 'service-widget' through `exports`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JS_FILES, SCRIPTS } from '../../build/artifacts.mjs';
import { REPO } from './snippet';

interface Pkg {
  version: string;
  main: string;
  module: string;
  types: string;
  exports: Record<string, string | Record<string, string>>;
  files: string[];
  sideEffects: string[] | boolean;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  license: string;
  engines: Record<string, string>;
  repository: { type: string; url: string };
}

const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Pkg;
// dist/ is built by the unit project's global setup (scripts/ensure-build.mjs) when missing or stale.
// The built files come from build/artifacts.mjs (the one list of them: test/build/facts.test.ts).
const SHIPPED = [
  // `npx service-widget doctor` (issue #38): plain Node 20, no dependencies.
  'bin/doctor.d.mts',
  'bin/doctor.mjs',
  'bin/service-widget.mjs',
  'CHANGELOG.md',
  'README.md',
  'dist/index.d.ts',
  'dist/integrity.json',
  'dist/widget.d.ts',
  'package.json',
  ...JS_FILES.map((f) => `dist/${f}`),
].sort();

/** Used at run time, bundled into every dist/ file (a consumer's `npm install` must not fetch them). */
const BUNDLED = ['preact', 'marked', 'dompurify'];

let packed: string[] | undefined;
/** What `npm pack` would put in the tarball (LICENSE aside), without building first; asked once (npm takes seconds). */
function packedFiles(): string[] {
  if (packed) return packed;
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8' });
  const [result] = JSON.parse(out) as [{ files: { path: string }[] }];
  packed = result.files
    .map((f) => f.path)
    .filter((f) => f !== 'LICENSE')
    .sort();
  return packed;
}

describe('package.json', () => {
  it('points the ESM entry and its types at dist/index.*', () => {
    expect(pkg.exports['.']).toEqual({
      types: './dist/index.d.ts',
      import: './dist/index.mjs',
      default: './dist/index.mjs',
    });
    expect(pkg.types).toBe('./dist/index.d.ts');
    expect(pkg.module).toBe('./dist/index.mjs');
    expect(pkg.main).toBe('./dist/index.mjs');
  });

  it('says its terms, where it comes from, and the Node it is developed with', () => {
    // The owner's terms are not decided: no licence is granted until then.
    expect(pkg.license).toBe('UNLICENSED');
    // The private remote is not known to the package: a reserved `.invalid` host that can never
    // be taken for a real address, to be replaced at the first release.
    expect(pkg.repository).toEqual({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/.+\.git$/) });
    expect(pkg.engines.node).toBe('>=20');
  });

  it('ships the integrity manifest of the scripts', () => {
    expect(pkg.exports['./integrity.json']).toBe('./dist/integrity.json');
  });

  it('marks only the script-tag bundles as having side effects', () => {
    expect(pkg.sideEffects).toEqual(SCRIPTS.map((f) => `./dist/${f}`));
  });

  it('every exported path exists after the build', () => {
    const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)));
    for (const target of targets) expect(existsSync(path.join(REPO, target)), target).toBe(true);
  });

  it('npm pack ships the bundles, their types, the documents and examples/, and nothing else', () => {
    const files = packedFiles();
    // The integrator docs of docs/ (package.json `files`; test/docs/package-docs.test.ts) and
    // examples/ ship; the screenshots do not (0.6 MB of PNGs): the registry shows the README's
    // images from the repository.
    expect(files.filter((f) => !/^(docs|examples)\//.test(f))).toEqual(SHIPPED);
    // The one picture shipped is the README's first screen (docs/images/themes.png).
    expect(files.filter((f) => /\.map$|\.png$|^src\/|^test\//.test(f))).toEqual(['docs/images/themes.png']);
  }, 30_000);

  it('every relative link of the packed README points at a file the package ships; images at the repository', () => {
    const files = new Set(packedFiles());
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8').replace(/```[\s\S]*?```/g, '');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^([a-z]+:|#)/i.test(t));
    expect(targets.length).toBeGreaterThan(5);
    const missing = targets.filter((t) => {
      const target = t.replace(/#.*$/, '').replace(/\/$/, '');
      if (/^docs\/images\/[\w-]+\.png$/.test(target)) return !existsSync(path.join(REPO, target));
      return !files.has(target) && ![...files].some((f) => f.startsWith(`${target}/`));
    });
    expect(missing).toEqual([]);
  }, 30_000);

  it('makes a consumer install nothing else: preact, marked and DOMPurify are bundled, so devDependencies', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    for (const lib of BUNDLED) expect(pkg.devDependencies[lib], lib).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('the bundle inlines preact, marked and DOMPurify (no bare imports left)', () => {
    const code = readFileSync(path.join(REPO, 'dist', 'index.mjs'), 'utf8');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/\bimport\(\s*["'][^."']/);
    for (const lib of BUNDLED) expect(code).not.toContain(`from "${lib}`);
    expect(code).not.toMatch(/process\.env/);
    // src/init.ts's script-tag default for baseUrl is not part of this entry.
    expect(code).not.toContain('document.currentScript instanceof HTMLScriptElement');
  });
});

describe('dist/index.d.ts for a TypeScript consumer', () => {
  it('imports no types from any package (a consumer has no preact, marked or dompurify)', () => {
    for (const file of ['index.d.ts', 'widget.d.ts']) {
      const types = readFileSync(path.join(REPO, 'dist', file), 'utf8');
      expect(types, file).not.toMatch(/^\s*(import|export)\b[^;]*\bfrom\s*['"]|import\(\s*['"]|<reference\s/m);
    }
  });

  it('types init, version and the public types, and declares no window.ServiceWidget', () => {
    const dir = path.join(REPO, 'artifacts', 'esm-consumer');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
    symlinkSync(REPO, path.join(dir, 'node_modules', 'service-widget'), 'dir');
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noEmit: true,
          types: [],
          skipLibCheck: false,
        },
        files: ['consumer.ts'],
      }),
    );
    writeFileSync(
      path.join(dir, 'consumer.ts'),
      `import { init, version, type InitOptions, type WidgetEvent, type WidgetInstance, type Theme } from 'service-widget';
const onEvent = (e: WidgetEvent): void => {
  if (e.type === 'error') console.log(e.code satisfies string);
};
const options: InitOptions = { publicId: 'p', baseUrl: 'https://svc.example', getAuthToken: async () => 'jwt', onEvent };
const w: WidgetInstance = init(options);
const theme: Theme = 'auto';
w.setTheme(theme);
const v: string = version;
// @ts-expect-error publicId must be a string
init({ publicId: 1, authToken: 't' });
// @ts-expect-error not a theme
w.setTheme('blue');
// @ts-expect-error the module build defines no global
window.ServiceWidget.init(options);
export { v };
`,
    );
    const tsc = path.join(REPO, 'node_modules', '.bin', 'tsc');
    let output = '';
    try {
      execFileSync(tsc, ['-p', path.join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    rmSync(dir, { recursive: true, force: true }); // the symlink points at the repo: leave no loop behind
    expect(output).toBe('');
  }, 60_000); // tsc on a 2-core machine shared with other runs takes seconds
});

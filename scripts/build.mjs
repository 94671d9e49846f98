// Builds every artifact of contract section 1: dist/widget.js, dist/widget-voice.js, dist/widget-chart.js, dist/widget.d.ts,
// and the npm entry: dist/index.mjs (ES module, see vite.config.ts) with its types dist/index.d.ts.
// Then dist/integrity.json: the Subresource Integrity (sha384) of every script, also printed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'vite';

/** `sha384-<base64>` of a built file, as a `<script integrity>` attribute wants it. */
const sri = (file) => `sha384-${createHash('sha384').update(readFileSync(`dist/${file}`)).digest('base64')}`;

/**
 * The lazy runtimes (vite.config.ts mode -> file). They are built first so that widget.js (and
 * index.mjs) can be built with their integrity baked in (`__RUNTIME_INTEGRITY__`, read by
 * src/runtime/integrity.ts): a runtime changed on its host is refused by the browser. A new
 * runtime is one line here.
 */
const RUNTIMES = { voice: 'widget-voice.js', chart: 'widget-chart.js' };

rmSync('dist', { recursive: true, force: true });
const runtimeIntegrity = {};
for (const [mode, file] of Object.entries(RUNTIMES)) {
  await build({ configFile: 'vite.config.ts', mode });
  runtimeIntegrity[file] = sri(file);
}
const define = { __RUNTIME_INTEGRITY__: JSON.stringify(runtimeIntegrity) };
await build({ configFile: 'vite.config.ts', mode: 'production', define });
await build({ configFile: 'vite.config.ts', mode: 'esm', define });

// The public types: src/types.ts imports nothing, so its declaration file is the whole API.
execFileSync('npx', ['tsc', 'src/types.ts', '--ignoreConfig', '--declaration', '--emitDeclarationOnly', '--skipLibCheck', '--target', 'es2022',
  '--lib', 'es2022,dom', '--outDir', 'dist/.types'], { stdio: 'inherit' });
const dts = readFileSync('dist/.types/types.d.ts', 'utf8');
writeFileSync('dist/widget.d.ts', `// Type declarations of the ServiceWidget public API.\n${dts}`);
rmSync('dist/.types', { recursive: true, force: true });

// The ES module's types: the same declarations without `declare global` (an import defines no
// window.ServiceWidget), plus the module's own exports (src/esm.ts).
const globalBlock = /\ndeclare global \{\n[\s\S]*?\n\}\n/g;
if ((dts.match(globalBlock) ?? []).length !== 1) throw new Error('build: expected one `declare global` block in the types of src/types.ts');
writeFileSync(
  'dist/index.d.ts',
  `// Type declarations of the ES module entry: import { init, version } from 'service-widget'.\n${dts.replace(globalBlock, '\n')}
/** Mounts a widget and returns its controls. \`baseUrl\` is required when imported as a module. Needs a browser. */
export declare function init(options: InitOptions): WidgetInstance;
/** The package version (semver). */
export declare const version: string;
`,
);

// The manifest beside the scripts, for pinning them: `<script src=…/widget.js integrity=…>`.
const integrity = { 'widget.js': sri('widget.js'), ...runtimeIntegrity, 'index.mjs': sri('index.mjs') };
writeFileSync('dist/integrity.json', `${JSON.stringify(integrity, null, 2)}\n`);

for (const f of ['widget.js', ...Object.values(RUNTIMES), 'widget.d.ts', 'index.mjs', 'index.d.ts', 'integrity.json']) {
  if (existsSync(`dist/${f}`)) console.log(`dist/${f}  ${readFileSync(`dist/${f}`).length} bytes${integrity[f] ? `  integrity ${integrity[f]}` : ''}`);
}

// Builds every artifact of contract section 1: dist/widget.js, dist/widget-voice.js, dist/widget-chart.js, dist/widget.d.ts,
// and the npm entry: dist/index.mjs (ES module, see vite.config.ts) with its types dist/index.d.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'vite';

await build({ configFile: 'vite.config.ts', mode: 'production' });
if (existsSync('src/voice/runtime.ts')) await build({ configFile: 'vite.config.ts', mode: 'voice' });
await build({ configFile: 'vite.config.ts', mode: 'chart' });
await build({ configFile: 'vite.config.ts', mode: 'esm' });

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

for (const f of ['widget.js', 'widget-voice.js', 'widget-chart.js', 'widget.d.ts', 'index.mjs', 'index.d.ts']) {
  if (existsSync(`dist/${f}`)) console.log(`dist/${f}  ${readFileSync(`dist/${f}`).length} bytes`);
}

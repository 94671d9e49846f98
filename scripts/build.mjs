// Builds every file of dist/ (build/artifacts.mjs): the lazy runtimes first, then widget.js and
// the npm entry index.mjs with the runtimes' integrity baked in, the type declarations, and
// dist/integrity.json (the Subresource Integrity of every script, also printed).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'vite';
import { JS_FILES, RUNTIMES } from '../build/artifacts.mjs';
import { manifest, sri } from '../build/integrity.mjs';
import { moduleTypes, scriptTypes } from '../build/types.mjs';

const hash = (file) => sri(readFileSync(`dist/${file}`));

rmSync('dist', { recursive: true, force: true });
// A runtime changed on its host is refused by the browser (src/runtime/integrity.ts).
const runtimeIntegrity = {};
for (const [mode, { fileName }] of Object.entries(RUNTIMES)) {
  await build({ configFile: 'vite.config.ts', mode });
  runtimeIntegrity[fileName] = hash(fileName);
}
const define = { __RUNTIME_INTEGRITY__: JSON.stringify(runtimeIntegrity) };
await build({ configFile: 'vite.config.ts', mode: 'production', define });
await build({ configFile: 'vite.config.ts', mode: 'esm', define });

execFileSync(
  'npx',
  [
    'tsc',
    'src/types.ts',
    '--ignoreConfig',
    '--declaration',
    '--emitDeclarationOnly',
    '--skipLibCheck',
    '--target',
    'es2022',
    '--lib',
    'es2022,dom',
    '--outDir',
    'dist/.types',
  ],
  { stdio: 'inherit' },
);
const dts = readFileSync('dist/.types/types.d.ts', 'utf8');
rmSync('dist/.types', { recursive: true, force: true });
writeFileSync('dist/widget.d.ts', scriptTypes(dts));
writeFileSync('dist/index.d.ts', moduleTypes(dts));

// The manifest beside the scripts, for pinning them: `<script src=…/widget.js integrity=…>`.
const integrity = Object.fromEntries(JS_FILES.map((file) => [file, runtimeIntegrity[file] ?? hash(file)]));
writeFileSync('dist/integrity.json', manifest(integrity));

for (const f of [...JS_FILES, 'widget.d.ts', 'index.d.ts', 'integrity.json']) {
  if (existsSync(`dist/${f}`))
    console.log(
      `dist/${f}  ${readFileSync(`dist/${f}`).length} bytes${integrity[f] ? `  integrity ${integrity[f]}` : ''}`,
    );
}

// Builds every artifact of contract section 1: dist/widget.js, dist/widget-voice.js, dist/widget.d.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'vite';

await build({ configFile: 'vite.config.ts', mode: 'production' });
if (existsSync('src/voice/runtime.ts')) await build({ configFile: 'vite.config.ts', mode: 'voice' });

// The public types: src/types.ts imports nothing, so its declaration file is the whole API.
execFileSync('npx', ['tsc', 'src/types.ts', '--ignoreConfig', '--declaration', '--emitDeclarationOnly', '--skipLibCheck', '--target', 'es2022',
  '--lib', 'es2022,dom', '--outDir', 'dist/.types'], { stdio: 'inherit' });
const dts = readFileSync('dist/.types/types.d.ts', 'utf8');
writeFileSync('dist/widget.d.ts', `// Type declarations of the ServiceWidget public API.\n${dts}`);
rmSync('dist/.types', { recursive: true, force: true });

for (const f of ['widget.js', 'widget-voice.js', 'widget.d.ts']) {
  if (existsSync(`dist/${f}`)) console.log(`dist/${f}  ${readFileSync(`dist/${f}`).length} bytes`);
}

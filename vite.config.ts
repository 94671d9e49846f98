import { readFileSync } from 'node:fs';
import { defineConfig, type UserConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * One build per mode. The script-tag artifacts are self-contained IIFEs (an IIFE cannot share
 * chunks). `esm` is the npm entry (dist/index.mjs): an ES module with preact, marked and dompurify
 * bundled in (one private copy: the widget configures its own Marked instance and DOMPurify, and
 * must not share or change the app's), unminified (the app's bundler minifies) and without maps.
 */
const entries: Record<string, { entry: string; fileName: string; format: 'iife' | 'es' }> = {
  production: { entry: 'src/index.ts', fileName: 'widget.js', format: 'iife' },
  voice: { entry: 'src/voice/runtime.ts', fileName: 'widget-voice.js', format: 'iife' },
  esm: { entry: 'src/esm.ts', fileName: 'index.mjs', format: 'es' },
};

export default defineConfig(({ mode }): UserConfig => {
  const target = entries[mode];
  if (!target) throw new Error(`unknown build mode ${mode}: use one of ${Object.keys(entries).join(', ')}`);
  return {
    publicDir: false,
    logLevel: 'warn',
    define: { __VERSION__: JSON.stringify(version) },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: mode === 'production',
      sourcemap: target.format === 'iife',
      minify: target.format === 'iife',
      lib: { entry: target.entry, formats: [target.format], name: '__serviceWidgetBundle', fileName: () => target.fileName },
    },
  };
});

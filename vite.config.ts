import { readFileSync } from 'node:fs';
import { defineConfig, type UserConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Every artifact is a self-contained IIFE (an IIFE cannot share chunks), one build per mode. */
const entries: Record<string, { entry: string; fileName: string }> = {
  production: { entry: 'src/index.ts', fileName: 'widget.js' },
  voice: { entry: 'src/voice/runtime.ts', fileName: 'widget-voice.js' },
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
      sourcemap: true,
      minify: true,
      lib: { entry: target.entry, formats: ['iife'], name: '__serviceWidgetBundle', fileName: () => target.fileName },
    },
  };
});

// Configuration only: what `npm run build` (scripts/build.mjs) builds is listed in
// build/artifacts.mjs, one build per mode. preact, marked and dompurify are bundled, tree-shaken
// and minified as published: no plugin here or anywhere changes their code (docs/testing.md,
// "The build, and dependencies as published"; test/build/published-deps.test.ts).
import { readFileSync } from 'node:fs';
import { defineConfig, type UserConfig } from 'vite';
import { BUILDS } from './build/artifacts.mjs';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig(({ mode }): UserConfig => {
  const target = BUILDS[mode as keyof typeof BUILDS];
  if (!target) throw new Error(`unknown build mode ${mode}: use one of ${Object.keys(BUILDS).join(', ')}`);
  const script = target.format === 'iife';
  return {
    publicDir: false,
    logLevel: 'warn',
    define: { __VERSION__: JSON.stringify(version) },
    // Production JSX whatever NODE_ENV the build runs under (vitest sets `test`, which would
    // otherwise compile the development JSX runtime's calls with source locations into widget.js).
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: false } },
    build: {
      target: 'es2022',
      outDir: 'dist',
      // scripts/build.mjs empties dist/ once, then builds the runtimes before widget.js.
      emptyOutDir: false,
      sourcemap: script,
      minify: script ? 'oxc' : false,
      lib: {
        entry: target.entry,
        formats: [target.format],
        name: '__serviceWidgetBundle',
        fileName: () => target.fileName,
      },
      rolldownOptions: {
        // One file per build. src/markdown/engine.ts's `import()` of its loader is inlined, and
        // the modules behind it (marked, DOMPurify, the renderer) run when it is first called.
        output: { codeSplitting: false },
      },
    },
  };
});

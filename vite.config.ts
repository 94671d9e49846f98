import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

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

/**
 * The widget uses only marked's lexer: src/markdown/render.ts builds the DOM from the tokens
 * itself. marked ships one pre-bundled file whose default `marked` instance and parse API are
 * top-level side effects, which keep its HTML parser and renderer in every bundle. This cuts that
 * tail off and exports only what the widget imports, so tree-shaking drops the rest: 3.2 kB gzip
 * on every customer page. marked is pinned; the build fails loudly if the file changes shape.
 */
export function markedLexerOnly(): Plugin {
  return {
    name: 'marked-lexer-only',
    transform(code, id) {
      if (!/[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return;
      const cut = code.indexOf('var v=new ne;');
      if (cut < 0 || !code.includes('export{A as Hooks,w as Lexer,')) {
        this.error('marked-lexer-only: marked/lib/marked.esm.js is not shaped as expected (marked upgraded?)');
      }
      return { code: `${code.slice(0, cut)}export{w as Lexer,G as getDefaults};`, map: null };
    },
  };
}

export default defineConfig(({ mode }): UserConfig => {
  const target = entries[mode];
  if (!target) throw new Error(`unknown build mode ${mode}: use one of ${Object.keys(entries).join(', ')}`);
  return {
    publicDir: false,
    logLevel: 'warn',
    plugins: [markedLexerOnly()],
    define: { __VERSION__: JSON.stringify(version) },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      target: 'es2022',
      outDir: 'dist',
      // scripts/build.mjs empties dist/ once, then builds the runtimes before widget.js.
      emptyOutDir: false,
      sourcemap: target.format === 'iife',
      minify: target.format === 'iife',
      lib: { entry: target.entry, formats: [target.format], name: '__serviceWidgetBundle', fileName: () => target.fileName },
    },
  };
});

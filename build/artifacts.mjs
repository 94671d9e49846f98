// The files `npm run build` makes: the one list every build script reads (vite.config.ts,
// scripts/build.mjs, scripts/size.mjs). package.json cannot import it; test/build/facts.test.ts
// checks that its `exports`, `sideEffects` and `sizeBudget` name these files and no others. The
// names of the files a page serves are the widget's public surface (src/surface/files.mjs).
import { RUNTIME_FILES, SCRIPT_FILE } from '../src/surface/files.mjs';

/**
 * The lazy runtimes (vite.config.ts mode -> build), loaded by widget.js on first use. They are
 * built first so that widget.js and index.mjs carry their integrity (src/runtime/integrity.ts).
 * A new runtime is one line here and its file name in src/surface/files.mjs, plus its package.json
 * `exports` and `sideEffects` entries.
 */
export const RUNTIMES = {
  voice: { entry: 'src/voice/runtime.ts', fileName: RUNTIME_FILES.voice, format: 'iife' },
  chart: { entry: 'src/chart/runtime.ts', fileName: RUNTIME_FILES.chart, format: 'iife' },
};

/**
 * Every build, by vite.config.ts mode. The script-tag files are self-contained IIFEs (one file
 * each: an IIFE cannot share chunks). `esm` is the npm entry: an ES module with preact, marked and
 * dompurify bundled in (one private copy: the widget configures its own Lexer and DOMPurify and
 * must not share or change the app's), unminified (the app's bundler minifies) and without maps.
 */
export const BUILDS = {
  ...RUNTIMES,
  production: { entry: 'src/index.ts', fileName: SCRIPT_FILE, format: 'iife' },
  esm: { entry: 'src/esm.ts', fileName: 'index.mjs', format: 'es' },
};

/** The script-tag files, widget.js first: they run as they load (package.json `sideEffects`). */
export const SCRIPTS = [BUILDS.production.fileName, ...Object.values(RUNTIMES).map((r) => r.fileName)];

/** Every JavaScript file of dist/, in the order the size report lists them. */
export const JS_FILES = [...SCRIPTS, BUILDS.esm.fileName];

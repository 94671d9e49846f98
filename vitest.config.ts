import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { filesFor } from './test/browser/engine-rules.ts';
import { SameEnvironmentTogether } from './test/sequencer.ts';
import { browserWorkers } from './test/browser/workers.mjs';

// The `browser` project runs once per engine (test/browser/run.mjs sets BROWSER_ENGINE). Which files
// run where is test/browser/engine-rules.ts: the Chromium-only files are listed there with their
// reason (and in docs/testing.md); every other file runs in all three. An unlisted file that does
// not import ./engines stops the run with its name.
const ENGINE = process.env.BROWSER_ENGINE ?? 'chromium';
const BROWSER_DIR = 'test/browser';

// The unit files share their worker's modules (`isolate: false`): a file then skips the fresh
// process, happy-dom window, msw setup and imports that Vitest's default gives each file (about
// 1.5 s each on 2 cores; docs/testing.md, "Where the time goes"). What one file leaves must then
// not reach the next: test/setup.ts ends each test's widgets and resets the mock after every test,
// and no other module of test/ registers a hook (it would run for its worker's first file only).
// Fresh modules are kept for the files that replace or reset modules (`vi.mock`, `vi.doMock`,
// `vi.resetModules`: in a shared worker the real module is loaded already, or is loaded again for
// the next file) and for those that begin before a lazy part (the markdown engine) has loaded.
// test/docs/shared-modules.test.ts fails when a shared file replaces modules or a helper registers a hook.
const FRESH_MODULES = [
  'test/esm/async-snippet.test.ts',
  'test/esm/entry.test.ts',
  'test/esm/ssr.test.ts',
  'test/markdown/lazy.test.ts',
  'test/markdown/lazy-definitions.test.ts',
  'test/runtime/failures.test.tsx',
  'test/runtime/load.test.ts',
  'test/voice/widget-voice.test.tsx',
];

/** A unit project (`npm run test:unit` runs both, `--project 'unit*'`). */
function unitProject(name: string, files: { include?: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    extends: true as const,
    test: {
      name,
      include: files.include ?? ['test/**/*.test.{ts,tsx}'],
      // src/markdown/load-engine.cjs is for the bundler; Node would require() TypeScript with it.
      alias: [{ find: /^\.\/load-engine\.cjs$/, replacement: path.resolve('test/helpers/load-engine.ts') }],
      exclude: ['test/browser/**', ...(files.exclude ?? [])],
      environment: 'happy-dom',
      setupFiles: ['test/setup.ts'],
      globalSetup: ['test/unit-global-setup.ts'],
      isolate: files.isolate ?? true,
      // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which then
      // sat 40 % idle through this step (a worker keeps one core busy).
      maxWorkers: availableParallelism(),
    },
  };
}

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    sequence: { sequencer: SameEnvironmentTogether },
    projects: [
      unitProject('unit', { include: FRESH_MODULES }),
      unitProject('unit-shared', { exclude: FRESH_MODULES, isolate: false }),
      {
        extends: true,
        test: {
          name: 'browser',
          include: [
            ...filesFor(ENGINE, BROWSER_DIR).map((file) => `${BROWSER_DIR}/${file}`),
            // Pictures for people, not tests: only `npm run doc-images` takes them (docs/testing.md).
            ...(process.env.UPDATE_DOC_IMAGES ? [`${BROWSER_DIR}/doc-images/*.images.ts`] : []),
          ],
          environment: 'node',
          // Each worker keeps its browser connection (Chromium), browser (Firefox) or WebKitWebDriver
          // session, its tab (engines/kept-tab.ts) and its imported modules for every file it runs
          // (isolate: false); files run side by side in BROWSER_WORKERS workers (test/browser/workers.mjs;
          // one per core), since each test has a mock service of its own (setup.ts).
          isolate: false,
          fileParallelism: true,
          maxWorkers: browserWorkers(),
          globalSetup: ['test/browser/global-setup.ts'],
          setupFiles: ['test/browser/setup.ts'],
          // WebDriver (WebKit) takes one HTTP round trip per step: the long flows need more time there.
          testTimeout: ENGINE === 'chromium' ? 30_000 : 60_000,
          hookTimeout: 60_000,
          // No second tries: a test that passes only sometimes is a defect to fix at its cause
          // (docs/testing.md, "Waiting").
          retry: 0,
        },
      },
    ],
  },
});

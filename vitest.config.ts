import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { filesFor } from './test/browser/engine-rules.ts';
import { browserWorkers } from './test/browser/workers.mjs';

// The `browser` project runs once per engine (test/browser/run.mjs sets BROWSER_ENGINE). Which files
// run where is test/browser/engine-rules.ts: the Chromium-only files are listed there with their
// reason (and in docs/testing.md); every other file runs in all three. An unlisted file that does
// not import ./engines stops the run with its name.
const ENGINE = process.env.BROWSER_ENGINE ?? 'chromium';
const BROWSER_DIR = 'test/browser';

// Unit test files that test functions of their input (markdown, the protocol's parsing, charts,
// tables, exports, the build, the docs) share their worker's modules (`isolate: false`): each such
// file then skips a fresh import of its dependencies (the unit step: 130 s → about 100 s on 2 cores).
// None of them may mount the widget: a mounted widget loads its markdown engine later by itself,
// and with shared modules that load can land in the next file (test/esm/async-snippet.test.ts's
// did, and test/markdown/render.test.ts failed, "after the environment was torn down"). So the
// files that mount it, or test module state (the lazy markdown engine, the mock's scenario, the
// npm entry), get fresh modules per file, Vitest's default; so does any new folder of test/.
// test/docs/shared-modules.test.ts fails when a shared file mounts the widget.
const SHARED_MODULES = [
  'test/{api,build,chart,doctor,export,i18n,state,table}/**/*.test.{ts,tsx}',
  'test/docs/!(surface).test.ts',
  'test/markdown/!(lazy)*.test.ts',
  'test/mock/!(chat|service).test.ts',
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
    projects: [
      unitProject('unit', { exclude: SHARED_MODULES }),
      unitProject('unit-shared', { include: SHARED_MODULES, isolate: false }),
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

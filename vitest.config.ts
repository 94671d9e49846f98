import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { filesFor } from './test/browser/engine-rules.ts';

// The `browser` project runs once per engine (test/browser/run.mjs sets BROWSER_ENGINE). Which files
// run where is test/browser/engine-rules.ts: the Chromium-only files are listed there with their
// reason (and in docs/testing.md); every other file runs in all three. An unlisted file that does
// not import ./engines stops the run with its name.
const ENGINE = process.env.BROWSER_ENGINE ?? 'chromium';
const BROWSER_DIR = 'test/browser';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          // src/markdown/load-engine.cjs is for the bundler; Node would require() TypeScript with it.
          alias: [{ find: /^\.\/load-engine\.cjs$/, replacement: path.resolve('test/helpers/load-engine.ts') }],
          exclude: ['test/browser/**'],
          environment: 'happy-dom',
          setupFiles: ['test/setup.ts'],
          globalSetup: ['test/unit-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: filesFor(ENGINE, BROWSER_DIR).map((file) => `${BROWSER_DIR}/${file}`),
          environment: 'node',
          // One worker runs every file (fileParallelism is off): the Firefox or WebKit session
          // (seconds to start) and the Chromium connection serve the whole run, and the modules
          // (playwright-core, vite, …) are imported once, not once per file (in Chromium that was
          // 45 of 255 s over 11 files at load 7, docs/testing.md "Where the time goes").
          isolate: false,
          globalSetup: ['test/browser/global-setup.ts'],
          // WebDriver (WebKit) takes one HTTP round trip per step: the long flows need more time there.
          testTimeout: ENGINE === 'chromium' ? 30_000 : 60_000,
          hookTimeout: 60_000,
          // A failed test runs once more; one that passes then is named in the run's summary as a
          // second try (test/browser/named-outcomes.ts), never counted as a plain pass in silence.
          retry: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});

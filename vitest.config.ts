import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The `browser` project runs once per engine (test/browser/run.mjs sets BROWSER_ENGINE). In
// Firefox and WebKit it runs the files written for every engine (they import test/browser/engines);
// the others stay Chromium-only (listed with their reason in docs/testing.md).
const ENGINE = process.env.BROWSER_ENGINE ?? 'chromium';
const USES_ENGINES = /from '(\.\.?\/)+engines(\/index)?'/;
const browserFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => USES_ENGINES.test(readFileSync(file, 'utf8')));

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
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ENGINE === 'chromium' ? ['test/browser/**/*.test.ts'] : browserFiles('test/browser'),
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
          fileParallelism: false,
        },
      },
    ],
  },
});

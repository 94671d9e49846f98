// Which browser test files run in which engine: the one rule, read by vitest.config.ts and by
// test/docs/engine-rules.test.ts (which holds docs/testing.md's table "Files that run in Chromium
// only" to this list). Every other file of test/browser runs in Chromium, Firefox and WebKit, and
// must import its page from ./engines. A file here either needs a probe only Chromium's driver has
// (it drives Chromium through ./helpers), or tests what does not depend on the engine: packaging
// and tooling, or the widget's own logic whose engine parts other files check in every engine
// (docs/testing.md, "Files that run in Chromium only").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Files (relative to test/browser) that run in Chromium only, and why no other engine can run them. */
export const CHROMIUM_ONLY: Readonly<Record<string, string>> = {
  'hardening/lifecycle-leaks.test.ts': 'heap census and metrics through CDP (`HeapProfiler`, `Performance.getMetrics`)',
  'hardening/phones.test.ts': 'touch swipes through CDP `Input.dispatchTouchEvent`',
  'frameworks.test.ts':
    'packaging: the React and Vue wrappers as bundled by Vite (the widget they mount is the same in every engine)',
  'npm-run-mock.test.ts': 'tooling: `npm run mock` serving an integrator’s page',
  'demo-page.test.ts': 'tooling: the QA demo page and its layout for QA',
  'public-methods.test.ts':
    'widget logic: what each method of the instance does to its state and requests (its engine parts, in every engine: setLocale in ui-language and shell, ask in page-api, themes in theme-and-recording)',
  'visitor-minute.test.ts':
    'widget logic: its states over a minute on the page’s test clock (its engine parts, in every engine: cut and stopped streams in chat, a reload mid-reply in persist, what is said in announcements)',
};

/** The Chromium-only files that need Chromium's driver itself (CDP): they must not import ./engines. */
const NEEDS_CDP = ['hardening/lifecycle-leaks.test.ts', 'hardening/phones.test.ts'];

const USES_ENGINES = /from '(\.\.?\/)+engines(\/index)?'/;

/** Every browser test file under `dir` (test/browser), relative to it, sorted. */
export function browserTestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The files of `dir` that run in `engine`, after checking the rule: a Chromium-only file exists
 * and does not import ./engines; every other file imports it. Throws, naming the file, otherwise.
 */
export function filesFor(engine: string, dir: string): string[] {
  const files = browserTestFiles(dir);
  const problems: string[] = [];
  for (const file of Object.keys(CHROMIUM_ONLY)) {
    if (!files.includes(file)) problems.push(`${file} is listed as Chromium-only but does not exist`);
  }
  for (const file of files) {
    const usesEngines = USES_ENGINES.test(readFileSync(path.join(dir, file), 'utf8'));
    if (NEEDS_CDP.includes(file) && usesEngines) problems.push(`${file} needs CDP but imports ./engines`);
    if (!(file in CHROMIUM_ONLY) && !usesEngines) {
      problems.push(`${file} does not import ./engines: make it run in every engine, or list it with its reason`);
    }
  }
  if (problems.length) throw new Error(`test/browser/engine-rules.ts:\n  ${problems.join('\n  ')}`);
  return engine === 'chromium' ? files : files.filter((file) => !(file in CHROMIUM_ONLY));
}

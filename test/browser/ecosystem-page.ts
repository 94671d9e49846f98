// A bare page for the ecosystem tests (async snippet, React/Vue wrappers), in every engine: files
// written under artifacts/browser/pages/, served by the mock server, opened in a fresh page (new
// context or tab) that is closed when the test finishes. The page's getAuthToken is
// window.__swMintToken (a visitor token from the mock, per call). Each .html file gets, first in
// its <head>, fixtures/early.js (console, errors: what WebDriver cannot report) and the fixtures
// the test asks for (e.g. leak-tracker.js), so they run before any script of the page.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { engine, serverUrl, TestPage, type ConsoleEntry } from './engines';
import { PAGES_DIR, REPO_ROOT } from './paths';

export interface BarePage {
  page: TestPage;
  /** Directory of the page's files, and its URL prefix. */
  dir: string;
  base: string;
  pageErrors(): Promise<string[]>;
  consoleErrors(): Promise<string[]>;
  goto(file?: string): Promise<void>;
}

let seq = 0;

export async function barePage(
  files: Record<string, string>,
  { fixtures = [], sub = `eco-${process.pid}-${++seq}` }: { fixtures?: string[]; sub?: string } = {},
): Promise<BarePage> {
  const dir = path.join(PAGES_DIR, `eco-${process.pid}-${Date.now().toString(36)}-${seq}`);
  mkdirSync(dir, { recursive: true });
  const first = [...['early.js', ...fixtures].map((f) => `/test/browser/fixtures/${f}`), 'mint.js']
    .map((src) => `<script src="${src}"></script>`)
    .join('\n');
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(
      path.join(dir, name),
      name.endsWith('.html') ? text.replace(/<head>/i, (head) => `${head}\n${first}`) : text,
    );
  }
  writeFileSync(
    path.join(dir, 'mint.js'),
    `window.__swMintToken = function () {
  return fetch(${JSON.stringify(`${serverUrl()}/__test/token`)}, { method: 'POST', body: ${JSON.stringify(JSON.stringify({ sub }))} })
    .then(function (r) { return r.json(); })
    .then(function (j) { return j.token; });
};\n`,
  );
  const base = `${serverUrl()}/${path.relative(REPO_ROOT, dir).split(path.sep).join('/')}/`;

  const driver = await engine().newPage({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    colorScheme: 'light',
    locale: 'en-US',
    url: base,
  });
  onTestFinished(() => driver.close().catch(() => undefined));
  const page = new TestPage(driver);
  const inPage = <T>(name: string) =>
    page.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name).then((v) => (v ?? []) as T);
  const pageErrors = async () => driver.native?.errors.slice() ?? (await inPage<string[]>('__swErrors'));
  const consoleErrors = async () =>
    (driver.native?.console ?? (await inPage<ConsoleEntry[]>('__swConsole')))
      .filter((m) => m.type === 'error')
      .map((m) => m.text);
  return {
    page,
    dir,
    base,
    pageErrors,
    consoleErrors,
    goto: (file = 'index.html') => driver.goto(`${base}${file}`),
  };
}

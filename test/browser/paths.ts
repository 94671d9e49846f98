// Where the browser tests write their generated files (all under the git-ignored `artifacts/`).
// Several runs may share the checkout at once (teammates, an editor's test watcher), so nothing
// here is wiped wholesale: page directories have unique names, and the build snapshot is per run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BROWSER_WORK_DIR = path.join(REPO_ROOT, 'artifacts', 'browser');
/** Generated test pages (one uniquely named directory each), served by the mock server's static handler. */
export const PAGES_DIR = path.join(BROWSER_WORK_DIR, 'pages');
/**
 * Per-run copies of dist/ (`runs/<id>/dist/`), taken by global-setup.ts: every test of a run loads
 * the same build, even if dist/ is rebuilt meanwhile. The pages get the URL through inject().
 */
export const RUNS_DIR = path.join(BROWSER_WORK_DIR, 'runs');
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'artifacts', 'screenshots');
/**
 * Whether this run takes the pictures that are for people to look at (artifacts/screenshots/,
 * docs/images/): on request only, `SCREENSHOTS=1` or `npm run doc-images`. A test run takes only
 * the screenshots a test reads the pixels of: a picture cost about 0.15 s in Chromium and Firefox
 * and 0.05–2.3 s in WebKit, the first on a page the slowest (docs/testing.md, "Pictures are not
 * tests").
 */
export const KEEP_PICTURES = Boolean(process.env.SCREENSHOTS || process.env.UPDATE_DOC_IMAGES);

/** The URL path of a file under the repo root, as the mock server's static handler serves it. */
export const urlPath = (file: string): string => `/${path.relative(REPO_ROOT, file).split(path.sep).join('/')}`;

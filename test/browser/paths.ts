// Where the browser tests write their generated files (all under the git-ignored `artifacts/`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORK_DIR = path.join(REPO_ROOT, 'artifacts', 'browser');
/**
 * A copy of dist/ taken once by global-setup.ts: every test of a run loads the same build, even
 * if someone rebuilds dist/ meanwhile. Served as `/artifacts/browser/dist/widget.js`.
 */
export const DIST_SNAPSHOT_DIR = path.join(WORK_DIR, 'dist');
/** Generated test pages, served by the mock server's static file handler. */
export const PAGES_DIR = path.join(WORK_DIR, 'pages');
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'artifacts', 'screenshots');

/** The URL path of a file under the repo root, as the mock server's static handler serves it. */
export const urlPath = (file: string): string => `/${path.relative(REPO_ROOT, file).split(path.sep).join('/')}`;

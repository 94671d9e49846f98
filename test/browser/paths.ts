// Where the browser tests write their generated files (all under the git-ignored `artifacts/`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Generated test pages, served by the mock server's static file handler. */
export const PAGES_DIR = path.join(REPO_ROOT, 'artifacts', 'browser-pages');
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'artifacts', 'screenshots');

// dist/ for the tests that check the build itself (test/esm, test/build, the real-browser tests):
// built when missing or older than src/, so those tests always run against the current sources
// and never pass, or skip, having checked nothing. Called by the global setup of both projects
// (vitest.config.ts), once per run, before any test file, and by test/browser/run.mjs before it
// starts the engines side by side (so that three runs never build at once).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The build's last file: scripts/build.mjs writes dist/integrity.json after the bundles and types. */
const MARKERS = ['widget.js', 'index.mjs', 'index.d.ts', 'integrity.json'].map((f) => path.join(ROOT, 'dist', f));

/** The newest modification time (ms) of any file under `dir`. */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds dist/ (`node scripts/build.mjs`) unless every file is there and newer than src/. */
/** @param {string} who names the caller in the log. */
export function ensureBuild(who) {
  const missing = MARKERS.filter((f) => !existsSync(f));
  const stale =
    !missing.length && newestMtime(path.join(ROOT, 'src')) > Math.min(...MARKERS.map((f) => statSync(f).mtimeMs));
  if (!missing.length && !stale) return;
  console.log(`[${who}] ${stale ? 'dist/ is older than src/, rebuilding' : 'building dist/'}…`);
  try {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  } catch (error) {
    if (MARKERS.some((f) => !existsSync(f))) {
      throw new Error(`[${who}] \`node scripts/build.mjs\` failed and dist/ is incomplete: nothing to test.`, {
        cause: error,
      });
    }
    console.warn(`[${who}] the rebuild failed; testing the existing (older) dist/.`);
  }
}

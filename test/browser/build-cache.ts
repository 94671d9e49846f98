// Bundles that the browser tests build for themselves (the React and Vue example apps, the
// sanitizer corpus), built once and shared by every engine's run (test/browser/run.mjs runs vitest
// once per engine) and by later runs, as long as nothing they are built from changed: the cache
// key is a hash of the given text (entry, shim, build options) and of the files and directories
// given (src/, the example wrappers, package-lock.json for the versions of Vite, React and Vue). A
// changed byte in any of them is a new key, so a stale bundle is never served.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { BROWSER_WORK_DIR, REPO_ROOT } from './paths';

const CACHE_DIR = path.join(BROWSER_WORK_DIR, 'build-cache');
/** Entries built longer ago than this are removed when another entry is written. */
const MAX_AGE_MS = 24 * 60 * 60_000;

function hashPath(hash: ReturnType<typeof createHash>, file: string): void {
  const stat = statSync(file);
  if (stat.isDirectory()) {
    for (const name of readdirSync(file).sort()) hashPath(hash, path.join(file, name));
    return;
  }
  hash.update(`\0${path.relative(REPO_ROOT, file)}\0`);
  hash.update(readFileSync(file));
}

/**
 * The directory of the bundle `name` built from `inputs`: built by `build(outDir)` when no run
 * built it yet. Concurrent runs (other checkouts' watchers, or this one's) each build into a
 * directory of their own and the first to finish is renamed into place; a later one's result is
 * dropped.
 */
export async function cachedBuild(
  name: string,
  inputs: { text: string; files: string[] },
  build: (outDir: string) => Promise<void>,
): Promise<{ dir: string; built: boolean }> {
  const hash = createHash('sha256').update(name).update('\0').update(inputs.text);
  for (const file of inputs.files) hashPath(hash, path.resolve(REPO_ROOT, file));
  const dir = path.join(CACHE_DIR, `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(dir)) return { dir, built: false };

  mkdirSync(CACHE_DIR, { recursive: true });
  const work = `${dir}.building-${process.pid}-${Date.now().toString(36)}`;
  try {
    await build(work);
    try {
      renameSync(work, dir);
    } catch (error) {
      if (!existsSync(dir)) throw error; // else another run was first: same inputs, same bundle
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const cutoff = Date.now() - MAX_AGE_MS;
  for (const entry of readdirSync(CACHE_DIR)) {
    const full = path.join(CACHE_DIR, entry);
    if (full !== dir && statSync(full).mtimeMs < cutoff) rmSync(full, { recursive: true, force: true });
  }
  return { dir, built: true };
}

#!/usr/bin/env node
// `node bench/baseline.mjs <git ref>`: builds dist/widget.js as it was at that commit, into
// bench/.out/baseline-<sha>.js, for `STARTUP_BASELINE=… npm run bench -- startup` (bench/startup.mjs):
// a change's start-up cost, measured against the build before it, on the same machine, at once.
// The ref is built in a temporary git worktree with this checkout's node_modules.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OUT, ROOT } from './lib.mjs';

const ref = process.argv[2];
if (!ref) {
  console.error('usage: node bench/baseline.mjs <git ref>   (e.g. HEAD~3, a commit, a tag)');
  process.exit(1);
}
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const sha = git('rev-parse', '--short', `${ref}^{commit}`);
const tree = path.join(os.tmpdir(), `sw-baseline-${sha}`);
rmSync(tree, { recursive: true, force: true });
git('worktree', 'add', '--detach', '--force', tree, sha);
try {
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: tree, stdio: 'inherit' });
  mkdirSync(OUT, { recursive: true });
  const out = path.join(OUT, `baseline-${sha}.js`);
  copyFileSync(path.join(tree, 'dist', 'widget.js'), out);
  console.log(`\n${ref} (${sha}) built: ${path.relative(ROOT, out)}`);
  console.log(`compare: STARTUP_BASELINE=${path.relative(ROOT, out)} npm run bench -- startup`);
} finally {
  git('worktree', 'remove', '--force', tree);
}

// @vitest-environment node
// The unit project `unit-shared` (vitest.config.ts) runs its files with the worker's modules
// shared (`isolate: false`). None of them may mount the widget: a mounted widget loads its markdown
// engine later by itself, and with shared modules that load lands in the next file of the worker,
// which then fails "after the environment was torn down" (a rehearsal of .ci/run, with
// test/esm/async-snippet.test.ts). Vitest itself lists the project's files, so the check follows
// the config.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../esm/snippet';

/** An import of the widget's entry points or mount helpers, or a call of `ServiceWidget.init`. */
const MOUNTS =
  /from '(\.\.\/)+(src\/(index|init|mount|widget|esm)|helpers\/widget)(\.tsx?)?'|import\('(\.\.\/)+src\/(index|init|esm)'\)|ServiceWidget\.init\(/;

const sharedFiles = (): string[] =>
  (
    JSON.parse(
      execFileSync('npx', ['vitest', 'list', '--project', 'unit-shared', '--filesOnly', '--json'], {
        cwd: REPO,
        encoding: 'utf8',
      }),
    ) as { file: string }[]
  ).map((f) => path.relative(REPO, f.file));

describe('unit-shared (vitest.config.ts)', () => {
  it('holds no file that mounts the widget', { timeout: 60_000 }, () => {
    const files = sharedFiles();
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((f) => MOUNTS.test(readFileSync(path.join(REPO, f), 'utf8')))).toEqual([]);
  });

  it('would see one: the files that mount the widget match', () => {
    for (const f of ['test/esm/async-snippet.test.ts', 'test/esm/entry.test.ts', 'test/ui/chat.test.tsx']) {
      expect(MOUNTS.test(readFileSync(path.join(REPO, f), 'utf8')), f).toBe(true);
    }
  });
});

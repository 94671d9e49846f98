// @vitest-environment node
// The unit project `unit-shared` (vitest.config.ts) runs its files with the worker's modules shared
// (`isolate: false`): a module is imported once per worker, not once per file. Two things then go
// wrong without a word:
// - a file that replaces a module (`vi.mock`, `vi.doMock`) gets the real one another file loaded,
//   and one that resets modules (`vi.resetModules`) reloads them for the files after it;
// - a hook registered by a helper module as it is imported (an `afterEach` that resets the mock or
//   ends the test's widgets) serves its worker's first file only. It happened: test/msw-server.ts
//   reset the mock that way, and test/mock/voice.test.ts then failed on an earlier file's settings.
// Vitest itself lists the project's files, so the first check follows the config.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../esm/snippet';

const REPLACES_MODULES = /\bvi\.(mock|doMock|resetModules)\(/;
/** A hook called at a module's top level (a helper's hooks inside a function are the calling file's). */
const TOP_LEVEL_HOOK = /^(beforeEach|afterEach|beforeAll|afterAll)\(/m;

const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');

const sharedFiles = (): string[] =>
  (
    JSON.parse(
      execFileSync('npx', ['vitest', 'list', '--project', 'unit-shared', '--filesOnly', '--json'], {
        cwd: REPO,
        encoding: 'utf8',
      }),
    ) as { file: string }[]
  ).map((f) => path.relative(REPO, f.file));

/** The modules of test/ that are neither test files nor setup files: what test files import. */
const helperModules = (): string[] =>
  readdirSync(path.join(REPO, 'test'), { recursive: true, encoding: 'utf8' })
    .map((f) => path.join('test', f))
    .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f) && !/\.test\.tsx?$|(^|\/)setup\.ts$/.test(f));

describe('unit-shared (vitest.config.ts)', () => {
  it('holds no file that replaces or resets modules', { timeout: 60_000 }, () => {
    const files = sharedFiles();
    expect(files.length).toBeGreaterThan(70);
    expect(files.filter((f) => REPLACES_MODULES.test(read(f)))).toEqual([]);
  });

  it('no helper module of test/ registers a hook as it is imported', () => {
    const modules = helperModules();
    expect(modules).toContain('test/msw-server.ts');
    expect(modules.filter((f) => TOP_LEVEL_HOOK.test(read(f)))).toEqual([]);
  });

  it('would see either: the patterns match what they are meant to', () => {
    for (const f of ['test/esm/entry.test.ts', 'test/runtime/failures.test.tsx', 'test/voice/widget-voice.test.tsx']) {
      expect(REPLACES_MODULES.test(read(f)), f).toBe(true);
    }
    expect(TOP_LEVEL_HOOK.test("import { mock } from './x';\nafterEach(() => mock.reset());\n")).toBe(true);
    // Inside a function, the hook is registered by the file that calls it: allowed.
    expect(TOP_LEVEL_HOOK.test('export function fakeFrames() {\n  afterEach(() => undefined);\n}\n')).toBe(false);
  });
});

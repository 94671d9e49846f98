#!/usr/bin/env node
// `npm test`: every check and every test run, one after the other. A failing step never stops the
// ones after it (a typecheck error must not hide a browser failure, nor a browser failure the size
// budget), and the run ends with one line of totals over all of them, so a newcomer reads one
// verdict. Tests are counted one by one (unit, and each browser engine); a check that is not a
// test runner (lint, format, typecheck, build, size) counts as one test of its own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'artifacts', 'test-all');
mkdirSync(RESULTS, { recursive: true });

/** Runs a command with its output on this terminal; true when it exited 0. */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Reads the counts a step wrote (vitest's JSON report, or test/browser/run.mjs's summary). */
function readCounts(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  } finally {
    rmSync(file, { force: true });
  }
}

const npmScript = (name) => () => ({ ok: run('npm', ['run', '--silent', name]) });

const STEPS = [
  ['lint', npmScript('lint')],
  ['format check', npmScript('format:check')],
  ['typecheck', npmScript('typecheck')],
  ['build', npmScript('build')],
  [
    'unit tests',
    () => {
      const file = path.join(RESULTS, 'unit.json');
      const ok = run('npx', [
        'vitest',
        'run',
        '--project',
        'unit*',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${file}`,
      ]);
      const r = readCounts(file);
      // Named, so that a log cut to its last lines still says which test failed.
      const detail = (r?.testResults ?? []).flatMap((f) =>
        f.assertionResults
          .filter((a) => a.status === 'failed')
          .map((a) => `         failed: ${path.relative(ROOT, f.name)} > ${a.fullName}`),
      );
      return {
        ok,
        tests: r && { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests },
        detail,
      };
    },
  ],
  [
    'browser tests',
    () => {
      const file = path.join(RESULTS, 'browser.json');
      const ok = run('node', ['test/browser/run.mjs'], { BROWSER_SUMMARY_FILE: file });
      const { engines = [], slowest = [] } = readCounts(file) ?? {};
      const sum = (key) => engines.reduce((n, e) => n + (e[key] ?? 0), 0);
      // A failed test is named, so that a log cut to its last lines still says which (test/browser/named-outcomes.ts).
      const detail = [
        ...engines.flatMap((e) => [
          `       ${e.engine}: ${e.passed} passed, ${e.failed} failed, ${e.skipped} skipped (${e.seconds.toFixed(0)} s)`,
          ...(e.failedNames ?? []).map((name) => `         failed: ${name}`),
        ]),
        '       the ten slowest files:',
        ...slowest.map((line) => `     ${line}`),
      ];
      const tests = engines.length
        ? { passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') }
        : undefined;
      return { ok, tests, detail };
    },
  ],
  ['size budget', npmScript('size')],
];

const lines = [];
const total = { passed: 0, failed: 0, skipped: 0 };
const runStarted = Date.now();
for (const [name, step] of STEPS) {
  console.log(`\n=== npm test: ${name}`);
  const started = Date.now();
  const { ok, tests, detail = [] } = step();
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (tests) {
    // A runner that failed without reporting a failed test (it crashed, or found no file) is a failure too.
    const failed = tests.failed || (ok ? 0 : 1);
    total.passed += tests.passed;
    total.failed += failed;
    total.skipped += tests.skipped;
    lines.push(
      `${ok ? 'ok  ' : 'FAIL'} ${name}: ${tests.passed} passed, ${failed} failed, ${tests.skipped} skipped (${seconds} s)`,
      ...detail,
    );
  } else {
    total[ok ? 'passed' : 'failed'] += 1;
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  }
}

const wall = Math.round((Date.now() - runStarted) / 1000);
lines.push(`wall time: ${Math.floor(wall / 60)} min ${wall % 60} s`);
console.log(`\n=== npm test: summary\n${lines.join('\n')}`);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed ? 1 : 0);

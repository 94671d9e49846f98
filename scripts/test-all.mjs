#!/usr/bin/env node
// `npm test`: every check and every test run. A failing step never stops the ones after it (a
// typecheck error must not hide a browser failure, nor a browser failure the size budget), and the
// run ends with one line of totals over all of them, so a newcomer reads one verdict. Tests are
// counted one by one (unit, and each browser engine); a check that is not a test runner (lint,
// format, typecheck, build, size) counts as one test of its own.
//
// The steps overlap where one leaves a core idle (2 cores: docs/testing.md, "Where the time goes"):
// the checks that only read the sources (lint, format, typecheck) run beside the unit tests, their
// output held and printed as each ends; the browser tests start once the unit tests have a worker
// with nothing left to run (scripts/worker-free.mjs). The summary keeps the steps' order.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { watchForFreeWorker } from './worker-free.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'artifacts', 'test-all');
mkdirSync(RESULTS, { recursive: true });

/** The line that opens a step's output. */
const heading = (name) => `\n=== npm test: ${name}\n`;

/**
 * Runs a command. Its output goes to this terminal as it comes, or, `held` (a step beside another),
 * all at once when it ends, under the step's heading. `done` resolves true when it exited 0; `free`
 * once a vitest run has a worker with nothing left to run, or it has ended.
 */
function start(command, args, { env = {}, held = false } = {}) {
  // Colours as the terminal would have them: the children write to a pipe.
  const colour = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {};
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: ROOT,
    env: { ...process.env, ...colour, ...env },
  });
  let freed;
  const free = new Promise((resolve) => (freed = resolve));
  const output = [];
  const sink = (out) => (held ? { write: (text) => output.push(text) } : out);
  watchForFreeWorker(child.stdout, sink(process.stdout), freed);
  watchForFreeWorker(child.stderr, sink(process.stderr), freed);
  const done = new Promise((resolve) =>
    child.on('close', (code) => {
      freed();
      if (held) process.stdout.write(heading(held) + output.join(''));
      resolve(code === 0);
    }),
  );
  return { done, free };
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

/** An npm script as a step. */
const npmScript = (name) => (held) => {
  const { done, free } = start('npm', ['run', '--silent', name], { held });
  return { free, done: done.then((ok) => ({ ok })) };
};

function unitTests() {
  const file = path.join(RESULTS, 'unit.json');
  const { done, free } = start('npx', [
    'vitest',
    'run',
    '--project',
    'unit*',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./test/worker-free.ts',
    `--outputFile.json=${file}`,
  ]);
  return {
    free,
    done: done.then((ok) => {
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
    }),
  };
}

function browserTests() {
  const file = path.join(RESULTS, 'browser.json');
  const { done, free } = start('node', ['test/browser/run.mjs'], { env: { BROWSER_SUMMARY_FILE: file } });
  return {
    free,
    done: done.then((ok) => {
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
    }),
  };
}

/**
 * Starts a step: its heading and output on the terminal as they come, or, `beside` another step,
 * both at its end. `result` resolves with its outcome and seconds.
 */
function step(name, begin, { beside = false } = {}) {
  if (!beside) process.stdout.write(heading(name));
  const started = Date.now();
  const { done, free } = begin(beside && name);
  return { name, free, result: done.then((r) => ({ ...r, seconds: ((Date.now() - started) / 1000).toFixed(0) })) };
}

const runStarted = Date.now();
const build = step('build', npmScript('build'));
await build.result;
const checks = [
  step('lint', npmScript('lint'), { beside: true }),
  step('format check', npmScript('format:check'), { beside: true }),
  step('typecheck', npmScript('typecheck'), { beside: true }),
];
const unit = step('unit tests', unitTests);
await unit.free;
const browser = step('browser tests', browserTests);
await Promise.all([unit.result, browser.result]);
const size = step('size budget', npmScript('size'));

const lines = [];
const total = { passed: 0, failed: 0, skipped: 0 };
for (const { name, result } of [...checks, build, unit, browser, size]) {
  const { ok, tests, detail = [], seconds } = await result;
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

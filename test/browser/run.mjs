#!/usr/bin/env node
// `npm run test:browser`: the real-browser tests (vitest project `browser`, see vitest.config.ts),
// once per engine: Chromium, Firefox ESR, WebKitGTK (docs/testing.md, "Three engines").
// Extra arguments go to vitest, e.g. `npm run test:browser -- chat` or `-- -t "stop button"`.
// `--engine=firefox` (or BROWSER_ENGINES=firefox,webkit) picks engines.
// Ends with one line per engine: `browser <engine> (<version>): N passed, N failed, N skipped`.
// An engine whose run found no test file, or ran no test (all skipped), fails: a filter that only
// matches Chromium-only files (test/browser/engine-rules.ts) needs `--engine=chromium`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CHROMIUM as chromium } from '../../scripts/chromium.mjs';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { browserWorkers, WORKER_FREE } from './workers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALL = ['chromium', 'firefox', 'webkit'];
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** What each engine needs on the machine (Debian packages), and how its version is read. */
const NEEDS = {
  chromium: {
    files: [chromium],
    packages: 'chromium-headless-shell',
    version: () => execFileSync(chromium, ['--version'], { encoding: 'utf8' }),
  },
  firefox: {
    files: [firefox],
    packages: 'firefox-esr',
    version: () => execFileSync(firefox, ['--version'], { encoding: 'utf8' }),
  },
  webkit: {
    files: ['/usr/bin/WebKitWebDriver', '/usr/bin/Xvfb'],
    packages: 'webkit2gtk-driver xvfb xauth',
    version: () =>
      `WebKitGTK ${execFileSync('dpkg-query', ['-W', '-f=${Version}', 'webkit2gtk-driver'], { encoding: 'utf8' })}`,
  },
};

const args = process.argv.slice(2);
const picked = args.filter((a) => a.startsWith('--engine=')).map((a) => a.slice('--engine='.length));
const engines = picked.length ? picked : (process.env.BROWSER_ENGINES ?? ALL.join(',')).split(',').filter(Boolean);
const vitestArgs = args.filter((a) => !a.startsWith('--engine='));
// Files run side by side in each engine's workers (./workers.mjs), and the engines one after
// another: the next starts once the one before has a worker with nothing left to run
// (./worker-free.ts), so that its start-up fills that worker's core while the last files finish.
// BROWSER_PARALLEL=1 starts them all at once. Measured on 2 cores (docs/testing.md, "Where the
// time goes"): the engines at once only made each slower.
const workers = browserWorkers();
const parallel = process.env.BROWSER_PARALLEL === '1';

for (const engine of engines) {
  const need = NEEDS[engine];
  if (!need) {
    console.error(`Unknown engine ${engine}: expected ${ALL.join(', ')}.`);
    process.exit(1);
  }
  const missing = need.files.filter((f) => !existsSync(f));
  if (missing.length) {
    console.error(
      `The ${engine} browser tests need ${missing.join(', ')}:\n    apt-get install -y --no-install-recommends ${need.packages}`,
    );
    process.exit(1);
  }
}

/** The names of the tests that failed (test/browser/named-outcomes.ts). */
function readOutcomes(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { failed: [] };
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Runs one engine's vitest, its output lines prefixed with the engine's name. `done` resolves its
 * exit status; `free` once it has a worker with nothing left to run (or has ended).
 */
function runEngine(engine, results, outcomesFile) {
  let freed;
  const free = new Promise((resolve) => (freed = resolve));
  const done = new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'browser',
        '--reporter=default',
        '--reporter=json',
        '--reporter=./test/browser/named-outcomes.ts',
        '--reporter=./test/browser/worker-free.ts',
        `--outputFile.json=${results}`,
        ...vitestArgs,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        cwd: ROOT,
        env: { ...process.env, BROWSER_ENGINE: engine, OUTCOMES_FILE: outcomesFile },
        shell: process.platform === 'win32',
      },
    );
    const prefix = (stream, out) =>
      createInterface({ input: stream }).on('line', (line) => {
        if (line === WORKER_FREE) freed();
        else out.write(`[${engine}] ${line}\n`);
      });
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code) => {
      freed();
      resolve(code ?? 1);
    });
  });
  return { done, free };
}

/** Each engine's counts, for `npm test`'s totals (scripts/test-all.mjs reads BROWSER_SUMMARY_FILE). */
const tallies = [];
ensureBuild('browser tests');
const summaries = [];
/** Every file's time in every engine, for the slowest files. */
const fileTimes = [];
let failed = false;
const started = Date.now();
/**
 * Starts `start(item)` for each item of `list`, the next once the one before is `free` (at once
 * with BROWSER_PARALLEL=1); resolves every run's `done`.
 */
const pipeline = async (list, start) => {
  const runs = [];
  for (const item of list) {
    const run = start(item);
    runs.push(run.done);
    if (!parallel) await run.free;
  }
  return Promise.all(runs);
};
const runs = await pipeline(engines, (engine) => {
  const version = (() => {
    try {
      return NEEDS[engine]
        .version()
        .trim()
        .replace(/ built on .*/, '');
    } catch {
      return '?';
    }
  })();
  console.log(`== browser tests in ${engine} (${version}), ${workers} workers`);
  const results = path.join(ROOT, 'artifacts', 'browser', `results-${engine}-${process.pid}.json`);
  const outcomesFile = path.join(ROOT, 'artifacts', 'browser', `outcomes-${engine}-${process.pid}.json`);
  mkdirSync(path.dirname(results), { recursive: true });
  const engineStart = Date.now();
  const { done, free } = runEngine(engine, results, outcomesFile);
  return {
    free,
    done: done.then((status) => ({
      engine,
      version,
      results,
      outcomesFile,
      status,
      seconds: (Date.now() - engineStart) / 1000,
    })),
  };
});
for (const { engine, version, results, outcomesFile, status, seconds } of runs) {
  let counts = 'no results';
  let named = '';
  let ranNone = false;
  try {
    const r = JSON.parse(readFileSync(results, 'utf8'));
    const { failed: failedNames } = readOutcomes(outcomesFile);
    const tally = {
      engine,
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
      seconds,
      failedNames,
    };
    tallies.push(tally);
    for (const f of r.testResults) {
      fileTimes.push({ engine, file: path.relative(ROOT, f.name), seconds: (f.endTime - f.startTime) / 1000 });
    }
    counts = `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
    named = failedNames.map((n) => `\n    failed: ${n}`).join('');
    ranNone = tally.passed + tally.failed === 0;
    rmSync(results, { force: true });
  } catch {
    // vitest did not get to write its results: the exit status says why
  }
  if (status !== 0 || ranNone) failed = true;
  const why = status !== 0 ? ` (exit ${status})` : ranNone ? ' (no test ran: a run that tests nothing fails)' : '';
  summaries.push(`browser ${engine} (${version}): ${counts} in ${seconds.toFixed(0)} s${why}${named}`);
}
const slowest = fileTimes
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 10)
  .map((f) => `  ${f.seconds.toFixed(1).padStart(6)} s  ${f.engine.padEnd(8)} ${f.file}`);
console.log(`\nThe ten slowest test files:\n${slowest.join('\n')}`);
console.log(`\n${summaries.join('\n')}\nbrowser tests: ${((Date.now() - started) / 1000).toFixed(0)} s of wall time`);
if (process.env.BROWSER_SUMMARY_FILE) {
  writeFileSync(process.env.BROWSER_SUMMARY_FILE, JSON.stringify({ engines: tallies, slowest }));
}
process.exit(failed ? 1 : 0);

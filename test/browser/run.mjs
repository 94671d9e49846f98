#!/usr/bin/env node
// `npm run test:browser`: the real-browser tests (vitest project `browser`, see vitest.config.ts),
// once per engine: Chromium, Firefox ESR, WebKitGTK (docs/testing.md, "Three engines").
// Extra arguments go to vitest, e.g. `npm run test:browser -- chat` or `-- -t "stop button"`.
// `--engine=firefox` (or BROWSER_ENGINES=firefox,webkit) picks engines.
// Ends with one line per engine: `browser <engine> (<version>): N passed, N failed, N skipped`.
// An engine whose run found no test file, or ran no test (all skipped), fails: a filter that only
// matches Chromium-only files (test/browser/engine-rules.ts) needs `--engine=chromium`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM as chromium } from '../../scripts/chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALL = ['chromium', 'firefox', 'webkit'];
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** What each engine needs on the machine (Debian packages), and how its version is read. */
const NEEDS = {
  chromium: {
    files: [chromium],
    packages: 'chromium',
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

/** The names of the tests that failed, and of those that passed on a retry (test/browser/named-outcomes.ts). */
function readOutcomes(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { failed: [], secondTries: [] };
  } finally {
    rmSync(file, { force: true });
  }
}

const summaries = [];
/** Each engine's counts, for `npm test`'s totals (scripts/test-all.mjs reads BROWSER_SUMMARY_FILE). */
const tallies = [];
let failed = false;
for (const engine of engines) {
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
  console.log(`\n== browser tests in ${engine} (${version})`);
  const results = path.join(ROOT, 'artifacts', 'browser', `results-${engine}-${process.pid}.json`);
  const outcomesFile = path.join(ROOT, 'artifacts', 'browser', `outcomes-${engine}-${process.pid}.json`);
  mkdirSync(path.dirname(results), { recursive: true });
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'browser',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./test/browser/named-outcomes.ts',
      `--outputFile.json=${results}`,
      ...vitestArgs,
    ],
    {
      stdio: 'inherit',
      cwd: ROOT,
      env: { ...process.env, BROWSER_ENGINE: engine, OUTCOMES_FILE: outcomesFile },
      shell: process.platform === 'win32',
    },
  );
  let counts = 'no results';
  let named = '';
  let ranNone = false;
  try {
    const r = JSON.parse(readFileSync(results, 'utf8'));
    const { failed: failedNames, secondTries } = readOutcomes(outcomesFile);
    const tally = {
      engine,
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
      failedNames,
      secondTries,
    };
    tallies.push(tally);
    counts = `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
    if (secondTries.length) counts += `, ${secondTries.length} of them on a second try`;
    named = [
      ...failedNames.map((n) => `\n    failed: ${n}`),
      ...secondTries.map((n) => `\n    passed on a second try: ${n}`),
    ].join('');
    ranNone = tally.passed + tally.failed === 0;
    rmSync(results, { force: true });
  } catch {
    // vitest did not get to write its results: the exit status says why
  }
  if (run.status !== 0 || ranNone) failed = true;
  const why =
    run.status !== 0 ? ` (exit ${run.status})` : ranNone ? ' (no test ran: a run that tests nothing fails)' : '';
  summaries.push(`browser ${engine} (${version}): ${counts}${why}${named}`);
}
console.log(`\n${summaries.join('\n')}`);
if (process.env.BROWSER_SUMMARY_FILE) writeFileSync(process.env.BROWSER_SUMMARY_FILE, JSON.stringify(tallies));
process.exit(failed ? 1 : 0);

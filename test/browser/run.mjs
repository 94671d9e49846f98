#!/usr/bin/env node
// `npm run test:browser`: the real-browser tests (vitest project `browser`, see vitest.config.ts).
// Extra arguments go to vitest, e.g. `npm run test:browser -- chat` or `-- -t "stop button"`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`The real-browser tests need Debian's Chromium at ${chromium}:\n    apt-get install -y chromium\n(or set CHROMIUM_PATH).`);
  process.exit(1);
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'browser', ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);

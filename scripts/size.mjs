// Prints raw, gzip and brotli sizes of the built artifacts and fails above the budgets in
// package.json ("sizeBudget"). Run `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const budgets = pkg.sizeBudget ?? {};
let failed = false;
const rows = [];

for (const file of ['widget.js', 'widget-voice.js', 'widget-chart.js', 'index.mjs']) {
  const path = `dist/${file}`;
  if (!existsSync(path)) continue;
  const bytes = readFileSync(path);
  const raw = bytes.length;
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const budget = budgets[file]?.gzip;
  const over = budget !== undefined && gzip > budget;
  failed ||= over;
  rows.push({ file, raw, gzip, brotli, budget: budget ?? '-', status: budget === undefined ? '' : over ? 'OVER BUDGET' : `${((gzip / budget) * 100).toFixed(0)}% of budget` });
}

if (!rows.length) {
  console.error('size: no dist/ artifacts found; run `npm run build` first.');
  process.exit(1);
}
const kb = (n) => (typeof n === 'number' ? `${(n / 1000).toFixed(1)} kB` : n);
console.log('file               raw        gzip      brotli    gzip budget  status');
for (const r of rows) {
  console.log(`${r.file.padEnd(18)} ${kb(r.raw).padStart(9)} ${kb(r.gzip).padStart(9)} ${kb(r.brotli).padStart(9)} ${kb(r.budget).padStart(11)}  ${r.status}`);
}
if (failed) {
  console.error('size: over budget (package.json "sizeBudget").');
  process.exit(1);
}

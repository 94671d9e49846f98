// Prints raw, gzip and brotli sizes of the built files and fails above the budgets in
// package.json ("sizeBudget"; build/size.mjs). Run `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import { JS_FILES } from '../build/artifacts.mjs';
import { check, measure, table } from '../build/size.mjs';

const budgets = JSON.parse(readFileSync('package.json', 'utf8')).sizeBudget ?? {};
const built = JS_FILES.filter((f) => existsSync(`dist/${f}`));
const sizes = Object.fromEntries(built.map((f) => [f, measure(readFileSync(`dist/${f}`))]));
if (!Object.keys(sizes).length) {
  console.error('size: no dist/ artifacts found; run `npm run build` first.');
  process.exit(1);
}
const rows = check(sizes, budgets);
console.log(table(rows));
if (rows.some((r) => r.over)) {
  console.error('size: over budget (package.json "sizeBudget").');
  process.exit(1);
}

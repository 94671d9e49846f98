// Which module costs what in a built bundle: bytes of minified output per source file (from the
// source map), and each module's output gzipped on its own (sums overstate the whole: gzip shares
// context across modules). Usage: node scripts/size-breakdown.mjs [dist/widget.js]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const file = process.argv[2] ?? 'dist/widget.js';
const code = readFileSync(file, 'utf8');
const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
const lines = code.split('\n');
const byModule = new Map();
let prev = null;
const take = (m, end) => {
  const key = (m.source ?? '(unmapped: CSS strings and glue)')
    .replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, 'npm:$1')
    .replace(/^(\.\.\/)+src\//, 'src/');
  byModule.set(key, (byModule.get(key) ?? '') + lines[m.generatedLine - 1].slice(m.generatedColumn, end));
};
map.eachMapping((m) => {
  if (prev) take(prev, m.generatedLine === prev.generatedLine ? m.generatedColumn : undefined);
  prev = m;
});
if (prev) take(prev);

const rows = [...byModule].map(([name, text]) => ({
  name,
  raw: text.length,
  gzip: gzipSync(text, { level: 9 }).length,
}));
rows.sort((a, b) => b.gzip - a.gzip);
const total = gzipSync(code, { level: 9 }).length;
console.log(`${file}: ${code.length} bytes, ${total} gzip\n`);
console.log('module'.padEnd(40), 'raw'.padStart(8), 'gzip*'.padStart(8));
for (const r of rows) console.log(r.name.padEnd(40), String(r.raw).padStart(8), String(r.gzip).padStart(8));
const own = rows.filter((r) => !r.name.startsWith('npm:'));
console.log(
  `\nown code: ${own.reduce((s, r) => s + r.raw, 0)} raw, ${own.reduce((s, r) => s + r.gzip, 0)} gzip* (summed)`,
);

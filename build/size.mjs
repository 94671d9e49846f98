// The size report of `npm run size` (scripts/size.mjs): raw, gzip and brotli bytes of each built
// file against package.json's `sizeBudget` (gzip bytes per file).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Sizes of one file's bytes: as served, gzip -9 and brotli -11. */
export const measure = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

/** One row per measured file, with its budget (or none) and whether it is over. */
export const check = (sizes, budgets) =>
  Object.entries(sizes).map(([file, size]) => {
    const budget = budgets[file]?.gzip;
    return { file, ...size, budget, over: budget !== undefined && size.gzip > budget };
  });

const kB = (n) => (n === undefined ? '-' : `${(n / 1000).toFixed(1)} kB`);

/** The printed table. */
export function table(rows) {
  const lines = ['file               raw        gzip      brotli    gzip budget  status'];
  for (const r of rows) {
    const share = r.budget === undefined ? '' : `${((r.gzip / r.budget) * 100).toFixed(0)}% of budget`;
    const status = r.over ? 'OVER BUDGET' : share;
    const sizes = [r.raw, r.gzip, r.brotli].map((n) => kB(n).padStart(9)).join(' ');
    lines.push(`${r.file.padEnd(18)} ${sizes} ${kB(r.budget).padStart(11)}  ${status}`.trimEnd());
  }
  return lines.join('\n');
}

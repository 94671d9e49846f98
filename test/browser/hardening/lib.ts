// Shared helpers of the hardening suite (test/browser/hardening/*.test.ts): geometry and
// computed-style snapshots, focus inspection, CDP metrics, screenshots, and the report every
// file contributes to (printed by each file's afterAll, merged into artifacts/hardening-report.*).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeEach, expect, inject } from 'vitest';
import type { TestPage } from '../engines';
import { KEEP_PICTURES, REPO_ROOT, SCREENSHOTS_DIR } from '../paths';

export const HARDENING_DIR = path.dirname(fileURLToPath(import.meta.url));
export const SHOTS_DIR = path.join(SCREENSHOTS_DIR, 'hardening');
const REPORT_JSON = path.join(REPO_ROOT, 'artifacts', 'hardening-report.json');
const REPORT_MD = path.join(REPO_ROOT, 'artifacts', 'hardening-report.md');

/**
 * Saves a screenshot under artifacts/screenshots/hardening/<name>.png and returns the path: a
 * picture for people, taken only when the run keeps them (null otherwise).
 */
export async function shot(page: Page, name: string): Promise<string | null> {
  if (!KEEP_PICTURES) return null;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  return file;
}

// ---------------------------------------------------------------------------------------------
// Geometry

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Distance from the viewport's right and bottom edges. */
  right: number;
  bottom: number;
}

/** A widget page of either kind: ../helpers (Chromium only) or ../engines (every engine). */
interface AnyWidgetPage {
  part(name: string): unknown;
}
type ElementEvaluating = { evaluate<R>(fn: (el: HTMLElement) => R): Promise<R> };

/** Border box of a widget part in viewport coordinates (CSS px of the top-level page), rounded. */
export function partBox(wp: AnyWidgetPage, part: string): Promise<Box & { vw: number; vh: number }> {
  return (wp.part(part) as ElementEvaluating).evaluate((el) => {
    // WebKit's legacy CSS zoom (no currentCSSZoom) reports boxes in the element's zoomed px:
    // scaled to viewport px, as Chromium and Firefox report them (test/browser/engines/locator.ts).
    let z = 1;
    if (!('currentCSSZoom' in Element.prototype)) {
      for (let n: Element | null = el; n; n = n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null))
        z *= parseFloat(getComputedStyle(n).zoom) || 1;
    }
    const r0 = el.getBoundingClientRect();
    const b = {
      x: r0.x * z,
      y: r0.y * z,
      width: r0.width * z,
      height: r0.height * z,
      right: r0.right * z,
      bottom: r0.bottom * z,
    };
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const r = (n: number) => Math.round(n * 10) / 10;
    return {
      x: r(b.x),
      y: r(b.y),
      width: r(b.width),
      height: r(b.height),
      right: r(vw - b.right),
      bottom: r(vh - b.bottom),
      vw,
      vh,
    };
  });
}

/** Desktop geometry from src/styles/shell.css, scaled by a page-level CSS zoom. */
export function expectFloatingGeometry(launcher: Box, panel: Box | null, zoom = 1): void {
  const near = (actual: number, expected: number, what: string) =>
    expect(Math.abs(actual - expected), `${what}: ${actual} (expected ${expected})`).toBeLessThanOrEqual(1.5);
  near(launcher.width, 56 * zoom, 'launcher width');
  near(launcher.height, 56 * zoom, 'launcher height');
  near(launcher.right, 20 * zoom, 'launcher right gap');
  near(launcher.bottom, 20 * zoom, 'launcher bottom gap');
  if (!panel) return;
  near(panel.width, 420 * zoom, 'panel width');
  near(panel.right, 20 * zoom, 'panel right gap');
  near(panel.bottom, 88 * zoom, 'panel bottom gap');
}

// ---------------------------------------------------------------------------------------------
// Computed styles of the page's own elements

export const PAGE_STYLE_PROPS = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-transform',
  'text-align',
  'direction',
  'display',
  'position',
  'z-index',
  'width',
  'height',
  'margin-top',
  'margin-left',
  'padding-top',
  'padding-left',
  'border-top-width',
  'border-top-style',
  'box-sizing',
  'visibility',
  'opacity',
  'transform',
  'overflow',
  'outline-style',
  'cursor',
  'zoom',
];

/** `getComputedStyle` of each selector's first match (missing ones are reported as such). */
export function pageStyles(
  page: TestPage,
  selectors: string[],
): Promise<Record<string, Record<string, string> | 'missing'>> {
  return page.evaluate(
    ([sels, props]) => {
      const out: Record<string, Record<string, string> | 'missing'> = {};
      for (const sel of sels) {
        const el = document.querySelector(sel);
        if (!el) {
          out[sel] = 'missing';
          continue;
        }
        const cs = getComputedStyle(el);
        out[sel] = Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
      }
      return out;
    },
    [selectors, PAGE_STYLE_PROPS] as const,
  );
}

// ---------------------------------------------------------------------------------------------
// Focus

export interface FocusInfo {
  /** `body` when focus is lost; `widget` inside the shadow root; `page` elsewhere. */
  where: 'body' | 'widget' | 'page' | 'none';
  tag: string;
  part: string | null;
  text: string;
  visible: boolean;
  focusVisible: boolean;
  /** A focus ring: a non-none outline of some width, or a box-shadow (on :focus-visible). */
  indicator: boolean;
  outline: string;
  boxShadow: string;
}

/** Any page that can evaluate a function: Playwright's, or test/browser/engines' (every engine). */
export interface Evaluating {
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
}

export function focusInfo(page: Evaluating): Promise<FocusInfo> {
  return page.evaluate((): FocusInfo => {
    const top = document.activeElement;
    if (!top || top === document.body || top === document.documentElement) {
      return {
        where: top ? 'body' : 'none',
        tag: top?.tagName ?? '',
        part: null,
        text: '',
        visible: false,
        focusVisible: false,
        indicator: false,
        outline: '',
        boxShadow: '',
      } as const;
    }
    const inWidget = top.hasAttribute('data-service-widget');
    const el = (inWidget ? top.shadowRoot?.activeElement : top) ?? null;
    if (!el) {
      return {
        where: 'body',
        tag: top.tagName,
        part: null,
        text: '(host without inner focus)',
        visible: false,
        focusVisible: false,
        indicator: false,
        outline: '',
        boxShadow: '',
      } as const;
    }
    const cs = getComputedStyle(el);
    const b = el.getBoundingClientRect();
    const visible =
      b.width > 0 &&
      b.height > 0 &&
      b.bottom > 0 &&
      b.right > 0 &&
      b.top < innerHeight &&
      b.left < innerWidth &&
      (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) !== false;
    const outline = `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`;
    const indicator = (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
    return {
      where: inWidget ? 'widget' : 'page',
      tag: el.tagName.toLowerCase(),
      part: el.getAttribute('part'),
      text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60),
      visible,
      focusVisible: el.matches(':focus-visible'),
      indicator,
      outline,
      boxShadow: cs.boxShadow,
    } as const;
  });
}

// ---------------------------------------------------------------------------------------------
// CDP metrics

export interface Metrics {
  heapUsed: number;
  nodes: number;
  listeners: number;
  documents: number;
}

export async function cdpMetrics(cdp: CDPSession): Promise<Metrics> {
  // Several passes: some garbage (detached nodes, closures behind FinalizationRegistry, weak maps)
  // only goes after a second collection.
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  const heap = await cdp.send('Runtime.getHeapUsage');
  return {
    heapUsed: heap.usedSize,
    nodes: m.Nodes ?? NaN,
    listeners: m.JSEventListeners ?? NaN,
    documents: m.Documents ?? NaN,
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

// ---------------------------------------------------------------------------------------------
// Report: every file records one row per test (name, result, figures) and prints its own table
// in afterAll. Rows are merged per run into artifacts/hardening-report.json; the file that
// completes the set (all hardening files ran in this run) also prints the whole table and writes
// artifacts/hardening-report.md. Vitest orders files by its own heuristics, not by name, so the
// "last file" is found by counting, not assumed.

export interface ReportRow {
  area: string;
  case: string;
  result: 'pass' | 'FAIL' | 'known bug (it.fails)' | 'skip';
  figures: string;
}

interface ReportFile {
  run: string;
  files: Record<string, ReportRow[]>;
}

const figures = new Map<string, string[]>();

/** Attaches a figure (e.g. `heap +12.3 KiB`) to the current test's report row, and logs it. */
export function figure(text: string): void {
  const name = expect.getState().currentTestName ?? '?';
  const list = figures.get(name) ?? [];
  list.push(text);
  figures.set(name, list);
  console.log(`[hardening] ${name}: ${text}`);
}

function table(rows: ReportRow[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    '| area | case | result | figures |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${esc(r.area)} | ${esc(r.case)} | ${r.result} | ${esc(r.figures)} |`),
  ].join('\n');
}

/** Call once at the top of a hardening test file. */
export function useReport(area: string, file: string): void {
  const rows: ReportRow[] = [];
  beforeEach(({ onTestFinished }) => {
    onTestFinished(({ task }) => {
      const full = expect.getState().currentTestName ?? task.name;
      const state = task.result?.state;
      // For `it.fails`, the state seen here is the body's own outcome (vitest inverts it later):
      // a failing body is the known bug, a passing one means the bug is gone (flip the test).
      const result: ReportRow['result'] = task.fails
        ? state === 'fail'
          ? 'known bug (it.fails)'
          : 'FAIL'
        : state === 'pass'
          ? 'pass'
          : state === 'skip'
            ? 'skip'
            : 'FAIL';
      rows.push({ area, case: task.name, result, figures: (figures.get(full) ?? []).join('; ') });
    });
  });
  afterAll(() => {
    const key = path.basename(file);
    console.log(`\n[hardening] ${area}\n${table(rows)}\n`);
    const run = inject('widgetScriptPath');
    let merged: ReportFile = { run, files: {} };
    try {
      const old = JSON.parse(readFileSync(REPORT_JSON, 'utf8')) as ReportFile;
      if (old.run === run) merged = old;
    } catch {
      // first file of this run
    }
    merged.files[key] = rows;
    mkdirSync(path.dirname(REPORT_JSON), { recursive: true });
    writeFileSync(REPORT_JSON, `${JSON.stringify(merged, null, 2)}\n`);
    const all = readdirSync(HARDENING_DIR).filter((f) => f.endsWith('.test.ts'));
    if (all.every((f) => f in merged.files)) {
      // In the order of the items (the area names start with their number).
      const everything = all
        .flatMap((f) => merged.files[f] ?? [])
        .sort((a, b) => a.area.localeCompare(b.area, 'en', { numeric: true }));
      const md = `# Hardening report (generated by the last run)\n\n${table(everything)}\n`;
      writeFileSync(REPORT_MD, md);
      console.log(
        `\n[hardening] FULL REPORT (${everything.length} cases, ${all.length} files) → ${path.relative(REPO_ROOT, REPORT_MD)}\n${table(everything)}\n`,
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Heap census: instances per constructor from a CDP heap snapshot, to tell "the heap grew a bit"
// (compiled code, the browser's own records) from "the widget keeps objects per cycle".

export type Census = Map<string, { count: number; size: number }>;

export async function heapCensus(cdp: CDPSession): Promise<Census> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt, step] = [
    fields.indexOf('type'),
    fields.indexOf('name'),
    fields.indexOf('self_size'),
    fields.length,
  ];
  const census: Census = new Map();
  for (let i = 0; i < snap.nodes.length; i += step) {
    const type = types[snap.nodes[i + typeAt]!]!;
    // JS objects and functions only: what the widget's code allocates.
    if (type !== 'object' && type !== 'closure') continue;
    const key = `${type}:${snap.strings[snap.nodes[i + nameAt]!]!.slice(0, 80)}`;
    const entry = census.get(key) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += snap.nodes[i + sizeAt]!;
    census.set(key, entry);
  }
  return census;
}

/** Constructors whose instance count grew by at least `minCount` from `a` to `b`. */
export function censusGrowth(a: Census, b: Census, minCount: number): string[] {
  const rows: [string, number, number][] = [];
  for (const [key, v] of b) {
    const old = a.get(key) ?? { count: 0, size: 0 };
    if (v.count - old.count >= minCount) rows.push([key, v.count - old.count, v.size - old.size]);
  }
  return rows.sort((x, y) => y[1] - x[1]).map(([k, n, s]) => `${k} +${n} (${s >= 0 ? '+' : ''}${s} B)`);
}

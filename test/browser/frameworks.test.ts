// The React and Vue wrappers (examples/react/ServiceWidget.tsx, examples/vue/ServiceWidget.ts),
// bundled by Vite with `service-widget` pointing at the npm entry (src/esm.ts) and mounted in
// Chromium, Firefox and WebKit (test/browser/engines). React StrictMode's mount → unmount → mount must leave exactly one widget host and no
// leaked listener or interval; a key option change re-creates the widget, theme/locale do not.
//
// Each app is built once (the first engine's run) and reused by the other engines and later runs
// until src/, the wrappers or the locked versions change (test/browser/build-cache.ts).
//
// react, react-dom and vue are devDependencies (not dependencies of the package): every test here
// runs. The React wrapper also runs on preact/compat, as a Preact app that aliases `react` to
// `preact/compat` uses it (the StrictMode double mount is then done by hand).
//
// `__app.render()` and `unmount()` resolve once the framework has committed and run its effects
// (React: a parent's effect runs after its children's; Vue: nextTick after the flush), so the
// test watches the mount happen instead of waiting a fixed time.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Alias } from 'vite';
import { describe, expect, it } from 'vitest';
import { cachedBuild } from './build-cache';
import { barePage, type BarePage } from './ecosystem-page';
import { DEMO_PUBLIC_ID, resetMock, serverUrl, WAIT } from './engines';
import { REPO_ROOT } from './paths';

interface Harness {
  inits: number;
  destroys: number;
  events: { type: string }[];
  /** The options of the last init: names, and values that are not functions or elements. */
  options: Record<string, unknown>;
}

declare global {
  interface Window {
    __sw: Harness;
    __leaks(): string[];
    __app: {
      render(props: Record<string, unknown>, strict?: boolean): Promise<void>;
      unmount(): Promise<void>;
      /** The mounted widget's ask(), reached the way an app would (React: instanceRef; Vue: the component's ref). */
      ask(text: string, options?: { send?: boolean }): void;
    };
  }
}

/** `service-widget` for the test bundle: the real npm entry, counting init/destroy calls. */
const SHIM = `import { init as realInit, version, OPTION_NAMES } from ${JSON.stringify(path.join(REPO_ROOT, 'src', 'esm.ts'))};
window.__sw = { inits: 0, destroys: 0, events: [] };
export { version, OPTION_NAMES };
export function init(options) {
  const widget = realInit(options);
  window.__sw.inits++;
  window.__sw.options = Object.fromEntries(Object.entries(options).map(([k, v]) =>
    [k, typeof v === 'function' ? 'function' : v instanceof HTMLElement ? 'element' : v]));
  return { ...widget, destroy() { window.__sw.destroys++; widget.destroy(); } };
}
`;

const REACT_ENTRY = `import { createElement, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ServiceWidget } from ${JSON.stringify(path.join(REPO_ROOT, 'examples', 'react', 'ServiceWidget.tsx'))};
const root = createRoot(document.getElementById('root'));
// Its effect runs after those of everything inside it (and after the cleanups of what left). Inside
// StrictMode, not around it: React double-mounts a subtree only from the placed StrictMode down.
function Committed({ done, children }) {
  useEffect(() => done());
  return children ?? null;
}
const commit = (el, strict) =>
  new Promise((done) => {
    const app = createElement(Committed, { done }, el);
    root.render(strict ? createElement(StrictMode, null, app) : app);
  });
const instanceRef = { current: null };
window.__app = {
  ask: (text, options) => instanceRef.current.ask(text, options),
  async render(props, strict) {
    const el = createElement(ServiceWidget, {
      getAuthToken: () => window.__swMintToken(),
      onEvent: (e) => window.__sw.events.push(e),
      style: { height: '560px' },
      instanceRef,
      ...props,
    });
    await commit(el, strict);
  },
  async unmount() {
    await commit(null, false);
  },
};
`;

const VUE_ENTRY = `import { createApp, h, nextTick, reactive } from 'vue';
import ServiceWidget from ${JSON.stringify(path.join(REPO_ROOT, 'examples', 'vue', 'ServiceWidget.ts'))};
const state = reactive({ show: false, props: {} });
let component = null;
createApp({
  render: () => state.show
    ? h(ServiceWidget, {
      ref: (c) => (component = c),
      getAuthToken: () => window.__swMintToken(),
      onEvent: (e) => window.__sw.events.push(e),
      ...state.props,
    })
    : null,
}).mount('#root');
window.__app = {
  ask: (text, options) => component.ask(text, options),
  // nextTick resolves after the render flush: mounted and unmount hooks and watchers have run.
  async render(props) { state.props = props; state.show = true; await nextTick(); },
  async unmount() { state.show = false; await nextTick(); },
};
`;

/** The test app's app.js (entry + SHIM + the wrapper + the npm entry's sources), from the build cache. */
async function appBundle(name: string, entry: string, aliases: Alias[]): Promise<string> {
  const define = {
    // Development builds: React only double-mounts under StrictMode in development.
    'process.env.NODE_ENV': JSON.stringify('development'),
    __VUE_OPTIONS_API__: 'true',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  };
  const inputs = {
    // bundle()'s source is part of the key: a changed build option is a new bundle.
    text: [
      entry,
      SHIM,
      aliases.map((a) => `${String(a.find)}=${a.replacement}`).join(),
      JSON.stringify(define),
      appBundle.toString(),
    ].join('\0'),
    files: ['src', 'examples/react/ServiceWidget.tsx', 'examples/vue/ServiceWidget.ts', 'package-lock.json'],
  };
  const { dir } = await cachedBuild(`framework-${name}`, inputs, async (outDir) => {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'service-widget.js'), SHIM);
    writeFileSync(path.join(outDir, 'entry.js'), entry);
    await build({
      configFile: false,
      root: REPO_ROOT,
      logLevel: 'warn',
      publicDir: false,
      resolve: {
        alias: [{ find: /^service-widget$/, replacement: path.join(outDir, 'service-widget.js') }, ...aliases],
      },
      define,
      oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
      build: {
        outDir,
        emptyOutDir: false,
        minify: false,
        target: 'es2022',
        lib: { entry: path.join(outDir, 'entry.js'), formats: ['es'], fileName: () => 'app.js' },
        // One file, as dist/index.mjs is (vite.config.ts): the markdown engine's loader stays inline.
        rolldownOptions: { output: { codeSplitting: false } },
      },
    });
  });
  return path.join(dir, 'app.js');
}

async function bundle(name: string, entry: string, aliases: Alias[]): Promise<BarePage> {
  const app = await appBundle(name, entry, aliases);
  // The leak tracker runs before any script of the page (fixtures/leak-tracker.js).
  const bp = await barePage(
    {
      'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title></head>
<body><main><h1>SPA</h1><div id="root"></div></main><script type="module" src="app.js"></script></body></html>`,
    },
    { fixtures: ['leak-tracker.js'] },
  );
  copyFileSync(app, path.join(bp.dir, 'app.js'));
  await bp.goto();
  await bp.page
    .waitForFunction(() => window.__app !== undefined)
    .catch(async (error: unknown) => {
      throw new Error(
        `the ${name} test app did not start: ${[...(await bp.pageErrors()), ...(await bp.consoleErrors())].join('\n') || String(error)}`,
      );
    });
  return bp;
}

const hostCount = (bp: BarePage) => bp.page.evaluate(() => document.querySelectorAll('[data-service-widget]').length);
const counts = (bp: BarePage) => bp.page.evaluate(() => ({ inits: window.__sw.inits, destroys: window.__sw.destroys }));
const leaks = (bp: BarePage) => bp.page.evaluate(() => window.__leaks());
const render = (bp: BarePage, props: Record<string, unknown>, strict = false) =>
  bp.page.evaluate(([p, s]) => window.__app.render(p as Record<string, unknown>, s as boolean), [
    props,
    strict,
  ] as const);
const unmount = (bp: BarePage) => bp.page.evaluate(() => window.__app.unmount());
const composer = (bp: BarePage) => bp.page.locator('#root [data-service-widget]').locator('[part~="composer-input"]');

/** Marks the current host, to tell a re-created widget from the same one. */
const markHost = (bp: BarePage) =>
  bp.page.evaluate(
    () => ((document.querySelector('[data-service-widget]') as HTMLElement & { __mark?: boolean }).__mark = true),
  );
const hostMarked = (bp: BarePage) =>
  bp.page.evaluate(
    () =>
      (document.querySelector('[data-service-widget]') as (HTMLElement & { __mark?: boolean }) | null)?.__mark === true,
  );

async function lifecycle(bp: BarePage, strict: 'react' | 'by-hand' | 'none') {
  const props = { publicId: DEMO_PUBLIC_ID, baseUrl: serverUrl(), theme: 'dark' };
  const baseline = await leaks(bp);

  // 1. StrictMode: mount → unmount → mount.
  if (strict === 'react') {
    await render(bp, props, true);
  } else {
    await render(bp, props);
    if (strict === 'by-hand') {
      await unmount(bp);
      await render(bp, props);
    }
  }
  await composer(bp).waitFor({ timeout: WAIT });
  // StrictMode's mount → unmount → mount (React's, or by hand above): one init left standing.
  if (strict !== 'none') await expect.poll(() => counts(bp), { timeout: WAIT }).toEqual({ inits: 2, destroys: 1 });
  expect(await hostCount(bp)).toBe(1);
  const mounted = await leaks(bp);

  // 2. Unmount: back to the page as it was.
  await unmount(bp);
  expect(await hostCount(bp)).toBe(0);
  expect(await leaks(bp)).toEqual(baseline);

  // 3. A single plain mount holds exactly what the double mount held: nothing leaked from the first.
  await render(bp, props);
  await composer(bp).waitFor({ timeout: WAIT });
  expect(await leaks(bp)).toEqual(mounted);
  await markHost(bp);
  const before = await counts(bp);

  // 4. Theme and a new callback identity: same widget. A key option (voice): a new one.
  await render(bp, { ...props, theme: 'light' });
  expect(await hostMarked(bp)).toBe(true);
  expect(await bp.page.locator('[data-service-widget]').getAttribute('data-theme')).toBe('light');
  expect(await counts(bp)).toEqual(before);
  await render(bp, { ...props, theme: 'light', voice: true });
  await composer(bp).waitFor({ timeout: WAIT });
  expect(await hostCount(bp)).toBe(1);
  expect(await hostMarked(bp)).toBe(false);
  expect(await bp.page.locator('[data-service-widget]').getAttribute('data-theme')).toBe('light');
  expect(await counts(bp)).toEqual({ inits: before.inits + 1, destroys: before.destroys + 1 });

  // 5. Every option reaches init (the wrappers pass each of OPTION_NAMES), persist and timeoutMs
  // included; a change of one re-creates the widget. ask() works through the wrapper.
  await render(bp, { ...props, theme: 'light', voice: true, persist: false, timeoutMs: 5000, open: true });
  await composer(bp).waitFor({ timeout: WAIT });
  expect(await bp.page.evaluate(() => window.__sw.options)).toEqual({
    publicId: DEMO_PUBLIC_ID,
    baseUrl: serverUrl(),
    theme: 'light',
    voice: true,
    persist: false,
    timeoutMs: 5000,
    open: true,
    container: 'element',
    onEvent: 'function',
    getAuthToken: 'function',
  });
  expect(await counts(bp)).toEqual({ inits: before.inits + 2, destroys: before.destroys + 2 });
  await bp.page.evaluate(() => window.__app.ask('What is unpaid on invoice 2026-114?'));
  await expect.poll(() => composer(bp).inputValue(), { timeout: WAIT }).toBe('What is unpaid on invoice 2026-114?');

  await unmount(bp);
  expect(await hostCount(bp)).toBe(0);
  expect(await leaks(bp)).toEqual(baseline);
  const events = await bp.page.evaluate(() => window.__sw.events.map((e) => e.type));
  expect(events).toContain('ready');
  expect(await bp.pageErrors()).toEqual([]);
}

describe('React wrapper (examples/react/ServiceWidget.tsx)', () => {
  it('StrictMode double mount leaves one widget and no leaked listener (react + react-dom)', async () => {
    await resetMock();
    const bp = await bundle('react', REACT_ENTRY, []);
    await lifecycle(bp, 'react');
  }, 60_000);

  it('on preact/compat (react aliased to it, as a Preact app does): mount → unmount → mount by hand, re-init on key change', async () => {
    await resetMock();
    const bp = await bundle('react-on-preact-compat', REACT_ENTRY, [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    ]);
    await lifecycle(bp, 'by-hand');
  }, 60_000);
});

describe('Vue wrapper (examples/vue/ServiceWidget.ts)', () => {
  it('mount/unmount leaves no widget and no leaked listener; re-init on key change', async () => {
    await resetMock();
    const bp = await bundle('vue', VUE_ENTRY, []);
    await lifecycle(bp, 'by-hand');
  }, 60_000);
});

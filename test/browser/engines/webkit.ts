// WebKit: Debian's WebKitGTK (the engine family of Safari) through WebKitWebDriver, with plain
// W3C WebDriver HTTP calls (fetch), no client library. global-setup.ts starts a private Xvfb and
// the driver; this worker opens one session (MiniBrowser, full screen so that the window size is
// the viewport) for the whole run. Every test uses its one window (a tab opened later would be
// hidden: no animation frames), and leaves it with its storage and cookies cleared, on a page
// that runs no script. A test's second
// tab (openTab) is a second window of the session ("New Window" {type: 'window'}): visible too.
// WebDriver commands go to the session's current window, so each page switches to its own first.
// WebDriver classic reports no console output, page errors or requests: the test pages record
// them themselves (test/browser/fixtures/early.js), see page.ts.
import { writeFileSync } from 'node:fs';
import { splitKey, type DriverPage, type Engine, type PageSettings } from './driver';

export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** WebDriver's codes for the named keys the tests press. */
const KEYS: Record<string, string> = {
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
  Delete: '\uE017',
  Space: ' ',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Meta: '\uE03D',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Home: '\uE011',
  End: '\uE010',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
};
const keyCode = (name: string) =>
  KEYS[name] ??
  (name.length === 1
    ? name
    : (() => {
        throw new Error(`webkit: no key ${name}`);
      })());

class WebDriverError extends Error {}

export function webkitEngine(driverUrl: string): Engine {
  let session: Promise<string> | null = null;
  /** The session's window, the one every test uses; any other is a popup the page opened or a second tab. */
  let main = '';
  /** The window WebDriver commands go to now. */
  let current = '';
  /** The test's own windows (main, and a second tab): not popups. */
  const own = new Set<string>();

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(driverUrl + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { value: T & { error?: string; message?: string } };
    if (!res.ok) throw new WebDriverError(`${method} ${path}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  }
  const open = () =>
    (session ??= call<{ sessionId: string }>('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] },
        },
      },
    }).then((v) => `/session/${v.sessionId}`));
  const s = async <T>(method: string, path: string, body?: unknown) => call<T>(method, `${await open()}${path}`, body);
  /** Makes `handle` the window the next commands go to. */
  const to = async (handle: string) => {
    if (current === handle) return;
    await s('POST', '/window', { handle });
    current = handle;
  };

  // WebKitGTK's wheel input source keeps its scroll as a running total: an action dispatches only
  // the difference from the source's last one, and releasing the actions (DELETE /actions)
  // dispatches the whole total backwards at (0, 0), which scrolled whatever lies there (a phone
  // panel's header: the page behind, 700 → 0). So each wheel turn gets a fresh source, and actions
  // are never released: every action here lets go of its own keys and buttons.
  let wheels = 0;
  const actions = async (list: unknown[]) => {
    await s('POST', '/actions', { actions: list });
  };

  async function setViewport(size: { width: number; height: number }) {
    // Full screen: the window is the viewport. WebKitGTK applies a new size a little later (a test
    // once read the last test's 960 px height), and a window manager could add chrome: the size is
    // read until it holds, and corrected from the outer rect when it settles elsewhere.
    await s('POST', '/window/rect', { x: 0, y: 0, ...size });
    for (let tries = 1; tries <= 40; tries++) {
      const inner = await evaluate<[number, number]>('() => [innerWidth, innerHeight]', []);
      if (inner[0] === size.width && inner[1] === size.height) return;
      if (tries % 10 === 0) {
        const outer = await s<{ width: number; height: number }>('GET', '/window/rect');
        await s('POST', '/window/rect', {
          width: outer.width + size.width - inner[0],
          height: outer.height + size.height - inner[1],
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function evaluate<T>(source: string, args: unknown[]): Promise<T> {
    // The result comes back as one JSON string: WebKitWebDriver's own serializer walks inherited
    // enumerable properties too, so a page that added functions to Object.prototype (an old
    // library's habit, hardening/hostile-pages.test.ts) made every object "cyclic".
    // Nothing of it may reach the page as an unhandled rejection (a value JSON cannot write, a
    // `done` that throws): the tests count the page's errors, and this one would not be the page's.
    const script = `const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, -1);
const fail = (e) => 'e' + (e && e.message ? e.name + ': ' + e.message : String(e));
Promise.resolve().then(() => (${source}).apply(null, args))
  .then((v) => (v === undefined ? 'u' : 'v' + JSON.stringify(v)), fail)
  .then((r) => r, fail)
  .then((r) => { try { done(r); } catch (e) {} });`;
    const r = await s<string>('POST', '/execute/async', { script, args });
    if (r[0] === 'e') throw new Error(`page: ${r.slice(1)}`);
    return (r === 'u' ? undefined : JSON.parse(r.slice(1))) as T;
  }

  /** Runs one page's command on its own window, never interleaved with another page's. */
  let queue: Promise<unknown> = Promise.resolve();
  const onWindow = <T>(handle: string, fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      await to(handle);
      return fn();
    });
    queue = run.catch(() => undefined);
    return run;
  };

  /** The DriverPage of one of the test's windows. */
  function windowPage(handle: string, settings: PageSettings): DriverPage {
    const on =
      <A extends unknown[], T>(fn: (...args: A) => Promise<T>) =>
      (...args: A) =>
        onWindow(handle, () => fn(...args));
    const page: DriverPage = {
      native: null,
      goto: on(async (url: string) => void (await s('POST', '/url', { url }))),
      evaluate: <T>(source: string, args: unknown[]) => onWindow(handle, () => evaluate<T>(source, args)),
      click: on(async (x: number, y: number, count = 1) => {
        const clicks = Array.from({ length: count }, () => [
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ]).flat();
        await actions([
          {
            type: 'pointer',
            id: 'mouse',
            parameters: { pointerType: 'mouse' },
            actions: [{ type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport' }, ...clicks],
          },
        ]);
      }),
      move: on(async (x: number, y: number) => {
        await actions([
          {
            type: 'pointer',
            id: 'mouse',
            parameters: { pointerType: 'mouse' },
            actions: [{ type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport' }],
          },
        ]);
      }),
      wheel: on(async (x: number, y: number, deltaX: number, deltaY: number) => {
        await actions([
          {
            type: 'wheel',
            id: `wheel-${++wheels}`,
            actions: [{ type: 'scroll', x: Math.round(x), y: Math.round(y), deltaX, deltaY, origin: 'viewport' }],
          },
        ]);
      }),
      press: on(async (combo: string) => {
        const { modifiers, key } = splitKey(combo);
        const codes = [...modifiers.map(keyCode), keyCode(key)];
        await actions([
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              ...codes.map((value) => ({ type: 'keyDown', value })),
              ...codes.reverse().map((value) => ({ type: 'keyUp', value })),
            ],
          },
        ]);
      }),
      type: on(async (text: string) => {
        const chars = Array.from(text);
        await actions([
          {
            type: 'key',
            id: 'keyboard',
            actions: chars.flatMap((value) => [
              { type: 'keyDown', value },
              { type: 'keyUp', value },
            ]),
          },
        ]);
      }),
      screenshot: on(async (file: string) => {
        writeFileSync(file, Buffer.from(await s<string>('GET', '/screenshot'), 'base64'));
      }),
      setViewport: on(setViewport),
      addCookie: on(async (c: { name: string; value: string; url: string }) => {
        // WebDriver sets cookies for the current document's origin only.
        await s('POST', '/url', { url: new URL('/__mock/requests', c.url).href });
        await s('POST', '/cookie', { cookie: { name: c.name, value: c.value, path: '/' } });
      }),
      cookies: on(async () =>
        (await s<{ name: string; value: string; domain: string }[]>('GET', '/cookie')).map(
          ({ name, value, domain }) => ({ name, value, domain }),
        ),
      ),
      otherTabs: on(async () => {
        const tabs: { url: string; opener: boolean }[] = [];
        for (const h of (await s<string[]>('GET', '/window/handles')).filter((h) => !own.has(h))) {
          await to(h);
          const url = await s<string>('GET', '/url');
          tabs.push({ url, opener: await evaluate<boolean>('() => window.opener !== null', []).catch(() => false) });
        }
        await to(handle);
        return tabs;
      }),
      openTab: on(async () => {
        const { handle: tab } = await s<{ handle: string }>('POST', '/window/new', { type: 'window' });
        own.add(tab);
        await to(tab);
        await setViewport(settings.viewport);
        return windowPage(tab, settings);
      }),
      close: () =>
        onWindow(handle, async () => {
          if (handle !== main) {
            // A second tab goes, with its sessionStorage.
            own.delete(handle);
            await s('DELETE', '/window').catch(() => undefined);
            current = '';
            return;
          }
          // The next test gets this window clean: no storage or cookies of this test's origin. The
          // test's page goes first: its widget, still streaming a reply, would save its state
          // (src/state/continuity.ts) again after a clear made beside it, and the next test's page,
          // on the same origin in this same window, would reopen that conversation. The clear is
          // made from a page of that origin with no widget (its request log, JSON), where the window
          // stays: no script runs there, and the next test's page replaces it (one navigation fewer:
          // about 25 ms a test).
          const at = await s<string>('GET', '/url').catch(() => '');
          await s('POST', '/url', { url: 'about:blank' }).catch(() => undefined);
          if (/^https?:/.test(at)) {
            await s('POST', '/url', { url: new URL('/__mock/requests', at).href }).catch(() => undefined);
            await evaluate('() => { try { sessionStorage.clear(); localStorage.clear(); } catch (e) {} }', []).catch(
              () => undefined,
            );
            await s('DELETE', '/cookie').catch(() => undefined);
          }
        }).catch(() => undefined),
    };
    return page;
  }

  return {
    name: 'webkit',
    async version() {
      const caps = await call<{ ready: boolean }>('GET', '/status');
      void caps;
      const ua = await evaluate<string>('() => navigator.userAgent', []);
      return `WebKitGTK (${ua.match(/AppleWebKit\/[\d.]+/)?.[0] ?? ua})`;
    },
    async newPage(settings: PageSettings): Promise<DriverPage> {
      await open();
      main ||= await s<string>('GET', '/window');
      current ||= main;
      own.clear();
      own.add(main);
      // Windows a previous test left (popups, its second tab) go.
      for (const h of (await s<string[]>('GET', '/window/handles')).filter((h) => h !== main)) {
        await to(h);
        await s('DELETE', '/window');
      }
      current = '';
      await to(main);
      await setViewport(settings.viewport);
      return windowPage(main, settings);
    },
    async dispose() {
      // Kept for the next test file of this worker; global-setup stops the driver at the end.
    },
  };
}

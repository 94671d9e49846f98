// WebKit: Debian's WebKitGTK (the engine family of Safari) through WebKitWebDriver, with plain
// W3C WebDriver HTTP calls (fetch), no client library. global-setup.ts starts a private Xvfb and
// the driver; this worker opens one session (MiniBrowser, full screen so that the window size is
// the viewport) for the whole run. Every test uses its one window (a tab opened later would be
// hidden: no animation frames), and leaves it with its storage and cookies cleared.
// WebDriver classic reports no console output, page errors or requests: the test pages record
// them themselves (test/browser/fixtures/early.js), see page.ts.
import { writeFileSync } from 'node:fs';
import { splitKey, type DriverPage, type Engine, type PageSettings } from './driver';

export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** WebDriver's codes for the named keys the tests press. */
const KEYS: Record<string, string> = {
  Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004', Backspace: '\uE003', Delete: '\uE017', Space: ' ',
  Shift: '\uE008', Control: '\uE009', Alt: '\uE00A', Meta: '\uE03D',
  ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015',
  Home: '\uE011', End: '\uE010', PageUp: '\uE00E', PageDown: '\uE00F',
};
const keyCode = (name: string) => KEYS[name] ?? (name.length === 1 ? name : (() => { throw new Error(`webkit: no key ${name}`); })());

class WebDriverError extends Error {}

export function webkitEngine(driverUrl: string): Engine {
  let session: Promise<string> | null = null;
  /** The session's window, the one every test uses; any other is a popup the page opened. */
  let main = '';

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

  const actions = async (list: unknown[]) => {
    await s('POST', '/actions', { actions: list });
    await s('DELETE', '/actions');
  };

  async function setViewport(size: { width: number; height: number }) {
    // Full screen: the window is the viewport. Checked, since a window manager could still differ.
    await s('POST', '/window/rect', { x: 0, y: 0, ...size });
    const inner = await evaluate<[number, number]>('() => [innerWidth, innerHeight]', []);
    if (inner[0] !== size.width || inner[1] !== size.height) {
      await s('POST', '/window/rect', { width: 2 * size.width - inner[0], height: 2 * size.height - inner[1] });
    }
  }

  async function evaluate<T>(source: string, args: unknown[]): Promise<T> {
    // The result comes back as one JSON string: WebKitWebDriver's own serializer walks inherited
    // enumerable properties too, so a page that added functions to Object.prototype (an old
    // library's habit, hardening/hostile-pages.test.ts) made every object "cyclic".
    const script = `const done = arguments[arguments.length - 1];
const args = Array.prototype.slice.call(arguments, 0, -1);
Promise.resolve().then(() => (${source}).apply(null, args)).then(
  (v) => done(v === undefined ? 'u' : 'v' + JSON.stringify(v)),
  (e) => done('e' + (e && e.message ? e.name + ': ' + e.message : String(e))));`;
    const r = await s<string>('POST', '/execute/async', { script, args });
    if (r[0] === 'e') throw new Error(`page: ${r.slice(1)}`);
    return (r === 'u' ? undefined : JSON.parse(r.slice(1))) as T;
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
      const handle = main;
      const otherHandles = async () => (await s<string[]>('GET', '/window/handles')).filter((h) => h !== handle);
      for (const h of await otherHandles()) {
        await s('POST', '/window', { handle: h });
        await s('DELETE', '/window');
      }
      await s('POST', '/window', { handle });
      await setViewport(settings.viewport);
      return {
        native: null,
        goto: async (url) => void (await s('POST', '/url', { url })),
        evaluate,
        async click(x, y, count = 1) {
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
        },
        async move(x, y) {
          await actions([
            {
              type: 'pointer',
              id: 'mouse',
              parameters: { pointerType: 'mouse' },
              actions: [{ type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport' }],
            },
          ]);
        },
        async wheel(x, y, deltaX, deltaY) {
          await actions([
            {
              type: 'wheel',
              id: 'wheel',
              actions: [{ type: 'scroll', x: Math.round(x), y: Math.round(y), deltaX, deltaY, origin: 'viewport' }],
            },
          ]);
        },
        async press(combo) {
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
        },
        async type(text) {
          const chars = Array.from(text);
          await actions([
            { type: 'key', id: 'keyboard', actions: chars.flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]) },
          ]);
        },
        async screenshot(file) {
          writeFileSync(file, Buffer.from(await s<string>('GET', '/screenshot'), 'base64'));
        },
        setViewport,
        async addCookie(c) {
          // WebDriver sets cookies for the current document's origin only.
          await s('POST', '/url', { url: new URL('/__mock/requests', c.url).href });
          await s('POST', '/cookie', { cookie: { name: c.name, value: c.value, path: '/' } });
        },
        cookies: async () => (await s<{ name: string; value: string; domain: string }[]>('GET', '/cookie')).map(({ name, value, domain }) => ({ name, value, domain })),
        async otherTabs() {
          const tabs: { url: string; opener: boolean }[] = [];
          for (const h of await otherHandles()) {
            await s('POST', '/window', { handle: h });
            const url = await s<string>('GET', '/url');
            tabs.push({ url, opener: await evaluate<boolean>('() => window.opener !== null', []).catch(() => false) });
          }
          await s('POST', '/window', { handle });
          return tabs;
        },
        async close() {
          // The next test gets this window clean: no storage or cookies of this test's origin.
          await s('POST', '/window', { handle }).catch(() => undefined);
          await evaluate('() => { try { sessionStorage.clear(); localStorage.clear(); } catch (e) {} }', []).catch(() => undefined);
          await s('DELETE', '/cookie').catch(() => undefined);
          await s('POST', '/url', { url: 'about:blank' }).catch(() => undefined);
        },
      };
    },
    async dispose() {
      // Kept for the next test file of this worker; global-setup stops the driver at the end.
    },
  };
}

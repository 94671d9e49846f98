import { afterEach, describe, expect, it, vi } from 'vitest';
import { init } from '../src/init';
import { mount } from '../src/mount';
import { OPTION_NAMES, resolveOptions, type ResolvedOptions } from '../src/options';
import { TEST_BASE_URL, TEST_PUBLIC_ID } from './msw-server';
import type { InitOptions } from '../src/types';

const base = { publicId: TEST_PUBLIC_ID, authToken: 'header.payload.sig', baseUrl: TEST_BASE_URL };
const hosts = () => document.querySelectorAll('[data-service-widget]');

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('init options', () => {
  it.each([
    [{ authToken: 't' }, /`publicId`/],
    [{ publicId: '', authToken: 't' }, /`publicId`/],
    [{ publicId: 42, authToken: 't' }, /`publicId`/],
    [{ publicId: 'p' }, /exactly one of `authToken`.*`getAuthToken`/],
    [{ publicId: 'p', authToken: 't', getAuthToken: () => 't' }, /exactly one of/],
    [{ publicId: 'p', getAuthToken: 'nope' }, /`getAuthToken` must be a function/],
    [{ ...base, theme: 'blue' }, /`theme` must be one of 'dark', 'light', 'auto'/],
    [{ ...base, locale: 'de' }, /`locale` must be one of 'tr', 'en'/],
    [{ ...base, container: '#missing' }, /`container` selector "#missing" matches no element/],
    [{ ...base, container: 12 }, /`container` must be an HTMLElement or a CSS selector/],
    [{ ...base, voice: 'yes' }, /`voice` must be true or false/],
    [{ ...base, open: 1 }, /`open` must be true or false/],
    [{ ...base, persist: 'no' }, /`persist` must be true or false/],
    [{ ...base, baseUrl: 'javascript:alert(1)' }, /`baseUrl` must be an http\(s\) URL/],
    [{ ...base, onEvent: 'x' }, /`onEvent` must be a function/],
  ])('rejects %o with a TypeError naming the option', (options, message) => {
    expect(() => init(options as unknown as InitOptions)).toThrow(TypeError);
    expect(() => init(options as unknown as InitOptions)).toThrow(message);
    expect(hosts()).toHaveLength(0);
  });

  it('warns once about unknown options and still mounts', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const w = init({ ...base, colour: 'red', sizee: 2 } as unknown as InitOptions);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/`colour`, `sizee`/);
    expect(hosts()).toHaveLength(1);
    w.destroy();
  });

  /** The accent as the shadow root's own :host rule sets it. */
  const accentOf = (host: Element) =>
    [...host.shadowRoot!.adoptedStyleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .map((r) => (r as CSSStyleRule).style?.getPropertyValue('--sw-primary'))
      .filter(Boolean);

  it.each([
    'not-a-colour',
    // Parse as a colour (resolved later, as an image or the page's variable): refused.
    'var(--x, url(https://elsewhere.example/p.png))',
    'var(--brand)',
    'url(https://elsewhere.example/p.png)',
    'env(safe-area-inset-top)',
    'attr(data-x)',
    'image-set("p.png" 1x)',
    'linear-gradient(red, blue)',
    'rgb(from var(--x) r g b)',
    // An escape spells a function name without its letters; a `;` or `}` would end the rule.
    '\\75rl(https://elsewhere.example/p.png)',
    'red;background:url(https://elsewhere.example/p.png)',
    'red}:host{background:url(x)',
    '',
    42,
  ])('rejects primaryColor %o with a TypeError naming it', (primaryColor) => {
    expect(() => init({ ...base, primaryColor } as unknown as InitOptions)).toThrow(TypeError);
    expect(() => init({ ...base, primaryColor } as unknown as InitOptions)).toThrow(
      /`primaryColor` must be a CSS colour/,
    );
    expect(hosts()).toHaveLength(0);
  });

  it.each(['#ffcc00', 'rebeccapurple', 'rgb(10 20 30 / 50%)', 'hsl(200, 50%, 40%)'])(
    'sets primaryColor %s inside the shadow root, not on the page-owned host element',
    (primaryColor) => {
      const w = init({ ...base, primaryColor });
      const host = hosts()[0] as HTMLElement;
      expect(host.hasAttribute('style')).toBe(false);
      expect(accentOf(host)).toEqual([expect.any(String)]);
      w.destroy();
    },
  );

  it('setTheme and setLocale reject values outside their sets', () => {
    const w = init(base);
    expect(() => w.setTheme('neon' as never)).toThrow(/`theme`/);
    expect(() => w.setLocale('fr' as never)).toThrow(/`locale`/);
    w.destroy();
  });
});

describe("options are the page's own properties only (a polluted Object.prototype is never an option)", () => {
  const called: string[] = [];
  const hostile = (name: string) => () => {
    called.push(name);
    return 'stolen.jwt.token';
  };
  /** What a polluted Object.prototype could carry, per option: each must change nothing. */
  const POLLUTION: Record<string, unknown> = {
    publicId: 'evil-project',
    authToken: 'stolen.jwt.token',
    getAuthToken: hostile('getAuthToken'),
    baseUrl: 'https://evil.example',
    container: '#evil',
    theme: 'light',
    primaryColor: 'red',
    locale: 'tr',
    voice: true,
    voiceRuntimeUrl: 'https://evil.example/widget-voice.js',
    portalUrl: 'https://evil.example/portal',
    nonce: 'evil-nonce',
    open: true,
    timeoutMs: 1,
    onEvent: hostile('onEvent'),
    persist: false,
  };
  const proto = Object.prototype as Record<string, unknown>;
  /** Where widget.js was loaded from: the default baseUrl an inherited one must not replace. */
  const SCRIPT_SRC = `${TEST_BASE_URL}/widget.js`;
  /** Valid options without `name` (so an inherited one would show), set as the page's own. */
  const ownWithout = (name: string): Record<string, unknown> => {
    const o: Record<string, unknown> = { publicId: TEST_PUBLIC_ID, getAuthToken: () => 'own.jwt.token', locale: 'en' };
    delete o[name];
    if (name === 'getAuthToken') o.authToken = 'own.jwt.token';
    return o;
  };
  /** The resolved options as data (functions are checked by calling them). */
  const data = (r: ResolvedOptions) => JSON.stringify({ ...r, getToken: undefined, onEvent: undefined });

  it('has a polluted value for every option name init reads', () => {
    for (const name of OPTION_NAMES) expect(POLLUTION, name).toHaveProperty(name);
  });

  it.each(Object.keys(POLLUTION))('ignores an inherited `%s`', async (name) => {
    called.length = 0;
    document.body.innerHTML = '<div id="evil"></div>';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    if (name === 'publicId') {
      proto[name] = POLLUTION[name];
      try {
        expect(() => resolveOptions(ownWithout(name), SCRIPT_SRC)).toThrow(/`publicId` is required/);
      } finally {
        delete proto[name];
      }
      return;
    }
    const clean = resolveOptions(ownWithout(name), SCRIPT_SRC);
    proto[name] = POLLUTION[name];
    try {
      const polluted = resolveOptions(ownWithout(name), SCRIPT_SRC);
      expect(data(polluted)).toBe(data(clean));
      expect(polluted.baseUrl).toBe(TEST_BASE_URL);
      expect(await polluted.getToken()).toBe('own.jwt.token');
      polluted.onEvent({ type: 'open' });
      expect(called).toEqual([]);
      expect(warn).not.toHaveBeenCalled();
      // Through init too: the widget mounts where and as the page said, and stays closed.
      const w = mount(ownWithout(name) as unknown as InitOptions, SCRIPT_SRC);
      const host = hosts()[0]!;
      expect(host.parentElement).toBe(document.body);
      expect(host.getAttribute('data-theme')).toBe('dark');
      expect(host.shadowRoot!.querySelector('[part~="panel"]')).toBeNull();
      w.destroy();
    } finally {
      delete proto[name];
    }
  });
});

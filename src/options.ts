import type { InitOptions, Locale, Theme, WidgetEvent } from './types';

export interface ResolvedOptions {
  publicId: string;
  getToken: () => string | Promise<string>;
  staticToken: boolean;
  baseUrl: string;
  container: HTMLElement | null;
  theme: Theme;
  primaryColor: string | null;
  locale: Locale;
  voice: boolean;
  voiceRuntimeUrl: string;
  portalUrl: string | null;
  nonce: string | null;
  open: boolean;
  onEvent: (event: WidgetEvent) => void;
}

const THEMES: readonly Theme[] = ['dark', 'light', 'auto'];
const LOCALES: readonly Locale[] = ['tr', 'en'];
const KNOWN = new Set([
  'publicId', 'authToken', 'getAuthToken', 'baseUrl', 'container', 'theme', 'primaryColor',
  'locale', 'voice', 'voiceRuntimeUrl', 'portalUrl', 'nonce', 'open', 'onEvent',
]);

const fail = (message: string): never => {
  throw new TypeError(`ServiceWidget.init: ${message}`);
};

function optionalString(o: Record<string, unknown>, key: string): string | null {
  const v = o[key];
  if (v === undefined) return null;
  if (typeof v !== 'string' || v.trim() === '') fail(`\`${key}\` must be a non-empty string.`);
  return v as string;
}

function optionalBoolean(o: Record<string, unknown>, key: string): boolean {
  const v = o[key];
  if (v === undefined) return false;
  if (typeof v !== 'boolean') fail(`\`${key}\` must be true or false, got ${typeof v}.`);
  return v as boolean;
}

function oneOf<T extends string>(o: Record<string, unknown>, key: string, allowed: readonly T[]): T | null {
  const v = o[key];
  if (v === undefined) return null;
  if (!allowed.includes(v as T)) {
    fail(`\`${key}\` must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${JSON.stringify(v)}.`);
  }
  return v as T;
}

function url(o: Record<string, unknown>, key: string): string | null {
  const v = optionalString(o, key);
  if (v === null) return null;
  try {
    const u = new URL(v, document.baseURI);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error();
    return u.href;
  } catch {
    return fail(`\`${key}\` must be an http(s) URL, got ${JSON.stringify(v)}.`);
  }
}

function resolveContainer(v: unknown): HTMLElement | null {
  if (v === undefined) return null;
  if (typeof v === 'string') {
    let el: Element | null = null;
    try {
      el = document.querySelector(v);
    } catch {
      fail(`\`container\` is not a valid CSS selector: ${JSON.stringify(v)}.`);
    }
    if (!(el instanceof HTMLElement)) fail(`\`container\` selector ${JSON.stringify(v)} matches no element.`);
    return el as HTMLElement;
  }
  if (v instanceof HTMLElement) {
    if (!v.isConnected) fail('`container` element is not attached to the document.');
    return v;
  }
  return fail('`container` must be an HTMLElement or a CSS selector string.');
}

/** The browser's own CSS parser decides what a valid colour is. */
function isColor(v: unknown): v is string {
  if (typeof v !== 'string' || !v.trim()) return false;
  const probe = document.createElement('i').style;
  probe.color = v;
  return probe.color !== '';
}

function resolveColor(v: unknown): string | null {
  if (v === undefined) return null;
  if (isColor(v)) return v;
  console.warn(`ServiceWidget.init: \`primaryColor\` ${JSON.stringify(v)} is not a CSS colour; using the default.`);
  return null;
}

export function detectLocale(languages: readonly string[]): Locale {
  for (const lang of languages) {
    const l = lang.toLowerCase();
    if (l.startsWith('tr')) return 'tr';
    if (l.startsWith('en')) return 'en';
  }
  return 'en';
}

/** `scriptSrc` is the src of the script that defined ServiceWidget; defaults derive from it. */
export function resolveOptions(input: unknown, scriptSrc: string | null): ResolvedOptions {
  if (typeof input !== 'object' || input === null) fail('options must be an object.');
  const o = input as Record<string, unknown>;

  const unknown = Object.keys(o).filter((k) => !KNOWN.has(k));
  if (unknown.length) {
    console.warn(`ServiceWidget.init: unknown option(s) ${unknown.map((k) => `\`${k}\``).join(', ')} ignored.`);
  }

  const publicId = o.publicId;
  if (typeof publicId !== 'string' || publicId.trim() === '') {
    fail('`publicId` is required and must be a non-empty string.');
  }

  const hasStatic = o.authToken !== undefined;
  const hasGetter = o.getAuthToken !== undefined;
  if (hasStatic === hasGetter) fail('give exactly one of `authToken` (string) or `getAuthToken` (function).');
  let getToken: () => string | Promise<string>;
  if (hasStatic) {
    const token = optionalString(o, 'authToken') as string;
    getToken = () => token;
  } else {
    if (typeof o.getAuthToken !== 'function') fail('`getAuthToken` must be a function returning a string or a Promise of one.');
    const getter = o.getAuthToken as () => string | Promise<string>;
    getToken = () => getter();
  }

  const baseUrl = url(o, 'baseUrl') ?? originOf(scriptSrc);
  if (!baseUrl) fail('`baseUrl` is required when the widget is not loaded from a <script src>.');

  const onEvent = o.onEvent;
  if (onEvent !== undefined && typeof onEvent !== 'function') fail('`onEvent` must be a function.');

  const voiceRuntime = url(o, 'voiceRuntimeUrl');
  return {
    publicId: publicId as string,
    getToken,
    staticToken: hasStatic,
    baseUrl: (baseUrl as string).replace(/\/+$/, ''),
    container: resolveContainer(o.container),
    theme: oneOf(o, 'theme', THEMES) ?? 'dark',
    primaryColor: resolveColor(o.primaryColor),
    locale: oneOf(o, 'locale', LOCALES) ?? detectLocale(navigator.languages ?? [navigator.language]),
    voice: optionalBoolean(o, 'voice'),
    voiceRuntimeUrl: voiceRuntime ?? new URL('widget-voice.js', scriptSrc ?? document.baseURI).href,
    portalUrl: url(o, 'portalUrl'),
    nonce: optionalString(o, 'nonce'),
    open: optionalBoolean(o, 'open'),
    onEvent: (e) => {
      // A throwing host listener must not break the widget.
      try {
        (onEvent as ((e: WidgetEvent) => void) | undefined)?.(e);
      } catch (err) {
        console.error('ServiceWidget: onEvent listener threw', err);
      }
    },
  };
}

function originOf(src: string | null): string | null {
  try {
    return src ? new URL(src).origin : null;
  } catch {
    return null;
  }
}

export function assertTheme(theme: unknown): Theme {
  return oneOf({ theme }, 'theme', THEMES) ?? fail("`theme` must be one of 'dark', 'light', 'auto'.");
}

export function assertLocale(locale: unknown): Locale {
  return oneOf({ locale }, 'locale', LOCALES) ?? fail("`locale` must be one of 'tr', 'en'.");
}

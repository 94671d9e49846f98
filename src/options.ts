// The defaults below are OPTION_DEFAULTS of ./surface, written as literals (36 bytes of gzip less);
// test/docs/surface.test.ts resolves options without them and compares.
import { isLocale, LOCALES, OPTION_NAMES, RUNTIME_FILES, THEMES } from './surface';
import type { InitOptions, Locale, OptionName, Theme, WidgetEvent } from './types';

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
  chartRuntimeUrl: string;
  portalUrl: string | null;
  nonce: string | null;
  open: boolean;
  /** Keep the open conversation and the panel's state across page loads in this tab (src/state/continuity.ts). */
  persist: boolean;
  /** ms until an answer's headers arrive; 0: no limit. */
  timeoutMs: number;
  onEvent: (event: WidgetEvent) => void;
}

type Getter = () => string | Promise<string>;

export { OPTION_NAMES };

/**
 * Fails to compile when `InitOptions` gains an option that OPTION_NAMES (src/types.ts) lacks: `init`
 * would ignore it as unknown, and the framework wrappers would drop it.
 */
type Unlisted = Exclude<keyof InitOptions, OptionName>;
// oxlint-disable-next-line no-unused-vars -- a compile-time check: it does not type-check while one is missing
const everyOptionListed: [Unlisted] extends [never] ? true : { unlisted: Unlisted } = true;
const isOptionName = (key: string): key is OptionName => (OPTION_NAMES as readonly string[]).includes(key);
const PREFIX = 'ServiceWidget.init: ';
const json = JSON.stringify;

const fail = (message: string): never => {
  throw new TypeError(PREFIX + message);
};

/**
 * `v` if it is undefined (and not `required`) or passes `ok`; else a TypeError naming the option,
 * what it must be and what it got.
 */
const check = <T>(
  key: string,
  v: unknown,
  ok: (v: unknown) => unknown,
  must: string,
  required?: boolean,
): T | undefined =>
  (v === undefined && !required) || ok(v)
    ? (v as T | undefined)
    : fail(`\`${key}\` must be ${must}, got ${typeof v === 'string' ? json(v) : typeof v}.`);

const oneOf = <T extends string>(key: string, v: unknown, allowed: readonly T[], required?: boolean) =>
  check<T>(key, v, (x) => allowed.includes(x as T), `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, required);

/** The first of the browser's languages that is a UI language (`tr-TR` is `tr`), else English. */
export const detectLocale = (languages: readonly string[]): Locale =>
  languages.map((l) => l.slice(0, 2).toLowerCase()).find(isLocale) ?? 'en';

export const assertTheme = (theme: unknown) => oneOf('theme', theme, THEMES, true) as Theme;

export const assertLocale = (locale: unknown) => oneOf('locale', locale, LOCALES, true) as Locale;

/**
 * The options the page set itself: own properties only, copied onto an object without a prototype.
 * A property inherited through a polluted `Object.prototype` (a common bug in the page's
 * query-string parsers) would otherwise send the token to another `baseUrl`, run another
 * `voiceRuntimeUrl` or hand the portal code to another `portalUrl`.
 */
function ownOptions(input: object): Record<keyof InitOptions, unknown> {
  const own = Object.create(null) as Record<string, unknown>;
  for (const key of OPTION_NAMES) if (Object.hasOwn(input, key)) own[key] = (input as Record<string, unknown>)[key];
  return own as Record<keyof InitOptions, unknown>;
}

/**
 * Colour functions a `primaryColor` may use; any other function (var, url, env, attr, image-set,
 * gradients, calc…) is refused.
 */
const COLOUR_FUNCTIONS = ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'color-mix'];

/**
 * A colour on its own. The browser's CSS parser alone is not enough: `var(--x, url(…))` parses as a
 * colour (it is only resolved later, as an image). So: plain characters only (no escapes, quotes,
 * comments, `;` or braces that could hide a function name or end the rule), every function a
 * colour function, and then the parser's word.
 */
export function isColour(v: unknown): boolean {
  if (typeof v !== 'string' || !v.trim() || v.length > 200 || !/^[a-z\d\s#%.,()/+-]*$/i.test(v)) return false;
  for (const [, name] of v.matchAll(/([a-z\d-]*)\(/gi))
    if (!COLOUR_FUNCTIONS.includes(name!.toLowerCase())) return false;
  const probe = document.createElement('i').style;
  probe.color = v;
  return !!probe.color;
}

/** `scriptSrc` is the src of the script that defined ServiceWidget; defaults derive from it. */
export function resolveOptions(input: unknown, scriptSrc: string | null): ResolvedOptions {
  if (typeof input !== 'object' || !input) fail('options must be an object.');
  const o = ownOptions(input as object);

  const unknown = Object.keys(input as object).filter((k) => !isOptionName(k));
  if (unknown.length) console.warn(`${PREFIX}unknown option(s) ${unknown.map((k) => `\`${k}\``).join(', ')} ignored.`);

  const str = (key: keyof InitOptions) =>
    check<string>(key, o[key], (v) => typeof v === 'string' && v.trim(), 'a non-empty string') ?? null;
  const bool = (key: keyof InitOptions) => !!check(key, o[key], (v) => typeof v === 'boolean', 'true or false');
  const fn = <T>(key: keyof InitOptions) => check<T>(key, o[key], (v) => typeof v === 'function', 'a function');
  const url = (key: keyof InitOptions): string | null => {
    const v = str(key);
    if (v === null) return null;
    try {
      // Against the page's own address, never document.baseURI: an injected <base href> (HTML
      // injection, no script needed) must not choose where requests or scripts go.
      const u = new URL(v, location.href);
      if (/^https?:$/.test(u.protocol)) return u.href;
    } catch {
      // fails below
    }
    return fail(`\`${key}\` must be an http(s) URL, got ${json(v)}.`);
  };

  const publicId = str('publicId') ?? fail('`publicId` is required: a non-empty string.');
  const staticToken = o.authToken !== undefined;
  if (staticToken === (o.getAuthToken !== undefined))
    fail('give exactly one of `authToken` (string) or `getAuthToken` (function).');
  const token = str('authToken');
  const getter = fn<Getter>('getAuthToken');

  let baseUrl = url('baseUrl');
  if (!baseUrl && scriptSrc) {
    try {
      baseUrl = new URL(scriptSrc).origin;
    } catch {
      // no usable default
    }
  }
  if (!baseUrl) fail('`baseUrl` is required when the widget is not loaded from a <script src>.');
  const onEvent = fn<(e: WidgetEvent) => void>('onEvent');
  // Next to widget.js, or (bundled or inlined: no script src) on the service: never where the
  // page's <base href> points.
  const here = scriptSrc ?? (baseUrl as string).replace(/\/*$/, '/');
  const voiceRuntimeUrl = url('voiceRuntimeUrl') ?? new URL(RUNTIME_FILES.voice, here).href;

  // The container: an attached element, or a selector that matches one.
  const c = o.container;
  let container: unknown = null;
  if (typeof c === 'string') {
    try {
      container = document.querySelector(c);
    } catch {
      fail(`\`container\` is not a valid CSS selector: ${json(c)}.`);
    }
    if (!(container instanceof HTMLElement)) fail(`\`container\` selector ${json(c)} matches no element.`);
  } else if (c !== undefined) {
    if (!(c instanceof HTMLElement)) fail('`container` must be an HTMLElement or a CSS selector string.');
    if (!(c as HTMLElement).isConnected) fail('`container` element is not attached to the document.');
    container = c;
  }

  const theme = oneOf('theme', o.theme, THEMES) ?? 'dark';

  const primaryColor = check<string>(
    'primaryColor',
    o.primaryColor,
    isColour,
    'a CSS colour on its own (a name, #hex, rgb(), hsl(), oklch()…; no var(), url() or other functions)',
  );

  return {
    publicId,
    getToken: getter ? () => getter() : () => token as string,
    staticToken,
    baseUrl: (baseUrl as string).replace(/\/+$/, ''),
    container: container as HTMLElement | null,
    theme,
    primaryColor: primaryColor ?? null,
    locale: oneOf('locale', o.locale, LOCALES) ?? detectLocale(navigator.languages ?? [navigator.language]),
    voice: bool('voice'),
    timeoutMs:
      check<number>(
        'timeoutMs',
        o.timeoutMs,
        (v) => typeof v === 'number' && v >= 0 && v < 2 ** 31,
        'a number of milliseconds (0: no limit)',
      ) ?? 30_000,
    voiceRuntimeUrl,
    // Not an option: widget-chart.js is always the file next to widget.js (docs/charts.md).
    chartRuntimeUrl: new URL(RUNTIME_FILES.chart, here).href,
    portalUrl: url('portalUrl'),
    nonce: str('nonce'),
    open: bool('open'),
    persist: o.persist === undefined || bool('persist'),
    onEvent: (e) => {
      // A throwing host listener must not break the widget.
      try {
        onEvent?.(e);
      } catch (err) {
        console.error('ServiceWidget: onEvent listener threw', err);
      }
    },
  };
}

// The ES module entry (`import { init } from 'service-widget'`, built to dist/index.mjs).
//
// Importing it has no side effect at all: it touches no `window`, `document` or `navigator`, so a
// server-side render (Next.js, Nuxt, Vite SSR) can import it in Node. Only `init` needs a browser.
//
// Unlike the <script src> build, there is no script tag whose origin could default `baseUrl`
// (`document.currentScript` would be the app's own bundle, or null for modules), so `baseUrl` is
// required here: `init` throws a TypeError naming it when it is missing. The voice runtime
// (`voiceRuntimeUrl`) then defaults to `{baseUrl}/widget-voice.js`, as if widget.js had been
// loaded from the service itself.
import { mount } from './mount';
import type { InitOptions, WidgetInstance } from './types';

/** Every option name of `InitOptions`: framework wrappers pass each one through (examples/react, examples/vue). */
export { OPTION_NAMES } from './types';

export type {
  AskOptions,
  ErrorCause,
  InitOptions,
  Locale,
  OptionName,
  ServiceWidgetApi,
  Theme,
  WidgetErrorCode,
  WidgetEvent,
  WidgetInstance,
} from './types';

/** The package version (semver), the same as `window.ServiceWidget.version` of the script build. */
export { version } from './version';

/**
 * Mounts a widget (see `InitOptions`; `baseUrl` is required in this build) and returns its
 * controls. Throws a `TypeError` naming the option when an option is wrong, and an `Error` when
 * called without a browser (for example during a server-side render: call it in an effect).
 */
export function init(options: InitOptions): WidgetInstance {
  // Checked here only: widget.js, which defines `window.ServiceWidget` as it loads, always has a browser.
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    throw new Error('ServiceWidget.init needs a browser: call it on the client (in an effect).');
  }
  return mount(options, pseudoScriptSrc(options));
}

/**
 * Where widget.js would live if the service served it: `{baseUrl}/widget.js`. resolveOptions
 * derives the voice runtime's default from it. Null without a usable `baseUrl`, so resolveOptions
 * throws its TypeError naming `baseUrl`.
 */
function pseudoScriptSrc(options: unknown): string | null {
  // An own property only, as resolveOptions reads every option: not one inherited from a polluted Object.prototype.
  const baseUrl =
    options && typeof options === 'object' && Object.hasOwn(options, 'baseUrl')
      ? (options as { baseUrl: unknown }).baseUrl
      : undefined;
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') return null;
  try {
    // The page's own address, not document.baseURI, which an injected <base href> can move.
    return new URL(`${baseUrl.replace(/\/+$/, '')}/widget.js`, location.href).href;
  } catch {
    return null;
  }
}

import { assertLocale, assertTheme, resolveOptions } from './options';
import type { InitOptions, ServiceWidgetApi, WidgetInstance } from './types';
import { createWidget } from './widget';

declare const __VERSION__: string;

/** The src of the script that defined ServiceWidget: the default service origin. */
const scriptSrc =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement ? document.currentScript.src || null : null;

export const version: string = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

export function init(options: InitOptions): WidgetInstance {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    throw new Error('ServiceWidget.init needs a browser (window and document).');
  }
  const widget = createWidget(resolveOptions(options, scriptSrc));
  // Instance methods validate like init does: a typo throws, it does not silently misbehave.
  return {
    ...widget,
    setTheme: (theme) => widget.setTheme(assertTheme(theme)),
    setLocale: (locale) => widget.setLocale(assertLocale(locale)),
  };
}

export const api = { init, version } satisfies ServiceWidgetApi;

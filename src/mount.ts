import { assertLocale, assertTheme, resolveOptions } from './options';
import type { InitOptions, WidgetInstance } from './types';
import { createWidget } from './widget';

/**
 * `init` of both builds: `scriptSrc` is where widget.js was loaded from (the script build), or
 * where it would be on the service (the npm build), and gives `baseUrl` and the voice runtime
 * their defaults. Needs a browser: the npm entry checks (src/esm.ts); widget.js has one, as it
 * defines `window.ServiceWidget` as it loads.
 */
export function mount(options: InitOptions, scriptSrc: string | null): WidgetInstance {
  const widget = createWidget(resolveOptions(options, scriptSrc));
  // Instance methods validate like init does: a typo throws, it does not silently misbehave.
  return {
    ...widget,
    setTheme: (theme) => widget.setTheme(assertTheme(theme)),
    setLocale: (locale) => widget.setLocale(assertLocale(locale)),
  };
}

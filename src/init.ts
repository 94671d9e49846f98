import { mount } from './mount';
import type { InitOptions, WidgetInstance } from './types';

/** The src of the script that defined ServiceWidget: the default service origin. */
const scriptSrc = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src || null : null;

export function init(options: InitOptions): WidgetInstance {
  return mount(options, scriptSrc);
}

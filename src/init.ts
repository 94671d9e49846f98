import { mount } from './mount';
import type { InitOptions, WidgetInstance } from './types';

declare const __VERSION__: string;

/** The src of the script that defined ServiceWidget: the default service origin. */
const scriptSrc = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src || null : null;

export const version: string = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

export function init(options: InitOptions): WidgetInstance {
  return mount(options, scriptSrc);
}

// The IIFE entry: defines window.ServiceWidget and nothing else (no DOM, listener or request),
// unless the page's async loader snippet already queued `init` calls: those run now.
import { init } from './init';
import { METHODS } from './surface';
import type { ServiceWidgetApi, WidgetInstance } from './types';
import { version } from './version';

/** What the async snippet (README "Async snippet") leaves on window before this script arrives. */
interface QueuedInit {
  /** The options the page passed to the stub's `init`. */
  0: unknown;
  /** The stand-in instance the stub returned: `q` holds `[method, args]` calls made on it so far. */
  1: Record<string, unknown> & { q?: unknown };
}

const stub = (window as { ServiceWidget?: unknown }).ServiceWidget;
window.ServiceWidget = { init, version } satisfies ServiceWidgetApi;
drainQueue(stub);

/**
 * Runs each queued `init` in order, then points its stand-in instance at the real one (the page
 * keeps using the object the stub returned) and replays the calls made on it meanwhile. An init
 * that throws (a bad option) is reported on the console, as it could not be thrown to the page.
 */
function drainQueue(previous: unknown): void {
  const queue = (previous as { q?: unknown } | null | undefined)?.q;
  if (!Array.isArray(queue)) return;
  for (const entry of queue.splice(0) as QueuedInit[]) {
    const proxy = entry?.[1];
    const calls = Array.isArray(proxy?.q) ? (proxy.q.splice(0) as [string, unknown[]][]) : [];
    let instance: WidgetInstance | null = null;
    try {
      instance = init(entry?.[0] as Parameters<typeof init>[0]);
    } catch (error) {
      console.error(error);
    }
    for (const method of METHODS) {
      const forward = instance ? (instance[method] as (...args: unknown[]) => void) : () => {};
      if (proxy) proxy[method] = (...args: unknown[]) => forward(...args);
    }
    if (!instance || !proxy) continue;
    for (const [method, args] of calls) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      try {
        (proxy[method] as (...a: unknown[]) => void)(...(Array.isArray(args) ? args : []));
      } catch (error) {
        console.error(error);
      }
    }
  }
}

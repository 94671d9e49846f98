// GET /config for one widget (docs/protocol.md "GET /config"): asked when the panel first opens; a
// failed one is asked again (the notice's retry, the next open, or a send the service answered);
// after setLocale it is asked again in the new language (`Accept-Language`).
import type { ApiClient } from '../api/client';
import type { ServiceConfig } from '../api/types';

export interface ConfigLoader {
  /** Asks for /config unless it is loaded or on its way. */
  ensure(): void;
  /**
   * The UI language changed: asks again if it was asked before (else the first open asks, in the
   * new language). An answer still on its way in the old language is dropped, not shown.
   */
  reload(): void;
}

/**
 * `failed` decides whether the visitor hears of it; `retry` asks again. Nothing is reported once
 * `signal` (the widget's life) is aborted.
 */
export function createConfigLoader(
  api: ApiClient,
  signal: AbortSignal,
  loaded: (config: ServiceConfig) => void,
  failed: (err: unknown, retry: () => void) => void,
): ConfigLoader {
  let asked = false;
  /** The latest request: aborting it drops its answer, and only its answer is used. */
  let current: AbortController | null = null;
  const ensure = (): void => {
    // The first open asks after its frame (widget-model.ts): the widget may be gone by then.
    if (asked || signal.aborted) return;
    asked = true;
    const ctl = (current = new AbortController());
    const forward = (): void => ctl.abort(signal.reason);
    signal.addEventListener('abort', forward);
    const done = () => signal.removeEventListener('abort', forward);
    api.getConfig(ctl.signal).then(
      (config) => {
        done();
        if (current === ctl) loaded(config);
      },
      (err: unknown) => {
        done();
        // Dropped by a reload, or the widget is gone.
        if (current !== ctl || signal.aborted) return;
        asked = false;
        failed(err, ensure);
      },
    );
  };
  const reload = (): void => {
    if (!asked) return;
    current?.abort();
    current = null;
    asked = false;
    ensure();
  };
  return { ensure, reload };
}

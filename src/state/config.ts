// GET /config for one widget (docs/protocol.md "GET /config"): asked when the panel first opens; a
// failed one is asked again (the notice's retry, the next open, or a send the service answered).
import type { ApiClient } from '../api/client';
import type { ServiceConfig } from '../api/types';

export interface ConfigLoader {
  /** Asks for /config unless it is loaded or on its way. */
  ensure(): void;
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
  const ensure = (): void => {
    if (asked) return;
    asked = true;
    api.getConfig(signal).then(loaded, (err: unknown) => {
      if (signal.aborted) return;
      asked = false;
      failed(err, ensure);
    });
  };
  return { ensure };
}

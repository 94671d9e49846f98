import type { ServiceConfig } from '../api/types';

/** At most this many buttons: more would push the composer off a phone screen. */
const MAX = 4;
/** Longer is not a starter question but a faulty answer: it is left out. */
const MAX_LENGTH = 300;

/**
 * The service's starter questions (`/config` `suggestions`) that can be shown: strings with text,
 * not absurdly long, the first four. Anything malformed is service data the widget cannot trust to
 * be well formed, so it just shows fewer (or none).
 */
export const starterSuggestions = (config: ServiceConfig | null): string[] => {
  const raw: unknown = config?.suggestions;
  return Array.isArray(raw) ? raw.filter((s) => typeof s == 'string' && s.trim() && s.length <= MAX_LENGTH).slice(0, MAX) : [];
};

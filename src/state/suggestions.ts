import type { ServiceConfig } from '../api/types';

/** At most this many buttons: more would push the composer off a phone screen. */
const MAX = 4;
/** Longer is not a starter question but a faulty answer: it is left out. */
const MAX_LENGTH = 300;

/**
 * The service's starter questions (`/config` `suggestions`, already strings with text: see
 * src/api/answers.ts) that can be shown: not absurdly long, the first four.
 */
export const starterSuggestions = (config: ServiceConfig | null): string[] =>
  (config?.suggestions ?? []).filter((s) => s.length <= MAX_LENGTH).slice(0, MAX);

import type { ServiceConfig } from '../api/types';

/** At most this many buttons: more would push the composer off a phone screen. */
const MAX = 4;
/** Longer is not a starter question but a faulty answer: it is left out. */
const MAX_LENGTH = 300;

/**
 * The service's starter questions (`/config` `suggestions`) that can be shown: strings with text,
 * not absurdly long, each once, the first four. Anything malformed is service data the widget
 * cannot trust to be well formed, so it just shows fewer (or none).
 */
export function starterSuggestions(config: ServiceConfig | null): string[] {
  const raw: unknown = config?.suggestions;
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const item of raw) {
    const text = typeof item == 'string' ? item.trim() : '';
    if (text && text.length <= MAX_LENGTH && !out.includes(text)) out.push(text);
    if (out.length == MAX) break;
  }
  return out;
}

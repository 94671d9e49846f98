import type { ServiceConfig } from '../api/types';

/** At most this many buttons: more would push the composer off a phone screen. */
const MAX = 4;
/** Longer is not a starter question but a faulty answer: it is left out. */
const MAX_LENGTH = 300;

/** Two questions that differ only in case or spacing are the same question. */
const sameness = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The service's starter questions (`/config` `suggestions`, already strings with text: see
 * src/api/answers.ts) that can be shown: not absurdly long, each question once (its first
 * spelling), then the first four, so that a repeated question never pushes out a different one.
 */
export function starterSuggestions(config: ServiceConfig | null): string[] {
  const seen = new Set<string>();
  return (config?.suggestions ?? [])
    .filter((s) => {
      const key = sameness(s);
      if (s.length > MAX_LENGTH || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX);
}

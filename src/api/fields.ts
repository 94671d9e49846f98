// Readers for fields of untrusted service JSON (answers, error bodies, stream and voice frames): the
// one place that decides what a faulty field reads as, so every reader in src/api and src/voice
// takes the same defaults (docs/protocol.md "GET /config": "Faulty answers").

/** A decoded JSON object (arrays included), read with `get`: every field is type-checked where it is used. */
export type Json = object;

/** JSON text that holds an object (arrays included), else undefined. */
export function parseObject(text: string): Json | undefined {
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object') return v;
  } catch {
    // not JSON
  }
}

/** `o[key]` if `o` is an object that has it as its own property: a polluted Object.prototype fills in nothing. */
export const get = (o: unknown, key: string): unknown =>
  o && typeof o === 'object' && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined;

/** A string field, else undefined. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A boolean field, else `fallback`. */
export const flag = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);

/** A field that must be one of `allowed`, else undefined. */
export const oneOf = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined =>
  allowed.includes(v as T) ? (v as T) : undefined;

// The `persist` option (docs/security.md, and InitOptions.persist in src/types.ts): the open
// conversation follows the visitor across page loads in one tab. sessionStorage holds, per
// publicId, only the conversation's id, whether the panel was open and whether a reply was pending
// (docs/protocol.md "A reply in flight survives a page load"): an id is useless without the
// visitor's token, which is never stored, and the service answers 404 to anyone else. Text, titles
// and tokens never go there.
import { isSafeId } from '../api/ids';

/** What one tab remembers for one publicId. */
export interface Kept {
  conversationId: string | null;
  open: boolean;
  /** A reply was asked for and not seen to its end when the page went away. */
  pending: boolean;
}

export interface Continuity {
  /** What the previous page of this tab kept (read once, at init). */
  readonly kept: Kept;
  /** Remembers the current state; writes only when it changed. */
  save(conversationId: string | null, open: boolean, pending?: boolean): void;
  /** Forgets everything kept for this publicId (destroy). */
  forget(): void;
}

/**
 * `enabled` false (`persist: false`): sessionStorage is never touched, not even read.
 * Stored as one short string: a digit, then the conversation id, if any. The digit's bit 1 says the
 * panel was open, bit 2 that a reply was pending: `0` to `3` (a page of an older version wrote `0`/`1`).
 */
export function createContinuity(publicId: string, enabled: boolean): Continuity {
  const key = 'service-widget:' + publicId;
  // Reading window.sessionStorage itself throws in a sandboxed iframe, and every call may throw
  // (Safari private mode, a full quota): persistence is a convenience, so a failure keeps nothing.
  const use = <T>(act: (s: Storage) => T): T | undefined => {
    try {
      if (enabled) return act(window.sessionStorage);
    } catch {
      // nothing kept
    }
  };
  let written = use((s) => s.getItem(key)) ?? null;
  // Anything else was not written here. A kept id goes back into a request's path: it must pass the
  // same rule as an id from the service (api/ids.ts), or the visitor quietly starts anew.
  const [, flags, id] = /^([0-3])(.*)$/s.exec(written ?? '') ?? [];
  const safe = isSafeId(id) ? id : null;
  const bits = flags ? +flags : 0;
  return {
    // A pending reply means nothing without the conversation it belongs to.
    kept: { conversationId: safe, open: (bits & 1) === 1, pending: safe !== null && (bits & 2) === 2 },
    save(conversationId, open, pending = false) {
      // Nothing worth keeping leaves no key behind; a pending reply is kept only with its conversation.
      const digit = +open + (conversationId && pending ? 2 : 0);
      const next = conversationId || open ? digit + (conversationId ?? '') : null;
      if (next !== written) use((s) => ((written = next) === null ? s.removeItem(key) : s.setItem(key, next!)));
    },
    forget() {
      written = null;
      use((s) => s.removeItem(key));
    },
  };
}

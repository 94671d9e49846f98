// The `persist` option (docs/security.md, and InitOptions.persist in src/types.ts): the open
// conversation follows the visitor across page loads in one tab. sessionStorage holds, per
// publicId, only the conversation's id and whether the panel was open: an id is useless without the
// visitor's token, which is never stored, and the service answers 404 to anyone else. Text, titles
// and tokens never go there.
import { isSafeId } from '../api/ids';

/** What one tab remembers for one publicId. */
export interface Kept {
  conversationId: string | null;
  open: boolean;
}

export interface Continuity {
  /** What the previous page of this tab kept (read once, at init). */
  readonly kept: Kept;
  /** Remembers the current state; writes only when it changed. */
  save(conversationId: string | null, open: boolean): void;
  /** Forgets everything kept for this publicId (destroy). */
  forget(): void;
}

/**
 * `enabled` false (`persist: false`): sessionStorage is never touched, not even read.
 * Stored as one short string: `1` or `0` (the panel was open), then the conversation id, if any.
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
  const [, open, id] = /^([01])(.*)$/s.exec(written ?? '') ?? [];
  return {
    kept: { conversationId: isSafeId(id) ? id : null, open: open === '1' },
    save(conversationId, open) {
      // Nothing worth keeping leaves no key behind.
      const next = conversationId || open ? +open + (conversationId ?? '') : null;
      if (next !== written) use((s) => ((written = next) === null ? s.removeItem(key) : s.setItem(key, next!)));
    },
    forget() {
      written = null;
      use((s) => s.removeItem(key));
    },
  };
}

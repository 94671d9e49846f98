// The `persist` option (contract 2 and 5): the open conversation follows the visitor across page
// loads in one tab. sessionStorage holds, per publicId, only the conversation's id and whether the
// panel was open: an id is useless without the visitor's token, which is never stored, and the
// service answers 404 to anyone else. Text, titles and tokens never go there.

/** What one tab remembers for one publicId. */
export interface Kept {
  conversationId: string | null;
  open: boolean;
}

export interface Continuity {
  /** What the previous page of this tab kept (read once, at init). */
  readonly kept: Kept;
  /** Remembers the current state; writes only when it changed. */
  save(now: Kept): void;
  /** Forgets everything kept for this publicId (destroy). */
  forget(): void;
}

const NOTHING: Kept = { conversationId: null, open: false };

/**
 * The tab's sessionStorage, or null. Reading `window.sessionStorage` itself throws in a sandboxed
 * iframe or with storage disabled, and every call may throw (Safari private mode, a full quota):
 * persistence is a convenience, so any failure just means nothing is kept.
 */
function storage(): Storage | null {
  try {
    return window.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** An id that can go into a URL path as it is (the same rule the client applies to service ids). */
const usableId = (v: unknown): v is string => typeof v == 'string' && v.length > 0 && v.length <= 200 && v != '.' && v != '..';

function parse(raw: string | null): Kept {
  try {
    const v: unknown = raw && JSON.parse(raw);
    if (typeof v != 'object' || !v) return NOTHING;
    const { conversation, open } = v as Record<string, unknown>;
    return { conversationId: usableId(conversation) ? conversation : null, open: open === true };
  } catch {
    return NOTHING;
  }
}

/** `enabled` false (`persist: false`): sessionStorage is never touched, not even read. */
export function createContinuity(publicId: string, enabled: boolean): Continuity {
  if (!enabled) return { kept: NOTHING, save() {}, forget() {} };
  const key = `service-widget:${publicId}`;
  const attempt = <T>(use: (s: Storage) => T): T | undefined => {
    try {
      const s = storage();
      return s ? use(s) : undefined;
    } catch {
      return undefined;
    }
  };
  let written = attempt((s) => s.getItem(key)) ?? null;
  return {
    kept: parse(written),
    save({ conversationId, open }) {
      // Nothing worth keeping leaves no key behind.
      const next = conversationId || open ? JSON.stringify({ conversation: conversationId, open }) : null;
      if (next === written) return;
      written = next;
      attempt((s) => (next === null ? s.removeItem(key) : s.setItem(key, next)));
    },
    forget() {
      written = null;
      attempt((s) => s.removeItem(key));
    },
  };
}

import { useLayoutEffect, useState } from 'preact/hooks';

/** A tiny observable value: the only state primitive of the widget (no globals, one per instance). */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  update(fn: (current: T) => T): void;
  subscribe(listener: (value: T) => void): () => void;
}

export function store<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  const set = (next: T) => {
    if (Object.is(next, value)) return;
    value = next;
    // A copy: a listener may unsubscribe (or subscribe another) while they are called.
    // oxlint-disable-next-line unicorn/no-useless-spread
    for (const l of [...listeners]) l(value);
  };
  return {
    get: () => value,
    set,
    update: (fn) => set(fn(value)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Re-renders the component when the store changes; given `keys`, only when one of those fields
 * changes (the component reads only them): the session's announcement, say, re-renders the live
 * region, not the header.
 */
export function useStore<T>(s: Store<T>, ...keys: (keyof T)[]): T {
  const [, force] = useState(0);
  const value = s.get();
  // A layout effect subscribes right after the render commits, so no change in between is missed.
  useLayoutEffect(() => {
    let shown = value;
    const check = (next: T) => {
      const changed = keys.length ? keys.some((k) => !Object.is(next[k], shown[k])) : !Object.is(next, shown);
      if (!changed) return;
      shown = next;
      force((n) => n + 1);
    };
    const off = s.subscribe(check);
    // The value may have changed between render and subscription.
    check(s.get());
    return off;
  }, [s]);
  return value;
}

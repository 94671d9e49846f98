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

/** Re-renders the component when the store changes. */
export function useStore<T>(s: Store<T>): T {
  const [, force] = useState(0);
  const value = s.get();
  // A layout effect subscribes right after the render commits, so no change in between is missed.
  useLayoutEffect(() => {
    const off = s.subscribe(() => force((n) => n + 1));
    // The value may have changed between render and subscription.
    if (!Object.is(s.get(), value)) force((n) => n + 1);
    return off;
  }, [s]);
  return value;
}

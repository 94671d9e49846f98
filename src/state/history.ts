import type { ApiClient } from '../api/client';
import type { ConversationSummary } from '../api/types';
import { store, type Store } from './store';

export interface HistoryState {
  items: ConversationSummary[];
  nextCursor: string | null;
  loading: boolean;
  loaded: boolean;
}

/** The history view's model. */
export interface HistoryModel {
  state: Store<HistoryState>;
  /** The first page again (the list was opened). */
  refresh(): Promise<void>;
  /** The next page, if there is one and none is loading. */
  more(): void;
  /** A conversation the service no longer has (404). */
  remove(id: string): void;
  /** A `conversation` event names (or renames) a conversation while it streams. */
  upsert(id: string, title: string): void;
  dispose(): void;
}

const initial: HistoryState = { items: [], nextCursor: null, loading: false, loaded: false };

/** The visitor's conversations: fetched each time the list is opened, never stored. */
export function createHistory(api: ApiClient, fail: (err: unknown, retry: () => void) => void): HistoryModel {
  const state = store<HistoryState>(initial);
  let ctrl: AbortController | null = null;

  async function fetchPage(cursor: string | null): Promise<void> {
    ctrl?.abort();
    const mine = (ctrl = new AbortController());
    state.update((s) => ({ ...s, loading: true }));
    try {
      const page = await api.listConversations(cursor, mine.signal);
      state.update((s) => {
        const known = new Set(cursor ? s.items.map((i) => i.id) : []);
        const items = cursor ? [...s.items, ...page.data.filter((i) => !known.has(i.id))] : page.data;
        return { items, nextCursor: page.next_cursor, loading: false, loaded: true };
      });
    } catch (err) {
      if (mine.signal.aborted) return;
      state.update((s) => ({ ...s, loading: false, loaded: true }));
      fail(err, () => void fetchPage(cursor));
    }
  }

  return {
    state,
    refresh: () => fetchPage(null),
    more: () => {
      const { nextCursor, loading } = state.get();
      if (nextCursor && !loading) void fetchPage(nextCursor);
    },
    remove: (id) => state.update((s) => ({ ...s, items: s.items.filter((i) => i.id !== id) })),
    upsert: (id, title) =>
      state.update((s) => {
        if (!s.loaded) return s;
        const now = new Date().toISOString();
        const existing = s.items.find((i) => i.id === id);
        const entry = existing
          ? { ...existing, title, updated_at: now }
          : { id, title, created_at: now, updated_at: now };
        return { ...s, items: [entry, ...s.items.filter((i) => i.id !== id)] };
      }),
    dispose: () => ctrl?.abort(),
  };
}

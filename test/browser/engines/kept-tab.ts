// One browser context and tab per worker, handed from test to test (Chromium, Firefox). A new
// context and page cost Chromium about 500 ms (a new renderer process) and Firefox about 650 ms;
// a kept tab's navigation about 80 ms (docs/testing.md, "Where the time goes").
//
// What a test leaves behind must not reach the next one:
// - storage lives per origin, and every test's page has an origin of its own (its own server's
//   port); a port the system hands out again would bring an earlier test's storage back, so a
//   tab that has loaded a test's origin never serves a later test on it: that test gets a fresh
//   context;
// - cookies are per host, not per port: the engine clears them after each test, with the test's
//   other tabs and popups, and leaves the tab on about:blank (no page of the last test still
//   running);
// - what only a new context can change (Chromium's phone emulation and locale) is the kept
//   context's key: a test with another key gets a fresh one.
// A clean-up that fails or hangs (a page that froze) discards the context instead.

/** How long a clean-up may take before the kept context is discarded instead. */
const CLEAN_MS = 10_000;

export interface Lease<T> {
  tab: T;
  /**
   * Ends the test's use of the tab: `origins` are those its pages loaded; `clean` makes the tab
   * ready for the next test.
   */
  release(origins: Iterable<string>, clean: () => Promise<void>): Promise<void>;
}

/** The http(s) origins of `METHOD url` request records. */
export const originsOf = (requests: readonly string[]): string[] =>
  requests.map((r) => r.replace(/^\S+ /, '')).flatMap((u) => (/^https?:/.test(u) ? [new URL(u).origin] : []));

/**
 * `take(key, url)` leases the kept tab when it has this key, is free and has never loaded `url`'s
 * origin; otherwise a fresh one. A second page of the same test (the kept tab is busy) gets a
 * context of its own, discarded when released.
 */
export function keptTabs<T>(open: (key: string) => Promise<T>, discard: (tab: T) => Promise<void>) {
  let kept: { key: string; tab: T; origins: Set<string>; busy: boolean } | null = null;
  const drop = async (tab: T) => {
    await discard(tab).catch(() => undefined);
  };
  return async function take(key: string, url: string): Promise<Lease<T>> {
    if (kept?.busy) {
      const tab = await open(key);
      return { tab, release: () => drop(tab) };
    }
    if (kept && (kept.key !== key || kept.origins.has(new URL(url).origin))) {
      const old = kept.tab;
      kept = null;
      await drop(old);
    }
    const k = (kept ??= { key, tab: await open(key), origins: new Set(), busy: false });
    k.busy = true;
    return {
      tab: k.tab,
      async release(origins, clean) {
        for (const origin of origins) k.origins.add(origin);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('clean-up took too long')), CLEAN_MS);
        });
        try {
          await Promise.race([clean(), late]);
          k.busy = false;
        } catch {
          if (kept === k) kept = null;
          await drop(k.tab);
        } finally {
          clearTimeout(timer);
        }
      },
    };
  };
}

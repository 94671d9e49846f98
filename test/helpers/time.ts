// The one fixed wait the unit tests may use: real time that must pass for the behaviour itself.
// Only before asserting that something did NOT happen (no request, no event, nothing called); a
// positive assertion waits for its condition (`waitFor`, `vi.waitFor`) or advances fake timers
// (`advanceUntil` in ./widget.ts). docs/testing.md, "Waiting".

/** Captured at load, before any test fakes it. */
const realSetTimeout = globalThis.setTimeout;

/** Lets `ms` of real time pass (timers, msw's I/O and effects run meanwhile). */
export const passTime = (ms = 0): Promise<void> => new Promise((resolve) => realSetTimeout(resolve, ms));

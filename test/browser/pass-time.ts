// The one fixed wait the browser tests may use: real time that must pass for the behaviour itself
// ("nothing happens for N ms"). Only before asserting that something did NOT happen (no request,
// no violation, the page did not scroll); a positive assertion waits for its condition instead
// (expect.poll, locator.waitFor, page.waitForFunction). docs/testing.md, "Waiting".

/** Any page that evaluates a function with one argument (a TestPage of ./engines, a Playwright Page). */
interface EvaluatingPage {
  evaluate(fn: (ms: number) => Promise<void>, ms: number): Promise<unknown>;
}

/**
 * Waits until the page has drawn `count` more animation frames: a state of the page (what a
 * scroll, a hover or a class change looks like once drawn), not a span of time.
 */
export async function frames(page: EvaluatingPage, count = 2): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const next = (left: number) => (left ? requestAnimationFrame(() => next(left - 1)) : resolve());
        next(n);
      }),
    count,
  );
}

/** Lets the page run `ms` of frames and timers (after one animation frame). */
export async function passTime(page: EvaluatingPage, ms = 400): Promise<void> {
  await page.evaluate(
    (wait) => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, wait))),
    ms,
  );
}

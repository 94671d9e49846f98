// The one fixed wait the browser tests may use: real time that must pass for the behaviour itself
// ("nothing happens for N ms"). Only before asserting that something did NOT happen (no request,
// no violation, the page did not scroll); a positive assertion waits for its condition instead
// (expect.poll, locator.waitFor, page.waitForFunction). docs/testing.md, "Waiting".

/** Any page that evaluates a function with one argument (a TestPage of ./engines, a Playwright Page). */
interface EvaluatingPage {
  evaluate(fn: (ms: number) => Promise<void>, ms: number): Promise<unknown>;
}

/** Lets the page run `ms` of frames and timers (after one animation frame). */
export async function passTime(page: EvaluatingPage, ms = 400): Promise<void> {
  await page.evaluate(
    (wait) => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, wait))),
    ms,
  );
}

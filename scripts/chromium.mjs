// Debian's Chromium, as the browser tests, the benchmarks, scripts/doc-images.mjs and .ci/run
// launch it: its path is written here only (test/build/facts.test.ts). It is Chromium's headless
// shell (Debian's chromium-headless-shell, the build Playwright itself runs headless tests in):
// the same Blink, V8, network stack and compositor as the browser, without the browser's own UI
// layer (profiles, extensions, sync, the popup blocker), which the widget never meets. On a 2-core
// machine it ran the Chromium tests in 253 s instead of 336–350 s (docs/testing.md, "Where the
// time goes"). Without the background-networking flags Chromium keeps trying hosts this machine
// cannot reach.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

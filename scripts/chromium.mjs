// Debian's Chromium, as the browser tests, the benchmarks, scripts/doc-images.mjs and .ci/run
// launch it: its path is written here only (test/build/facts.test.ts). Without the
// background-networking flags Chromium keeps trying hosts this machine cannot reach.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

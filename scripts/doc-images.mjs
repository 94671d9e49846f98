// Refreshes docs/images/: `npm run doc-images` runs the browser tests that take screenshots, in the
// three engines, with UPDATE_DOC_IMAGES=1 (those tests then copy theirs into docs/images/ themselves),
// then this script, which builds the rest from artifacts/screenshots/: the README's panel and theme
// images (test/browser/doc-images/panels.images.ts), the table images (table-layout.test.ts) and the
// visitor's-minute states (doc-images/minute.images.ts, ./state-images.mjs).
// A plain test run never touches docs/images/, so the tree stays clean.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const shots = new URL('../artifacts/screenshots/', import.meta.url);
const images = new URL('../docs/images/', import.meta.url);
const shot = (name) => {
  const file = new URL(`${name}.png`, shots);
  if (!existsSync(file)) throw new Error(`doc-images: ${file.pathname} is missing; run the screenshots test first`);
  return file;
};

for (const engine of ['chromium', 'firefox', 'webkit'])
  copyFileSync(shot(`light-en-desktop-${engine}`), new URL(`panel-${engine}.png`, images));
copyFileSync(shot('light-tr-phone-chromium'), new URL('phone-tr.png', images));
for (const theme of ['dark', 'light'])
  for (const locale of ['en', 'tr'])
    for (const size of ['', '-phone']) {
      const name = `table-sortable-${theme}-${locale}${size}`;
      copyFileSync(shot(name), new URL(`${name}.png`, images));
    }

// themes.png: the right-hand 460 px of the dark and the light desktop shots (panel and launcher),
// side by side with a grey gap, drawn on a canvas in Chromium.
const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
try {
  const page = await browser.newPage();
  const dataUrl = (name) => `data:image/png;base64,${readFileSync(shot(name)).toString('base64')}`;
  const png = await page.evaluate(
    async ([dark, light]) => {
      const load = (src) =>
        new Promise((resolve, reject) =>
          Object.assign(new Image(), {
            src,
            onload() {
              resolve(this);
            },
            onerror: reject,
          }),
        );
      const [a, b] = await Promise.all([load(dark), load(light)]);
      const canvas = Object.assign(document.createElement('canvas'), { width: 940, height: 800 });
      const g = canvas.getContext('2d');
      g.fillStyle = '#888';
      g.fillRect(0, 0, 940, 800);
      g.drawImage(a, a.width - 460, 0, 460, 800, 0, 0, 460, 800);
      g.drawImage(b, b.width - 460, 0, 460, 800, 480, 0, 460, 800);
      return canvas.toDataURL('image/png').split(',')[1];
    },
    [dataUrl('dark-en-desktop-chromium'), dataUrl('light-en-desktop-chromium')],
  );
  writeFileSync(new URL('themes.png', images), Buffer.from(png, 'base64'));
} finally {
  await browser.close();
}
console.log('docs/images/: panel-{chromium,firefox,webkit}.png, phone-tr.png, themes.png refreshed');

// The visitor's minute (waiting, countdown, incomplete): from test/browser/doc-images/minute.images.ts.
await import('./state-images.mjs');

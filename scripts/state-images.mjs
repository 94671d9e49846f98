// docs/images/minute-<state>-<desktop|phone>.png from the last run of
// test/browser/doc-images/minute.images.ts in Chromium (artifacts/screenshots/):
//   node test/browser/run.mjs --engine=chromium doc-images/minute && node scripts/state-images.mjs
// Each image shows one state in dark en, dark tr, light en and light tr, side by side: the panel
// (the right-hand 460 px) of the desktop shots, the whole phone screen of the phone shots.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const shots = new URL('../artifacts/screenshots/', import.meta.url);
const images = new URL('../docs/images/', import.meta.url);
const COMBOS = ['dark-en', 'dark-tr', 'light-en', 'light-tr'];
const dataUrl = (name) => {
  const file = new URL(`${name}-chromium.png`, shots);
  if (!existsSync(file)) throw new Error(`state-images: ${file.pathname} is missing; run doc-images/minute first`);
  return `data:image/png;base64,${readFileSync(file).toString('base64')}`;
};

const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
try {
  const page = await browser.newPage();
  for (const state of ['waiting', 'countdown', 'incomplete']) {
    for (const device of ['desktop', 'phone']) {
      const sources = COMBOS.map((c) => dataUrl(`minute-${state}-${c}-${device}`));
      const png = await page.evaluate(
        async ([srcs, crop]) => {
          const load = (src) =>
            new Promise((resolve, reject) =>
              Object.assign(new Image(), { src, onload: (e) => resolve(e.target), onerror: reject }),
            );
          const all = await Promise.all(srcs.map(load));
          const w = crop ? 460 : all[0].width;
          const h = all[0].height;
          const gap = 20;
          const canvas = Object.assign(document.createElement('canvas'), { width: 4 * w + 3 * gap, height: h });
          const g = canvas.getContext('2d');
          g.fillStyle = '#888';
          g.fillRect(0, 0, canvas.width, h);
          all.forEach((img, i) => g.drawImage(img, img.width - w, 0, w, h, i * (w + gap), 0, w, h));
          return canvas.toDataURL('image/png').split(',')[1];
        },
        [sources, device === 'desktop'],
      );
      writeFileSync(new URL(`minute-${state}-${device}.png`, images), Buffer.from(png, 'base64'));
    }
  }
} finally {
  await browser.close();
}
console.log(
  'docs/images/: minute-{waiting,countdown,incomplete}-{desktop,phone}.png (dark en, dark tr, light en, light tr)',
);

// The panel cut out of a viewport screenshot (the drivers shoot the viewport), for the screenshots
// of docs/images/ and artifacts/screenshots/: one crop for every engine, done in the page's own
// canvas so no image library is needed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { WidgetPage } from './engines';
import { KEEP_PICTURES } from './paths';

/**
 * Shoots the viewport as `name`-viewport, writes the panel's part of it to `file` (a PNG) and
 * returns `file`: a picture for people, taken only when the run keeps them (null otherwise).
 */
export async function savePanelShot(wp: WidgetPage, name: string, file: string): Promise<string | null> {
  if (!KEEP_PICTURES) return null;
  const shot = readFileSync(await wp.screenshot(`${name}-viewport`)).toString('base64');
  const box = (await wp.part('panel').boundingBox())!;
  const panel = await wp.page.evaluate(
    async ({ png, box }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      // Device pixels per CSS pixel: the screenshot is at the device's resolution.
      const scale = img.width / innerWidth;
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(box.width * scale);
      canvas.height = Math.round(box.height * scale);
      const [x, y, w, h] = [box.x, box.y, box.width, box.height].map((n) => n * scale) as [
        number,
        number,
        number,
        number,
      ];
      canvas.getContext('2d')!.drawImage(img, x, y, w, h, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/png').slice('data:image/png;base64,'.length);
    },
    { png: shot, box },
  );
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(panel, 'base64'));
  expect(readFileSync(file).length).toBeGreaterThan(5_000);
  return file;
}

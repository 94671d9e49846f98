// Runs in Chromium, Firefox and WebKit (test/browser/engines). Voice records with MediaRecorder in
// the first of MIME_PREFERENCE the browser supports (src/voice/turn.ts): WebM/Opus in Chromium
// and Firefox, MP4 in Safari. This checks the format choice in each engine on a microphone-free
// stream (Web Audio); voice.test.ts records whole turns with fixtures/fake-microphone.js.
import { describe, expect, it } from 'vitest';
import { MIME_PREFERENCE } from '../../src/voice/turn';
import { ENGINE, openPage } from './engines';

describe(`MediaRecorder in ${ENGINE}`, () => {
  it('the preferred audio type the engine supports records real audio data of that type', async () => {
    const wp = await openPage({ autoInit: false, bodyHtml: '<button id="start">start</button>' });
    // The audio graph starts in a click (autoplay rules), as the widget's microphone press does.
    await wp.page.evaluate((preference) => {
      document.querySelector('#start')!.addEventListener('click', () => {
        const w = window as unknown as { __rec: Promise<{ mime: string; type: string; bytes: number }> };
        w.__rec = new Promise((resolve, reject) => {
          const mime = preference.find((m) => MediaRecorder.isTypeSupported(m)) ?? '';
          const ctx = new AudioContext();
          const osc = ctx.createOscillator();
          const dest = ctx.createMediaStreamDestination();
          osc.connect(dest);
          osc.start();
          const rec = new MediaRecorder(dest.stream, mime ? { mimeType: mime } : undefined);
          const chunks: Blob[] = [];
          rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
          rec.onstop = () => {
            const blob = new Blob(chunks, { type: rec.mimeType });
            resolve({ mime, type: rec.mimeType, bytes: blob.size });
            void ctx.close();
          };
          rec.onerror = () => reject(new Error('MediaRecorder error'));
          rec.start(250);
          setTimeout(() => rec.stop(), 1200);
        });
      });
    }, MIME_PREFERENCE);
    await wp.page.locator('#start').click();
    const result = await wp.page.evaluate(() => (window as unknown as { __rec: Promise<{ mime: string; type: string; bytes: number }> }).__rec);
    expect(result.mime, 'one of MIME_PREFERENCE is supported').not.toBe('');
    expect(result.type.split(';')[0]).toBe(result.mime.split(';')[0]);
    expect(result.bytes).toBeGreaterThan(200);
    console.log(`[media-recorder] ${ENGINE}: ${result.mime} → ${result.type}, ${result.bytes} bytes in 1.2 s`);
  });
});

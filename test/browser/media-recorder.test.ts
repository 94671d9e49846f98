// Runs in Chromium, Firefox and WebKit (test/browser/engines). Voice records with MediaRecorder in
// the first of MIME_PREFERENCE the browser supports (src/voice/turn.ts): WebM/Opus in Chromium
// and Firefox, MP4 in Safari. This checks the format choice in each engine on the microphone of
// fixtures/fake-microphone.js (a Web Audio tone; Firefox's own fake device in Firefox, whose Web
// Audio has no running clock without a sound device); voice.test.ts records whole turns with it.
import { describe, expect, it } from 'vitest';
import { MIME_PREFERENCE } from '../../src/voice/env';
import { ENGINE, openPage } from './engines';

describe(`MediaRecorder in ${ENGINE}`, () => {
  it('the preferred audio type the engine supports records real audio data of that type', async () => {
    const wp = await openPage({
      autoInit: false,
      bodyHtml: '<button id="start">start</button>',
      earlyFixtures: ['fake-microphone.js'],
    });
    // The microphone is asked for in a click (autoplay rules), as the widget's microphone press does.
    await wp.page.evaluate((preference) => {
      document.querySelector('#start')!.addEventListener('click', () => {
        const w = window as unknown as {
          __rec: Promise<{ mime: string; type: string; bytes: number; seconds: number }>;
        };
        w.__rec = navigator.mediaDevices.getUserMedia({ audio: true }).then(
          (stream) =>
            new Promise<{ mime: string; type: string; bytes: number; seconds: number }>((resolve, reject) => {
              const mime = preference.find((m) => MediaRecorder.isTypeSupported(m)) ?? '';
              const rec = new MediaRecorder(stream, mime ? { mimeType: mime } : undefined);
              const chunks: Blob[] = [];
              const started = performance.now();
              // At least 1.2 s, and until audio data came (up to 20 s).
              rec.ondataavailable = (e) => {
                if (e.data.size) chunks.push(e.data);
                const bytes = chunks.reduce((n, c) => n + c.size, 0);
                const ms = performance.now() - started;
                if (rec.state === 'recording' && bytes > 200 && ms > 1200) rec.stop();
              };
              rec.onstop = () => {
                const blob = new Blob(chunks, { type: rec.mimeType });
                resolve({ mime, type: rec.mimeType, bytes: blob.size, seconds: (performance.now() - started) / 1000 });
                stream.getTracks().forEach((t) => t.stop());
              };
              rec.onerror = () => reject(new Error('MediaRecorder error'));
              rec.start(250);
              setTimeout(() => rec.state === 'recording' && rec.stop(), 20_000);
            }),
        );
      });
    }, MIME_PREFERENCE);
    await wp.page.locator('#start').click();
    const result = await wp.page.evaluate(
      () =>
        (window as unknown as { __rec: Promise<{ mime: string; type: string; bytes: number; seconds: number }> }).__rec,
    );
    expect(result.mime, 'one of MIME_PREFERENCE is supported').not.toBe('');
    expect(result.type.split(';')[0]).toBe(result.mime.split(';')[0]);
    expect(result.bytes).toBeGreaterThan(200);
    console.log(
      `[media-recorder] ${ENGINE}: ${result.mime} → ${result.type}, ${result.bytes} bytes in ${result.seconds.toFixed(1)} s`,
    );
  });
});

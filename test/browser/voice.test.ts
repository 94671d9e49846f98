// Voice (docs/protocol.md, "POST /voice/session and the voice socket"; docs/voice.md) in Chromium, Firefox and WebKit
// (test/browser/engines). The microphone is fixtures/fake-microphone.js (a Web Audio tone from getUserMedia) in every
// engine; a refused microphone is fixtures/microphone-denied.js (NotAllowedError, what each engine gives the page).
// The voice runtime is loaded only on the first press, once; the socket carries the session token in its first frame
// (checked on the server), audio streams as binary frames in the format the engine records (WebM/Opus in Chromium and
// Firefox, MP4 in WebKit), the transcript and the reply show like a typed turn; not configured and denied microphone
// give their notices.
import { describe, expect, it } from 'vitest';
import { en } from '../helpers/en';
import { MIME_PREFERENCE } from '../../src/voice/env';
import {
  ENGINE,
  mockControl,
  mockRequests,
  itInChromium,
  openPage,
  passTime,
  problems,
  skipIn,
  speakTurn,
  STRICT_CSP,
  voiceFrames,
  WAIT,
  type EnginePageOptions,
  type WidgetPage,
} from './engines';

/** How many times the page loaded widget-voice.js (Resource Timing: the same in every engine). */
const runtimeLoads = (wp: WidgetPage) =>
  wp.page.evaluate(
    () =>
      performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('/dist/widget-voice.js'))
        .length,
  );

interface AudioStats {
  decoded: number;
  started: number;
  contexts: { ran: boolean }[];
  blobUrls: number;
  audioElements: number;
}
/** fixtures/record-voice.js: clips decoded and started, whether their contexts ran, blob: URLs, <audio> elements. */
const audioStats = (wp: WidgetPage) =>
  wp.page.evaluate(() => (window as unknown as { __swAudio: AudioStats }).__swAudio);
/** fixtures/record-voice.js: the URL of every WebSocket the page opened. */
const socketUrls = (wp: WidgetPage) =>
  wp.page.evaluate(() => (window as unknown as { __swSockets: string[] }).__swSockets.slice());

/** The microphone the visitor has: the fake one, or one they refuse. */
async function openVoicePage(extra: EnginePageOptions = {}, microphone = 'fake-microphone.js'): Promise<WidgetPage> {
  const wp = await openPage({
    ...extra,
    earlyFixtures: [microphone, 'record-voice.js'],
    initOptions: { locale: 'en', voice: true, nonce: 'voice-nonce', ...extra.initOptions },
  });
  await wp.openPanel();
  return wp;
}

describe('voice', () => {
  it('loads widget-voice.js only on the first press, once; a spoken turn shows like a typed one', async () => {
    // These tests run for seconds: the page names an icon, so the browser asks for no /favicon.ico (a 404 not the widget's).
    const wp = await openVoicePage({ headHtml: '<link rel="icon" href="data:,">' });
    const mic = wp.part('mic-button');
    expect(await mic.getAttribute('aria-label')).toBe(en.micStart);
    expect(await mic.getAttribute('aria-pressed')).toBe('false');

    await passTime(wp.page);
    expect(await runtimeLoads(wp)).toBe(0);

    await mic.click();
    // Recording: pressed, styled, labelled as the stop control.
    await expect.poll(() => mic.getAttribute('aria-pressed'), { timeout: WAIT }).toBe('true');
    await expect.poll(async () => (await voiceFrames()).length, { timeout: WAIT }).toBeGreaterThan(0);
    expect(await mic.getAttribute('class')).toContain('recording');
    expect(await mic.getAttribute('aria-label')).toBe(en.micStop);
    expect(await runtimeLoads(wp)).toBe(1);
    // The runtime's <script> carries the nonce option (and defines no global).
    expect(
      await wp.page.evaluate(() =>
        [...document.scripts].filter((s) => s.src.endsWith('/widget-voice.js')).map((s) => s.nonce),
      ),
    ).toEqual(['voice-nonce']);
    expect(await wp.page.evaluate(() => Object.keys(window).filter((k) => /voice/i.test(k)))).toEqual([]);

    // Let the microphone produce a few 250 ms chunks, then press again.
    await expect
      .poll(async () => (await voiceFrames()).filter((f) => 'binary' in f).length, { timeout: WAIT })
      .toBeGreaterThanOrEqual(2);
    await mic.click();

    // Transcript and reply in the message list.
    const user = wp.host.locator('[part~="message"][data-role="user"]');
    await user.first().waitFor();
    await expect
      .poll(() => user.first().textContent(), { timeout: WAIT })
      .toContain('How many orders were shipped last week?');
    const reply = await wp.waitForReplies(1);
    expect(await reply.textContent()).toContain('42');
    expect(await reply.locator('strong').first().textContent()).toBe('42');

    // Server side: the start frame came first with the session token (not the JWT), then binary
    // audio frames, then stop.
    const frames = await voiceFrames();
    const start = frames[0]!;
    expect(start).toMatchObject({ type: 'start', locale: 'en', token: expect.stringMatching(/^vs_/) });
    // The format is the engine's first supported type of MIME_PREFERENCE, as MediaRecorder names it.
    const supported = await wp.page.evaluate(
      (types) => types.find((t) => MediaRecorder.isTypeSupported(t)) ?? '',
      MIME_PREFERENCE,
    );
    expect(String(start.mime).split(';')[0]).toBe(supported.split(';')[0]);
    expect(String(start.mime)).toMatch(ENGINE === 'webkit' ? /^audio\/mp4/ : /^audio\/webm/);
    expect(start).not.toHaveProperty('conversation_id');
    expect(await wp.tokens()).not.toContain(start.token);
    expect(
      frames
        .slice(1)
        .filter((f) => 'binary' in f)
        .every((f) => (f.binary as number) > 0),
    ).toBe(true);
    expect(frames.at(-1)).toEqual({ type: 'stop' });
    // The session token went nowhere else: not in the socket URL, not in the DOM, not in the console.
    const sockets = await socketUrls(wp);
    expect(sockets).toEqual([expect.stringMatching(/\/api\/v1\/widget\/voice\/ws$/)]);
    expect(sockets[0]).not.toContain(String(start.token));
    expect(
      await wp.page.evaluate(() => document.documentElement.outerHTML + window.__swTest.root()!.innerHTML),
    ).not.toContain(String(start.token));
    expect((await wp.consoleMessages()).map((m) => m.text).join('\n')).not.toContain(String(start.token));

    // The spoken reply went to Web Audio: no <audio>, no blob: URL. A clip starts only on a
    // context that runs: Firefox here has no sound device, its context never runs, and nothing
    // claims to play (the mic button is "start" again below, not "stop the spoken answer"). That
    // it plays where a context runs is the next test.
    await expect.poll(async () => (await audioStats(wp)).decoded, { timeout: WAIT }).toBeGreaterThanOrEqual(1);
    const stats = await audioStats(wp);
    if (!stats.contexts.every((c) => c.ran)) expect(stats.started, 'clips started on a context that never ran').toBe(0);
    expect(stats).toMatchObject({ blobUrls: 0, audioElements: 0 });

    // A second spoken turn joins the same conversation; the runtime is not loaded again.
    await expect.poll(() => mic.getAttribute('aria-label'), { timeout: WAIT }).toBe(en.micStart);
    const before = (await voiceFrames()).length;
    await speakTurn(wp, 2);
    expect((await voiceFrames())[before]).toMatchObject({
      type: 'start',
      conversation_id: expect.stringMatching(/^conv_/),
    });
    expect(await runtimeLoads(wp)).toBe(1);
    expect(await problems(wp)).toEqual([]);
  });

  it('the spoken reply plays: its audio context runs and a clip starts (not in Firefox: no sound device on this machine)', async (ctx) => {
    skipIn(ctx, ['firefox'], 'no sound device here (no /dev/snd): an AudioContext never runs');
    const wp = await openVoicePage({ headHtml: '<link rel="icon" href="data:,">' });
    await speakTurn(wp, 1);
    await expect.poll(async () => (await audioStats(wp)).decoded, { timeout: WAIT }).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await audioStats(wp)).contexts.every((c) => c.ran), { timeout: WAIT }).toBe(true);
    await expect.poll(async () => (await audioStats(wp)).started, { timeout: WAIT }).toBeGreaterThanOrEqual(1);
    expect(await problems(wp)).toEqual([]);
  });

  it('under a strict CSP with Trusted Types: the runtime loads through the service-widget policy, no violation', async () => {
    const wp = await openVoicePage({ csp: STRICT_CSP });
    await speakTurn(wp, 1);
    expect(await wp.policies()).toContain('service-widget');
    await passTime(wp.page);
    expect(await wp.violations()).toEqual([]);
    expect(await problems(wp)).toEqual([]);
  });

  // What the widget does with the service's "not configured" (from /config, or a 409) is its own
  // code: Chromium only (docs/testing.md, "Cases that run in Chromium only").
  itInChromium('not configured (from /config): the not-set-up notice, nothing downloaded, no microphone', async () => {
    const wp = await openVoicePage({ settings: { voiceConfigured: false } });
    // /config has answered (its title shows) before the press. A press before that loads the
    // runtime and asks the service, whose 409 gives the same notice: the widget does not wait for
    // /config (src/state/voice.ts counts an unknown config as configured).
    await expect.poll(() => wp.part('header').locator('h2').textContent(), { timeout: WAIT }).toBe('Data assistant');
    await wp.part('mic-button').click();
    const notice = wp.host.locator('[part~="notice"][data-kind="voice"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en.voiceNotConfigured);
    await passTime(wp.page);
    expect(await runtimeLoads(wp)).toBe(0);
    expect(await wp.page.evaluate(() => (window as unknown as { __swMicCalls: number }).__swMicCalls)).toBe(0);
  });

  itInChromium('409 voice_not_configured from POST /voice/session: the not-set-up notice', async () => {
    const wp = await openVoicePage();
    // /config has answered (its title shows) and said voice is configured; now the service changes its mind.
    await expect.poll(() => wp.part('header').textContent(), { timeout: WAIT }).toContain('Data assistant');
    await mockControl('settings', { voiceConfigured: false });
    await wp.part('mic-button').click();
    const notice = wp.host.locator('[part~="notice"][data-kind="voice"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en.voiceNotConfigured);
    expect(await wp.part('mic-button').getAttribute('aria-pressed')).toBe('false');
    const session = (await mockRequests()).filter((r) => r.path === '/api/v1/widget/voice/session');
    expect(session).toHaveLength(1);
    expect(await voiceFrames()).toEqual([]);
  });

  it('microphone permission denied: a voice notice; text chat still works', async () => {
    const wp = await openVoicePage({}, 'microphone-denied.js');
    await wp.part('mic-button').click();
    const notice = wp.host.locator('[part~="notice"][data-kind="voice"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en.voiceDenied);
    expect(await wp.part('mic-button').getAttribute('aria-pressed')).toBe('false');
    expect((await mockRequests()).filter((r) => r.path === '/api/v1/widget/voice/session')).toEqual([]);
    await wp.send('Typed instead');
    await wp.waitForReplies(1);
    expect(await problems(wp)).toEqual([]);
  });
});

// Contract 4.3 in real Chromium (fake microphone: see CHROMIUM_ARGS in global-setup.ts): the voice
// runtime is loaded only on the first press, once; the socket carries the session token in its
// first frame (checked on the server), audio streams as binary frames, the transcript and the
// reply show like a typed turn; not configured and denied microphone give their notices.
import type { Page, WebSocket as PwWebSocket } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { disconnectBrowser, mockControl, mockRequests, openPage, problems, settle, WAIT, type WidgetPage } from './helpers';

afterAll(disconnectBrowser);

const RUNTIME = /\/dist\/widget-voice\.js$/;
const runtimeRequests = (wp: WidgetPage) => wp.requests.filter((r) => RUNTIME.test(new URL(r.url).pathname));
const voiceFrames = async () =>
  (await mockRequests()).filter((r) => r.method === 'WS').map((r) => r.body as Record<string, unknown>);

/** Counts Web Audio clips started, blob: URLs made and <audio> elements created, from the first moment. */
async function recordAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __swAudio: { started: number; blobUrls: number; audioElements: number } };
    w.__swAudio = { started: 0, blobUrls: 0, audioElements: 0 };
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.__swAudio.started++;
      return start.apply(this, args);
    };
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (o: Blob | MediaSource) => {
      w.__swAudio.blobUrls++;
      return createObjectURL(o);
    };
    const createElement = Document.prototype.createElement;
    Document.prototype.createElement = function (this: Document, name: string, o?: ElementCreationOptions) {
      if (String(name).toLowerCase() === 'audio') w.__swAudio.audioElements++;
      return createElement.call(this, name, o);
    } as typeof createElement;
  });
}
const audioStats = (wp: WidgetPage) =>
  wp.page.evaluate(() => (window as unknown as { __swAudio: { started: number; blobUrls: number; audioElements: number } }).__swAudio);

async function openVoicePage(extra: Parameters<typeof openPage>[0] = {}): Promise<WidgetPage> {
  const wp = await openPage({
    ...extra,
    initOptions: { locale: 'en', voice: true, nonce: 'voice-nonce', ...extra.initOptions },
    beforeLoad: async (page, context) => {
      await recordAudio(page);
      // These tests run for seconds: Chromium then asks for /favicon.ico, a 404 that is not the widget's.
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
      await extra.beforeLoad?.(page, context);
    },
  });
  await wp.openPanel();
  return wp;
}

describe('voice', () => {
  it('loads widget-voice.js only on the first press, once; a spoken turn shows like a typed one', async () => {
    const wp = await openVoicePage();
    const sockets: PwWebSocket[] = [];
    wp.page.on('websocket', (s) => sockets.push(s));
    const mic = wp.part('mic-button');
    expect(await mic.getAttribute('aria-label')).toBe(en.micStart);
    expect(await mic.getAttribute('aria-pressed')).toBe('false');

    await settle(wp.page);
    expect(runtimeRequests(wp)).toEqual([]);

    await mic.click();
    // Recording: pressed, styled, labelled as the stop control.
    await expect.poll(() => mic.getAttribute('aria-pressed'), { timeout: WAIT }).toBe('true');
    await expect.poll(async () => (await voiceFrames()).length, { timeout: WAIT }).toBeGreaterThan(0);
    expect(await mic.getAttribute('class')).toContain('recording');
    expect(await mic.getAttribute('aria-label')).toBe(en.micStop);
    expect(runtimeRequests(wp)).toHaveLength(1);
    // The runtime's <script> carries the nonce option (and defines no global).
    expect(
      await wp.page.evaluate(() => [...document.scripts].filter((s) => s.src.endsWith('/widget-voice.js')).map((s) => s.nonce)),
    ).toEqual(['voice-nonce']);
    expect(await wp.page.evaluate(() => Object.keys(window).filter((k) => /voice/i.test(k)))).toEqual([]);

    // Let the fake microphone produce a few 250 ms chunks, then press again.
    await expect.poll(async () => (await voiceFrames()).filter((f) => 'binary' in f).length, { timeout: WAIT }).toBeGreaterThanOrEqual(2);
    await mic.click();

    // Transcript and reply in the message list.
    const user = wp.host.locator('[part~="message"][data-role="user"]');
    await user.first().waitFor();
    await expect.poll(() => user.first().textContent(), { timeout: WAIT }).toContain('How many orders were shipped last week?');
    const reply = await wp.waitForReplies(1);
    expect(await reply.textContent()).toContain('42');
    expect(await reply.locator('strong').first().textContent()).toBe('42');

    // Server side: the start frame came first with the session token (not the JWT), then binary
    // audio frames, then stop.
    const frames = await voiceFrames();
    const start = frames[0]!;
    expect(start).toMatchObject({ type: 'start', locale: 'en', token: expect.stringMatching(/^vs_/) });
    expect(String(start.mime)).toMatch(/^audio\/webm/);
    expect(start).not.toHaveProperty('conversation_id');
    expect(wp.tokens).not.toContain(start.token);
    expect(frames.slice(1).filter((f) => 'binary' in f).every((f) => (f.binary as number) > 0)).toBe(true);
    expect(frames.at(-1)).toEqual({ type: 'stop' });
    // The session token went nowhere else: not in the socket URL, not in the DOM, not in the console.
    expect(sockets.map((s) => s.url())).toEqual([expect.stringMatching(/\/api\/v1\/widget\/voice\/ws$/)]);
    expect(sockets[0]!.url()).not.toContain(String(start.token));
    expect(await wp.page.evaluate(() => document.documentElement.outerHTML + window.__swTest.root()!.innerHTML)).not.toContain(String(start.token));
    expect(wp.consoleMessages.map((m) => m.text).join('\n')).not.toContain(String(start.token));

    // The spoken reply was played through Web Audio: no <audio>, no blob: URL.
    await expect.poll(async () => (await audioStats(wp)).started, { timeout: WAIT }).toBeGreaterThanOrEqual(1);
    expect(await audioStats(wp)).toMatchObject({ blobUrls: 0, audioElements: 0 });

    // A second spoken turn joins the same conversation; the runtime is not loaded again.
    await expect.poll(() => mic.getAttribute('aria-label'), { timeout: WAIT }).toBe(en.micStart);
    const before = (await voiceFrames()).length;
    await mic.click();
    await expect.poll(async () => (await voiceFrames()).length, { timeout: WAIT }).toBeGreaterThan(before);
    expect((await voiceFrames())[before]).toMatchObject({ type: 'start', conversation_id: expect.stringMatching(/^conv_/) });
    await expect.poll(async () => (await voiceFrames()).slice(before).filter((f) => 'binary' in f).length, { timeout: WAIT }).toBeGreaterThan(0);
    await mic.click();
    await wp.waitForReplies(2);
    expect(runtimeRequests(wp)).toHaveLength(1);
    expect(problems(wp)).toEqual([]);
  });

  it('under a strict CSP with Trusted Types: the runtime loads through the service-widget policy, no violation', async () => {
    const wp = await openVoicePage({
      csp: [
        "default-src 'none'",
        "script-src 'self'",
        "connect-src 'self'",
        "require-trusted-types-for 'script'",
        'trusted-types service-widget dompurify',
      ].join('; '),
    });
    await wp.part('mic-button').click();
    // Some audio first: the mock answers `no_audio` to a turn without any.
    await expect.poll(async () => (await voiceFrames()).filter((f) => 'binary' in f).length, { timeout: WAIT }).toBeGreaterThan(0);
    await wp.part('mic-button').click();
    await wp.waitForReplies(1);
    await settle(wp.page);
    expect(await wp.violations()).toEqual([]);
    expect(problems(wp)).toEqual([]);
  });

  it('not configured (from /config): the not-set-up notice, nothing downloaded, no microphone', async () => {
    const wp = await openVoicePage({ settings: { voiceConfigured: false } });
    await wp.part('mic-button').click();
    const notice = wp.host.locator('[part~="notice"][data-kind="voice"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en.voiceNotConfigured);
    await settle(wp.page);
    expect(runtimeRequests(wp)).toEqual([]);
  });

  it('409 voice_not_configured from POST /voice/session: the not-set-up notice', async () => {
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
    const wp = await openVoicePage({
      beforeLoad: async (page) => {
        await page.addInitScript(() => {
          navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
        });
      },
    });
    await wp.part('mic-button').click();
    const notice = wp.host.locator('[part~="notice"][data-kind="voice"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en.voiceDenied);
    expect(await wp.part('mic-button').getAttribute('aria-pressed')).toBe('false');
    expect((await mockRequests()).filter((r) => r.path === '/api/v1/widget/voice/session')).toEqual([]);
    await wp.send('Typed instead');
    await wp.waitForReplies(1);
    expect(problems(wp)).toEqual([]);
  });
});

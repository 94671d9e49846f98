// The microphone button end to end in happy-dom: MicButton → voice model → runtime turn → chat
// model, against the mock service (POST /voice/session over msw, the voice socket over msw `ws`).
// Only the loader is replaced (happy-dom cannot run widget-voice.js) and the media APIs are faked.
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../helpers/en';
import { createController } from '../../src/voice/controller';
import { VOICE_MESSAGES } from '../../src/voice/messages';
import type { VoiceEnv } from '../../src/voice/env';
import type { CreateVoiceController } from '../../src/voice/types';
import { mountWidget, type MountedWidget } from '../helpers/widget';
import { init } from '../../src/init';
import { http } from 'msw';
import { mock, server, TEST_BASE_URL, TEST_PUBLIC_ID, testToken } from '../msw-server';
import { FakeAudioContext, fakeEnv, FakeRecorder, FakeSocket, tick, type FakeEnv } from './fakes';

const loader = vi.hoisted(() => ({ load: vi.fn() }));
// Below the runtimes' one seam (src/runtime/runtimes.ts), which asks for a file by its URL.
vi.mock('../../src/runtime/load', () => ({
  loadRuntime: (url: string, { nonce }: { nonce: string | null }) => loader.load(url, nonce),
}));

let env: FakeEnv;
let widgets: MountedWidget[] = [];

/** The runtime as widget-voice.js would hand it over, on `env`. */
const runtime =
  (e: VoiceEnv): CreateVoiceController =>
  (host) =>
    createController(host, e);

beforeEach(() => {
  env = fakeEnv();
  // The real socket (msw intercepts it and the mock's voice host answers).
  env.WebSocket = globalThis.WebSocket as unknown as VoiceEnv['WebSocket'];
  loader.load.mockReset();
  loader.load.mockImplementation(async () => runtime(env));
});

afterEach(() => {
  for (const w of widgets) w.instance.destroy();
  widgets = [];
  document.body.innerHTML = '';
});

async function mount(options = {}) {
  const w = await mountWidget({ voice: true, ...options });
  widgets.push(w);
  await w.findPart('mic-button');
  // /config has answered and is applied (its welcome shows): the button may depend on it.
  await waitFor(() => expect(w.host.shadowRoot!.textContent).toContain('Ask me about your orders'));
  return w;
}

const voiceFrames = () => mock.requests.filter((r) => r.method === 'WS').map((r) => r.body as Record<string, unknown>);

describe('the microphone button', () => {
  it('is there with voice: true only, labelled, not pressed; nothing is loaded before the press', async () => {
    const w = await mount();
    const mic = w.part('mic-button')!;
    expect(mic.getAttribute('aria-label')).toBe(en.micStart);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(loader.load).not.toHaveBeenCalled();
    const plain = await mountWidget({});
    widgets.push(plain);
    await plain.findPart('composer-input');
    expect(plain.part('mic-button')).toBeNull();
  });

  it('records, streams, stops, and shows the spoken turn like a typed one in the same conversation', async () => {
    const w = await mount({ nonce: 'abc' });
    const mic = w.part('mic-button')!;
    fireEvent.click(mic);
    expect(loader.load).toHaveBeenCalledWith(expect.stringMatching(/widget-voice\.js$/), 'abc');

    // Recording: pressed, distinct style, the stop label; the composer cannot send meanwhile.
    await waitFor(() => expect(FakeRecorder.instances).toHaveLength(1));
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    expect(mic.classList.contains('recording')).toBe(true);
    expect(mic.getAttribute('aria-label')).toBe(en.micStop);
    expect(w.part('send-button')?.hasAttribute('disabled')).toBe(true);

    // The session request went through the core's client, with the JWT; the socket got the session token.
    const sessionRequest = mock.requests.find((r) => r.path.endsWith('/voice/session'))!;
    expect(sessionRequest.headers.authorization).toMatch(/^Bearer /);
    const [token] = [...mock.state.voiceSessions.keys()];
    await waitFor(() =>
      expect(voiceFrames()[0]).toMatchObject({ type: 'start', token, locale: 'en', mime: 'audio/webm;codecs=opus' }),
    );
    expect(voiceFrames()[0]).not.toHaveProperty('conversation_id');

    FakeRecorder.instances[0]!.chunk(32);
    FakeRecorder.instances[0]!.chunk(32);
    fireEvent.click(mic);
    expect(mic.getAttribute('aria-pressed')).toBe('false');

    await waitFor(() => expect(w.messages('assistant')).toHaveLength(1));
    await w.settled();
    const frames = voiceFrames();
    expect(frames.filter((f) => 'binary' in f).length).toBeGreaterThanOrEqual(2);
    expect(frames.at(-1)).toEqual({ type: 'stop' });
    expect(w.messages('user')[0]!.textContent).toContain('How many orders were shipped last week?');
    expect(w.messages('assistant')[0]!.textContent).toContain('42');

    // The turn was saved in the visitor's conversation; the widget adopted its id.
    const [conversation] = [...mock.state.visitor('visitor-1').conversations.values()];
    expect(conversation!.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    mock.requests.length = 0;
    await w.send('And yesterday?');
    await w.settled();
    expect(w.chatRequests()[0]!.body).toMatchObject({ conversation_id: conversation!.id });

    // The token never reached the DOM.
    expect(w.host.shadowRoot!.innerHTML).not.toContain(token);
  });

  it('shows a visible recording state beside the composer, with the time it has run', async () => {
    const w = await mount();
    const mic = w.part('mic-button')!;
    const root = w.host.shadowRoot!;
    const bar = () => root.querySelector<HTMLElement>('.recording-bar');
    expect(bar()).toBeNull();
    fireEvent.click(mic);
    await waitFor(() => expect(FakeRecorder.instances).toHaveLength(1));
    await waitFor(() => expect(bar()?.textContent).toBe(`${en.recording} 0:00`));
    // Not a live region itself (the clock would be read out): the announcer says it once.
    expect(bar()!.getAttribute('role')).toBeNull();
    expect(bar()!.closest('[aria-live]')).toBeNull();
    const said = () => root.querySelector('[aria-live="polite"]')?.textContent;
    await waitFor(() => expect(said()).toBe(en.recordingStarted));
    // Right above the composer, where the visitor looks, not only in the header.
    expect(bar()!.nextElementSibling).toBe(w.part('composer'));
    // The second press ends the recording: the bar goes.
    fireEvent.click(mic);
    await waitFor(() => expect(bar()).toBeNull());
    // With what follows in the same moment (the reply it now waits for).
    await waitFor(() => expect(said()).toContain(en.recordingStopped));
  });

  it('the recording time counts up (fake timers)', async () => {
    const w = await mount();
    // Only intervals are fake (waitFor polls with one, so it is not used here: `tick` is a timeout).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bar = () => w.host.shadowRoot!.querySelector<HTMLElement>('.recording-bar');
    try {
      fireEvent.click(w.part('mic-button')!);
      for (let i = 0; i < 200 && !bar(); i++) await tick(10);
      expect(bar()!.textContent).toBe(`${en.recording} 0:00`);
      // The bar's clock starts in an effect, after paint.
      for (let i = 0; i < 50 && !vi.getTimerCount(); i++) await tick(10);
      vi.advanceTimersByTime(65_000);
      for (let i = 0; i < 50 && !bar()!.textContent!.endsWith('1:05'); i++) await tick(10);
      expect(bar()!.textContent).toBe(`${en.recording} 1:05`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('plays the spoken answer with Web Audio, and the button silences it', async () => {
    const w = await mount();
    const mic = w.part('mic-button')!;
    fireEvent.click(mic);
    await waitFor(() => expect(FakeRecorder.instances).toHaveLength(1));
    FakeRecorder.instances[0]!.chunk(32);
    fireEvent.click(mic);
    const ctx = await waitFor(() => {
      const c = FakeAudioContext.instances[0];
      if (!c?.sources.length) throw new Error('no clip playing yet');
      return c;
    });
    await waitFor(() => expect(mic.getAttribute('aria-label')).toBe(en.micSilence));
    fireEvent.click(mic);
    expect(ctx.sources[0]!.stopped).toBe(true);
    await waitFor(() => expect(mic.getAttribute('aria-label')).toBe(en.micStart));
    expect(w.host.shadowRoot!.querySelector('audio')).toBeNull();
  });

  it('microphone denied: a voice notice, nothing else breaks', async () => {
    env.getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const w = await mount();
    fireEvent.click(w.part('mic-button')!);
    const notice = await w.findNotice('voice');
    expect(notice.textContent).toContain(en.voiceDenied);
    expect(w.part('mic-button')!.getAttribute('aria-pressed')).toBe('false');
    expect(mock.requests.some((r) => r.path.endsWith('/voice/session'))).toBe(false);
    await w.send('Typed instead');
    await w.settled();
    expect(w.messages('assistant')).toHaveLength(1);
  });

  it('the sentences widget-voice.js carries follow setLocale like every other text', async () => {
    env.getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const w = await mount();
    fireEvent.click(w.part('mic-button')!);
    expect((await w.findNotice('voice')).textContent).toContain(en.voiceDenied);
    w.instance.setLocale('tr');
    await waitFor(() => expect(w.part('notice')!.textContent).toContain(VOICE_MESSAGES.voiceDenied[1]));
    w.instance.setLocale('en');
    await waitFor(() => expect(w.part('notice')!.textContent).toContain(en.voiceDenied));
  });

  it('409 voice_not_configured: the not-set-up notice (data-kind="voice")', async () => {
    const w = await mount();
    mock.setSettings({ voiceConfigured: false }); // after /config said it was
    fireEvent.click(w.part('mic-button')!);
    const notice = await w.findNotice('voice');
    expect(notice.textContent).toContain(en.voiceNotConfigured);
    expect(env.track.stop).toHaveBeenCalled();
  });

  it('when /config already says voice is not configured, the notice comes without a microphone prompt', async () => {
    mock.setSettings({ voiceConfigured: false });
    const w = await mount();
    fireEvent.click(w.part('mic-button')!);
    expect((await w.findNotice('voice')).textContent).toContain(en.voiceNotConfigured);
    expect(loader.load).not.toHaveBeenCalled();
    expect(env.getUserMedia).not.toHaveBeenCalled();
  });

  it('pressed before /config answered: a voice it then says is not set up asks for no microphone', async () => {
    mock.setSettings({ voiceConfigured: false });
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    server.use(
      // Held, then left to the mock's own handler (a resolver that returns nothing falls through).
      http.get(`${TEST_BASE_URL}/api/v1/widget/config`, async () => {
        await answered;
      }),
    );
    let arrive!: (create: CreateVoiceController) => void;
    loader.load.mockReturnValue(new Promise((r) => (arrive = r)));
    const w = await mountWidget({ voice: true });
    widgets.push(w);
    fireEvent.click(await w.findPart('mic-button'));
    await waitFor(() => expect(loader.load).toHaveBeenCalledTimes(1));
    answer();
    await waitFor(() => expect(w.host.shadowRoot!.textContent).toContain('Ask me about your orders'));
    arrive(runtime(env));
    expect((await w.findNotice('voice')).textContent).toContain(en.voiceNotConfigured);
    expect(env.getUserMedia).not.toHaveBeenCalled();
    expect(w.part('mic-button')?.getAttribute('aria-pressed')).not.toBe('true');
  });

  it('a runtime that cannot load: a voice notice', async () => {
    loader.load.mockRejectedValue(new Error('blocked by CSP'));
    const w = await mount();
    fireEvent.click(w.part('mic-button')!);
    expect((await w.findNotice('voice')).textContent).toContain(en.voiceFailed);
  });

  it('a second press while the runtime loads cancels: nothing starts once it arrives', async () => {
    let arrive!: (create: CreateVoiceController) => void;
    loader.load.mockReturnValue(new Promise((r) => (arrive = r)));
    const w = await mount();
    const mic = w.part('mic-button')!;
    fireEvent.click(mic);
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(mic);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    arrive(runtime(env));
    // The press's own reaction to the load ran before this await resumes.
    await loader.load.mock.results[0]!.value;
    expect(env.getUserMedia).not.toHaveBeenCalled();
    expect(mic.getAttribute('aria-label')).toBe(en.micStart);
    // The runtime is kept: the next press starts at once.
    fireEvent.click(mic);
    await waitFor(() => expect(env.getUserMedia).toHaveBeenCalledTimes(1));
    expect(loader.load).toHaveBeenCalledTimes(1);
  });

  it('error objects on the socket give the same notices as in text chat (limit)', async () => {
    const w = await mount();
    mock.setScenario('limit-daily');
    fireEvent.click(w.part('mic-button')!);
    await waitFor(() => expect(FakeRecorder.instances).toHaveLength(1));
    FakeRecorder.instances[0]!.chunk(8);
    fireEvent.click(w.part('mic-button')!);
    const notice = await w.findNotice('limit');
    expect(notice.textContent).toContain(en.limit.daily);
    expect(w.messages('assistant')).toHaveLength(0);
    await waitFor(() => expect(w.part('mic-button')!.getAttribute('aria-label')).toBe(en.micStart));
  });

  it('a confirmation object shows the Confirm and Cancel buttons; the decision goes through /chat', async () => {
    const w = await mount();
    mock.setScenario('confirmation');
    fireEvent.click(w.part('mic-button')!);
    await waitFor(() => expect(FakeRecorder.instances).toHaveLength(1));
    FakeRecorder.instances[0]!.chunk(8);
    fireEvent.click(w.part('mic-button')!);
    const confirm = await w.findPart('confirm-button');
    await w.settled();
    mock.requests.length = 0;
    fireEvent.click(confirm);
    await waitFor(() => expect(w.chatRequests()).toHaveLength(1));
    expect(w.chatRequests()[0]!.body).toMatchObject({
      conversation_id: expect.any(String),
      confirmation: { decision: 'confirm' },
    });
  });
});

describe('with a socket the test drives', () => {
  beforeEach(() => {
    env.WebSocket = FakeSocket;
  });

  async function recordingWidget() {
    const w = await mount();
    fireEvent.click(w.part('mic-button')!);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0]!;
    socket.open();
    await waitFor(() => expect(w.part('mic-button')!.getAttribute('aria-pressed')).toBe('true'));
    return { w, socket };
  }

  it('shows the transcript live as the visitor’s message, then the reply streaming', async () => {
    const { w, socket } = await recordingWidget();
    socket.text({ type: 'transcript', text: 'How many', final: false });
    await waitFor(() => expect(w.messages('user')[0]?.textContent).toContain('How many'));
    socket.text({ type: 'transcript', text: 'How many orders shipped today?', final: true });
    await waitFor(() => expect(w.messages('user')[0]?.textContent).toContain('How many orders shipped today?'));
    expect(w.messages('user')).toHaveLength(1);
    socket.text({ type: 'reply.delta', text: 'There were ' });
    socket.text({ type: 'reply.delta', text: '**42**.' });
    await waitFor(() => expect(w.messages('assistant')[0]?.textContent).toContain('There were 42.'));
    expect(w.part('stop-button')).not.toBeNull();
    socket.text({ type: 'reply.done', conversation_id: 'conv_voice' });
    await w.settled();
    expect(w.messages().map((m) => m.dataset.role)).toEqual(['user', 'assistant']);
  });

  it('a dropped socket ends the turn with a "connection lost" notice; the partial reply stays', async () => {
    const { w, socket } = await recordingWidget();
    socket.text({ type: 'transcript', text: 'How many orders?', final: true });
    socket.text({ type: 'reply.delta', text: 'There were' });
    socket.drop();
    expect((await w.findNotice('voice')).textContent).toContain(en.voiceDropped);
    await w.settled();
    expect(w.messages('assistant')[0]!.textContent).toContain('There were');
    expect(w.part('mic-button')!.getAttribute('aria-pressed')).toBe('false');
  });

  it('an approval object shows the approval notice in the reply', async () => {
    const { w, socket } = await recordingWidget();
    socket.text({ type: 'transcript', text: 'Cancel order 1042', final: true });
    socket.text({ type: 'approval', status: 'pending' });
    socket.text({ type: 'reply.done', conversation_id: 'conv_1' });
    expect((await w.findNotice('approval')).textContent).toContain(en.approval);
  });

  it('the stop button ends the spoken reply like a typed one', async () => {
    const { w, socket } = await recordingWidget();
    socket.text({ type: 'transcript', text: 'q', final: true });
    socket.text({ type: 'reply.delta', text: 'Partial' });
    fireEvent.click(await w.findPart('stop-button'));
    expect(socket.closedWith).toBe(1000);
    await w.settled();
    expect(w.messages('assistant')[0]!.textContent).toContain(en.stopped);
    expect(w.part('mic-button')!.getAttribute('aria-label')).toBe(en.micStart);
  });

  it('destroy() while recording sends stop and closes the socket', async () => {
    const { w, socket } = await recordingWidget();
    w.instance.destroy();
    expect(socket.frames().at(-1)).toEqual({ type: 'stop' });
    expect(socket.closedWith).toBe(1000);
    expect(env.track.stop).toHaveBeenCalled();
  });

  it('closing the floating panel stops recording (stop is sent) but the answer still arrives', async () => {
    const instance = init({
      publicId: TEST_PUBLIC_ID,
      baseUrl: TEST_BASE_URL,
      getAuthToken: () => testToken(),
      voice: true,
      open: true,
    });
    const w = { instance };
    const root = document.querySelector('[data-service-widget]')!.shadowRoot!;
    const mic = await waitFor(() => {
      const el = root.querySelector<HTMLElement>('[part~="mic-button"]');
      if (!el) throw new Error('no mic-button yet');
      return el;
    });
    fireEvent.click(mic);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0]!;
    socket.open();
    await waitFor(() => expect(FakeRecorder.instances).toHaveLength(1));
    w.instance.close();
    await waitFor(() => expect(socket.frames().at(-1)).toEqual({ type: 'stop' }));
    expect(socket.closedWith).toBeUndefined();
    instance.destroy();
  });
});

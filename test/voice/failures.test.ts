// Every way a spoken turn can fail (VOICE_FAILURES, src/voice/types.ts) reaches the chat as the
// notice it should be: one of the runtime's own sentences, or (a refused session) the service's
// answer told as in text chat. The table below must name every reason of the list, so a reason
// added without a way to reach it, or without its words, fails here or does not compile.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createController } from '../../src/voice/controller';
import { VOICE_MESSAGES } from '../../src/voice/messages';
import {
  VOICE_FAILURES,
  type ChatPort,
  type ReplyWriter,
  type VoiceFailure,
  type VoiceFailureReason,
  type VoiceHost,
  type VoiceState,
} from '../../src/voice/types';
import { fakeEnv, FakeSocket, type FakeEnv } from './fakes';

const refused = new Error('HTTP 429 user_limit_reached');

/** How each failure is brought about, and what the chat must be told. */
const CASES = {
  denied: {
    cause: (env) => env.getUserMedia.mockRejectedValue(new DOMException('no', 'NotAllowedError')),
    says: 'voiceDenied',
  },
  unsupported: { cause: (env) => void (env.MediaRecorder = undefined), says: 'voiceUnsupported' },
  session: { cause: () => undefined, says: null },
  dropped: { cause: () => undefined, says: 'voiceDropped' },
} satisfies Record<VoiceFailureReason, { cause: (env: FakeEnv) => void; says: VoiceFailure | null }>;

function fakeHost(failSession: boolean) {
  let state: VoiceState = { phase: 'idle', playing: false };
  const reply: ReplyWriter = {
    begin: vi.fn(),
    onEvent: vi.fn(),
    finish: vi.fn(),
    complete: vi.fn(),
    started: () => false,
  };
  const chat = {
    claim: () => new AbortController(),
    release: vi.fn(),
    reply: () => reply,
    said: () => 'said-1',
    adopt: vi.fn(),
    sent: vi.fn(),
    streamError: vi.fn(),
    fail: vi.fn(),
  } satisfies ChatPort;
  const host: VoiceHost = {
    chat,
    stop: vi.fn(),
    session: async () => {
      if (failSession) throw refused;
      return { url: 'wss://voice.test/ws', token: 'session-token', expires_at: '' };
    },
    conversationId: () => null,
    locale: () => 'en',
    get: () => state,
    set: (p) => void (state = { ...state, ...p }),
  };
  return { host, chat };
}

afterEach(() => vi.restoreAllMocks());

describe('voice failures', () => {
  it('the table names every reason of VOICE_FAILURES, each with its sentence in both languages', () => {
    expect(Object.keys(CASES).sort()).toEqual([...VOICE_FAILURES].sort());
    for (const { says } of Object.values(CASES)) if (says) expect(VOICE_MESSAGES[says]).toHaveLength(2);
  });

  it.each(VOICE_FAILURES)('%s: the chat is told once, with the right words', async (reason) => {
    const env = fakeEnv();
    const { cause, says } = CASES[reason];
    cause(env);
    const { host, chat } = fakeHost(reason === 'session');
    const controller = createController(host, env);
    controller.press();
    if (reason === 'dropped') {
      await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
      FakeSocket.instances[0]!.drop();
    }
    await vi.waitFor(() => expect(chat.fail).toHaveBeenCalledTimes(1));
    expect(chat.fail).toHaveBeenCalledWith(says, reason === 'session' ? refused : undefined);
    expect(host.get().phase).toBe('idle');
    controller.dispose();
  });
});

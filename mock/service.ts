// The mock data query service: one set of msw handlers for unit tests, the Node server and the demo.
import type { RequestHandler, WebSocketHandler } from 'msw';
import { createHandlers } from './handlers';
import { CONFIG_TEXTS } from './languages';
import { DEMO_PUBLIC_ID, DEMO_SECRET } from './jwt';
import type { ScenarioName } from './scenarios';
import { createMockState, type MockState } from './state';
import type { MockContext, MockSettings, RecordedRequest } from './types';
import { createVoiceHandler } from './voice';

export { DEMO_PUBLIC_ID, DEMO_SECRET, mintToken, signJwt, verifyJwt } from './jwt';
export { longMarkdownAnswer } from './long-answer';
export { beepWav, createVoiceSession, type VoiceTransport } from './voice';
export { SCENARIOS, SCENARIO_LABELS, SCENARIO_NAMES, isScenarioName, type ScenarioName } from './scenarios';
export type { MockSettings, RecordedRequest } from './types';
export type { MockState, StoredConversation } from './state';

export interface MockServiceOptions {
  /** Origin (and optional path prefix) the service lives at; `*` matches any origin. */
  baseUrl: string;
  /** Expected `X-Public-Id`. @default DEMO_PUBLIC_ID */
  publicId?: string;
  /** HS256 secret the visitor tokens are signed with. @default DEMO_SECRET */
  secret?: string;
  /** Pause before each SSE network chunk after the first. @default 0 */
  chunkDelayMs?: number;
  /** Initial settings (also what `reset()` returns to). */
  settings?: Partial<MockSettings>;
}

export interface MockService {
  /** HTTP handlers: `setupServer(...mock.handlers)`, `getResponse(mock.handlers, request)`. */
  readonly handlers: RequestHandler[];
  /** The voice socket (msw `ws`): add to setupWorker/setupServer next to `handlers`. */
  readonly wsHandlers: WebSocketHandler[];
  /** The scenario POST /chat (and, for the auth ones, every endpoint) follows. @default 'normal' */
  readonly scenario: ScenarioName;
  setScenario(name: ScenarioName): void;
  readonly settings: Readonly<MockSettings>;
  setSettings(patch: Partial<MockSettings>): void;
  chunkDelayMs: number;
  /**
   * Replies from now on wait before their first frame (headers sent) until `release()`, instead of
   * any start delay of their scenario: a slow start that a test moves, not a clock.
   */
  hold(): void;
  /** Lets every held reply go on; later replies start at once again. */
  release(): void;
  /** Stores at once every reply still being written for a page that went away (`reload-mid-reply`). */
  finish(): void;
  /** Back to the initial scenario and settings; forgets all visitors, codes and recorded requests. */
  reset(): void;
  /** Every request that reached the API, oldest first (cleared in place by `reset`). */
  readonly requests: RecordedRequest[];
  readonly state: MockState;
  readonly publicId: string;
  readonly secret: string;
  /** What the handlers read (live scenario, settings, delay): for transports built outside msw. */
  readonly context: MockContext;
}

export const DEFAULT_SETTINGS: MockSettings = {
  voiceConfigured: true,
  connectedAccounts: true,
  readOnly: false,
  // Answered in Turkish to `Accept-Language: tr` while they are these defaults (mock/languages.ts).
  ...CONFIG_TEXTS.en,
};

export function createMockService(opts: MockServiceOptions): MockService {
  const publicId = opts.publicId ?? DEMO_PUBLIC_ID;
  const secret = opts.secret ?? DEMO_SECRET;
  const initialSettings: MockSettings = { ...DEFAULT_SETTINGS, ...opts.settings };
  const initialDelay = opts.chunkDelayMs ?? 0;
  const state = createMockState();
  const requests: RecordedRequest[] = [];
  let scenario: ScenarioName = 'normal';
  let settings: MockSettings = { ...initialSettings };
  let chunkDelayMs = initialDelay;
  let gate: { promise: Promise<void>; open(): void } | undefined;
  /** Stores each reply still being written (MockContext.writing). */
  const writing = new Set<() => void>();

  const context: MockContext = {
    publicId,
    secret,
    state,
    requests,
    scenario: () => scenario,
    settings: () => settings,
    chunkDelayMs: () => chunkDelayMs,
    held: () => gate?.promise,
    writing: (store) => void writing.add(store),
  };

  // Made on first use: msw's `ws.link` listens on a channel shared by every link of the process,
  // and the Node server (a new one per browser test) serves the voice socket without it.
  let wsHandlers: WebSocketHandler[] | undefined;
  return {
    context,
    handlers: createHandlers(opts.baseUrl, context),
    get wsHandlers() {
      return (wsHandlers ??= [createVoiceHandler(opts.baseUrl, context)]);
    },
    get scenario() {
      return scenario;
    },
    setScenario(name) {
      scenario = name;
    },
    get settings() {
      return settings;
    },
    setSettings(patch) {
      settings = { ...settings, ...patch };
    },
    get chunkDelayMs() {
      return chunkDelayMs;
    },
    set chunkDelayMs(ms: number) {
      chunkDelayMs = ms;
    },
    hold() {
      if (gate) return;
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = undefined;
    },
    finish() {
      for (const store of writing) store();
      writing.clear();
    },
    reset() {
      gate?.open();
      gate = undefined;
      writing.clear();
      scenario = 'normal';
      settings = { ...initialSettings };
      chunkDelayMs = initialDelay;
      state.reset();
      requests.length = 0;
    },
    requests,
    state,
    publicId,
    secret,
  };
}

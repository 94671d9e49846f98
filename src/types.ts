// The public API (docs/protocol.md "Public API"). dist/widget.d.ts and dist/index.d.ts are
// generated from this file alone, so it must not import anything.

/** Colour scheme of the widget. `auto` follows `prefers-color-scheme` live. */
export type Theme = 'dark' | 'light' | 'auto';

/** UI language. The assistant answers in the visitor's language regardless. */
export type Locale = 'tr' | 'en';

/** Stable codes carried by `error` events (and by `data-kind` of notices where they match). */
export type WidgetErrorCode =
  | 'auth'
  | 'invalid_public_id'
  | 'limit'
  | 'offline'
  | 'not_found'
  | 'confirmation_not_pending'
  | 'voice_not_configured'
  | 'llm_not_configured'
  | 'unavailable'
  | 'interrupted'
  | 'voice'
  /** widget-voice.js failed its integrity check, could not be loaded, or took over 15 s. */
  | 'voice_unavailable'
  /** widget-chart.js failed its integrity check, could not be loaded, or took over 15 s. */
  | 'chart_unavailable'
  | 'error';

/** Events delivered to `onEvent`. */
export type WidgetEvent =
  | { type: 'ready' }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'message_sent'; conversationId: string | null }
  | { type: 'reply_done'; conversationId: string | null }
  | {
      type: 'error';
      code: WidgetErrorCode;
      message: string;
      /** Set when the widget knows the failure is a deployment mistake (docs/troubleshooting.md). */
      cause?: ErrorCause;
    };

/**
 * Why a failure happened, when it is a setting of the page or the deployment, for dashboards
 * (docs/troubleshooting.md has each): the console names the value to change once.
 */
export type ErrorCause =
  | 'csp'
  | 'cors'
  | 'mixed-content'
  | 'content-type'
  | 'token-clock'
  | 'token-lifetime'
  /** Told in the console only: the reply still works. */
  | 'cors-expose'
  | 'buffered';

export interface InitOptions {
  /** Tenant + project id, sent as `X-Public-Id`. Not a secret. Required. */
  publicId: string;
  /** A static visitor JWT. Give exactly one of `authToken` and `getAuthToken`. */
  authToken?: string;
  /**
   * Returns a visitor JWT signed by your backend. Called before every request (retries too);
   * the result is used for that request only.
   * @example
   * getAuthToken: () => fetch('/api/widget-token', { method: 'POST', credentials: 'include' }).then((r) => {
   *   if (!r.ok) throw new Error(`widget token: HTTP ${r.status}`);
   *   return r.text();
   * })
   */
  getAuthToken?: () => string | Promise<string>;
  /** The service's base address. @default the origin of the script that defined ServiceWidget */
  baseUrl?: string;
  /** Inline mount: an element or a CSS selector. Omitted: floating launcher + panel. */
  container?: HTMLElement | string;
  /** @default 'dark' */
  theme?: Theme;
  /** Accent colour, any CSS colour. Text drawn on it stays readable. */
  primaryColor?: string;
  /** @default detected from navigator.languages (first tr* or en*, else en) */
  locale?: Locale;
  /** Show the microphone button. @default false */
  voice?: boolean;
  /** Where widget-voice.js is loaded from. @default next to widget.js */
  voiceRuntimeUrl?: string;
  /** Base URL of the connected-accounts portal. @default the url the service returns */
  portalUrl?: string;
  /** CSP nonce for any script/style element the widget must create. */
  nonce?: string;
  /** Start with the panel open (floating mode). @default false */
  open?: boolean;
  /**
   * Keep, in this tab's `sessionStorage`, the id of the open conversation and whether the panel
   * was open, so both survive a page load (never any text, title or token). False stores nothing.
   * @default true
   */
  persist?: boolean;
  /**
   * How long to wait for the service to start answering a request, in ms; a silent server then
   * counts as a network failure (retried, then an error notice that keeps the message). 0: no
   * limit. The widget's own limit: the service knows nothing of it. @default 30000
   */
  timeoutMs?: number;
  /** Listener for widget events (analytics, host page integration). */
  onEvent?: (event: WidgetEvent) => void;
}

/**
 * Every option name of `InitOptions`, typed: a wrapper (React, Vue, …) that passes each of these
 * through gets every option, including ones added later, without anyone remembering to. Exported by
 * the npm entry (`import { OPTION_NAMES } from 'service-widget'`). `init` reads exactly these.
 */
export const OPTION_NAMES = [
  'publicId',
  'authToken',
  'getAuthToken',
  'baseUrl',
  'container',
  'theme',
  'primaryColor',
  'locale',
  'voice',
  'voiceRuntimeUrl',
  'portalUrl',
  'nonce',
  'open',
  'persist',
  'timeoutMs',
  'onEvent',
] as const satisfies readonly (keyof InitOptions)[];

/** One option name; every key of `InitOptions` is one (checked in src/options.ts). */
export type OptionName = (typeof OPTION_NAMES)[number];

/** What `ask` does beyond filling the composer. */
export interface AskOptions {
  /** Send the text at once, exactly as if the visitor had pressed Send. @default false */
  send?: boolean;
}

export interface WidgetInstance {
  open(): void;
  close(): void;
  toggle(): void;
  /** Starts a fresh conversation (the next message has no conversation_id). */
  newConversation(): void;
  setTheme(theme: Theme): void;
  setLocale(locale: Locale): void;
  /**
   * Starts a question from the page's own UI ("Ask about this invoice"): the panel opens with
   * `text` in the composer, sent at once with `{ send: true }`. docs/page-api.md, "ask".
   */
  ask(text: string, options?: AskOptions): void;
  /** Removes every node, listener, timer and open connection the widget made. */
  destroy(): void;
}

export interface ServiceWidgetApi {
  init(options: InitOptions): WidgetInstance;
  readonly version: string;
}

declare global {
  interface Window {
    ServiceWidget: ServiceWidgetApi;
  }
}

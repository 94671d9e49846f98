// The public surface, written once: every name a page, a stylesheet or an integrator relies on
// (CONTRIBUTING.md "Versioning" lists what only a major version may break). The code imports these
// constants; test/docs/surface.test.ts fails when the README or docs/ say otherwise, and when src/
// uses a `part` or a `--sw-*` property that is not here. A new public name goes here first.
//
// The types stay in src/types.ts (dist/widget.d.ts is generated from that file alone); each list
// below is checked against its type both ways, so neither can gain a name the other lacks.
import { OPTION_NAMES, type Locale, type OptionName, type Theme, type WidgetErrorCode } from '../types';
import type { WidgetEvent, WidgetInstance } from '../types';

export { OPTION_NAMES };
export { RUNTIME_FILES, SCRIPT_FILE } from './files.mjs';

/** Fails to compile unless `List` holds every member of `All`. */
type Every<All, List> = [Exclude<All, List>] extends [never] ? true : { missing: Exclude<All, List> };

/** The `theme` option and `setTheme`. */
export const THEMES = ['dark', 'light', 'auto'] as const satisfies readonly Theme[];
/** The UI languages: the `locale` option, `setLocale` and the `Accept-Language` of every request. */
export const LOCALES = ['tr', 'en'] as const satisfies readonly Locale[];

/**
 * The options whose default is a value (README "Options", the `@default` of src/types.ts).
 * src/options.ts writes them as literals (widget.js is at its size budget), and
 * test/docs/surface.test.ts resolves options without them and compares. The others are required,
 * have no default, or derive theirs (`baseUrl`, `locale`, `voiceRuntimeUrl`, `portalUrl`);
 * `primaryColor`'s is `--sw-primary`'s.
 */
export const OPTION_DEFAULTS = {
  theme: 'dark',
  voice: false,
  open: false,
  persist: true,
  timeoutMs: 30_000,
} as const satisfies { [K in OptionName]?: unknown };

/** The instance's methods, in the README's order; the async snippet's stand-in queues exactly these. */
export const METHODS = [
  'open',
  'close',
  'toggle',
  'newConversation',
  'setTheme',
  'setLocale',
  'ask',
  'destroy',
] as const satisfies readonly (keyof WidgetInstance)[];

/** `type` of the events `onEvent` receives, `ready` first (docs/page-api.md "Events, in order"). */
export const EVENT_TYPES = [
  'ready',
  'open',
  'close',
  'message_sent',
  'reply_done',
  'error',
] as const satisfies readonly WidgetEvent['type'][];

/** The `code` of `error` events. */
export const ERROR_CODES = [
  'auth',
  'invalid_public_id',
  'limit',
  'offline',
  'not_found',
  'confirmation_not_pending',
  'voice_not_configured',
  'llm_not_configured',
  'unavailable',
  'interrupted',
  'voice',
  'voice_unavailable',
  'chart_unavailable',
  'error',
] as const satisfies readonly WidgetErrorCode[];

/** The notice kinds: `data-kind` of the `notice` part (state/notices.ts takes its type from here). */
export const NOTICE_KINDS = ['approval', 'limit', 'auth', 'error', 'offline', 'voice', 'interrupted'] as const;

/** The `::part()` names inside the shadow root (docs/page-api.md "Styling"). */
export const PARTS = [
  'launcher',
  'panel',
  'header',
  'history-button',
  'new-conversation-button',
  'plug-button',
  'close-button',
  'mic-button',
  'message-list',
  'message',
  'jump-to-latest',
  'suggestion',
  'composer',
  'composer-input',
  'send-button',
  'stop-button',
  'confirmation',
  'confirm-button',
  'cancel-button',
  'notice',
  'retry-button',
  'reload-button',
  'portal-link',
  'history-list',
  'history-item',
  'history-more-button',
  'copy-message-button',
  'copy-code-button',
  'copy-table-button',
  'download-table-button',
  'chart-button',
  'chart',
  'chart-series',
] as const;

/** The attribute values a page may select on: on the host, on `message` and on `notice`. */
export const DATA_ATTRIBUTES = {
  'data-mode': ['floating', 'inline'],
  'data-theme': THEMES,
  'data-role': ['user', 'assistant'],
  'data-state': ['incomplete'],
  'data-kind': NOTICE_KINDS,
} as const;

/**
 * The custom properties a page sets on `[data-service-widget]`, with their default in the dark
 * theme (src/styles/shell.css defines them, src/chart/chart.css the colours of a chart's second to
 * fifth series; the light theme changes the colours).
 */
export const CSS_PROPERTIES = {
  '--sw-primary': '#3b5bdb',
  '--sw-on-primary': '#fff',
  '--sw-font': 'system-ui, sans-serif',
  '--sw-radius': '14px',
  '--sw-bg': '#15171c',
  '--sw-surface': '#1e2128',
  '--sw-surface-2': '#2a2e37',
  '--sw-text': '#eceef2',
  '--sw-text-muted': '#a9afbc',
  '--sw-border': '#3a3f4b',
  '--sw-link': '#8fc2ff',
  '--sw-focus': 'var(--sw-link)',
  '--sw-code-bg': '#0e1014',
  '--sw-danger': '#ff8a80',
  '--sw-warn': '#f2c14e',
  '--sw-auth': '#c4a7ff',
  '--sw-voice': '#4fd1c5',
  '--sw-cut': '#ffab70',
  '--sw-shadow': '0 12px 40px rgb(0 0 0/.5)',
  '--sw-scheme': 'dark',
  '--sw-chart-2': '#f2a93b',
  '--sw-chart-3': '#4cc38a',
  '--sw-chart-4': '#ef7bab',
  '--sw-chart-5': '#a898ff',
} as const;

// Each list holds every member of its type (the `satisfies` above: no member outside it).
// oxlint-disable-next-line no-unused-vars -- compile-time checks: they do not type-check while one is missing
const complete: [
  Every<Theme, (typeof THEMES)[number]>,
  Every<Locale, (typeof LOCALES)[number]>,
  Every<keyof WidgetInstance, (typeof METHODS)[number]>,
  Every<WidgetEvent['type'], (typeof EVENT_TYPES)[number]>,
  Every<WidgetErrorCode, (typeof ERROR_CODES)[number]>,
] = [true, true, true, true, true];

/** Whether `value` is one of the UI languages. */
export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

// The widget model's written shape (state/widget-model.ts makes it): what ui/ and widget.tsx use.
import type { ServiceConfig } from '../api/types';
import type { Messages } from '../i18n';
import type { ResolvedOptions } from '../options';
import type { LoadRuntime } from '../runtime/runtimes';
import type { Locale, Theme } from '../types';
import type { Heard } from './announce';
import type { ChatModel } from './chat-types';
import type { HistoryModel } from './history';
import type { Notice } from './notices';
import type { Store } from './store';
import type { VoiceModel } from './voice';

export interface SessionState {
  open: boolean;
  view: 'chat' | 'history';
  theme: Theme;
  locale: Locale;
  config: ServiceConfig | null;
}

/** Everything one widget instance knows and can do, without any DOM. */
export interface WidgetModel {
  options: ResolvedOptions;
  /** Panel open, view, theme, locale, `/config`. */
  session: Store<SessionState>;
  /** The one notice about the last action, shown above the composer (approvals sit in their reply). */
  notice: Store<Notice | null>;
  /** What a screen reader is told now (state/announce.ts), put into words by ui/Announcer.tsx. */
  heard: Store<readonly Heard[]>;
  say(...heard: Heard[]): void;
  chat: ChatModel;
  history: HistoryModel;
  voice: VoiceModel;
  /** A lazy runtime by name (runtime/runtimes.ts): the chart button asks for widget-chart.js here. */
  loadRuntime: LoadRuntime;
  /** The catalog of the current locale. */
  t(): Messages;
  open(): void;
  close(): void;
  toggle(): void;
  /**
   * The page's `ask` (docs/page-api.md): the text in the composer as if typed, then sent as if
   * Send was pressed, unless a reply is on its way (it is never interrupted).
   */
  ask(text: string, send: boolean): void;
  /** Bumped to move focus into the composer (ui/Composer.tsx). */
  focusRequest: Store<number>;
  /** The panel was open when the visitor left the previous page of this tab. */
  reopen: boolean;
  /** True once, for the panel's first showing when it reopened by itself (`reopen`). */
  reopened(): boolean;
  newConversation(): void;
  showHistory(): void;
  showChat(): void;
  openConversation(id: string): void;
  setTheme(theme: Theme): void;
  setLocale(locale: Locale): void;
  /** Must run inside the click: the tab is opened before any await so popup blockers allow it. */
  openPortal(): void;
  dismissNotice(): void;
  /**
   * widget-chart.js was refused (integrity, the page's CSP), unreachable, or not here after 15 s
   * (runtime/load.ts; `err` carries a diagnosed cause): the visitor is told; the chart button, never
   * pressed, rests and may be pressed again.
   */
  chartFailed(err: unknown): void;
  dispose(): void;
}

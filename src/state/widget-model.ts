import type { ApiClient } from '../api/client';
import type { ServiceConfig } from '../api/types';
import { messages, type Messages } from '../i18n';
import type { ResolvedOptions } from '../options';
import type { Locale, Theme } from '../types';
import { createChat, type ChatHooks } from './chat';
import { createContinuity } from './continuity';
import { createHistory } from './history';
import { noticeFor, noticeForStreamError, noticeText, type Cause, type Notice } from './notices';
import { openPortal } from './portal';
import { store } from './store';
import { createVoice } from './voice';

export interface SessionState {
  open: boolean;
  view: 'chat' | 'history';
  theme: Theme;
  locale: Locale;
  config: ServiceConfig | null;
  /** Polite live-region text: finished replies, not every token. */
  announcement: string;
}

export type WidgetModel = ReturnType<typeof createWidgetModel>;

/** What the page's developer must fix, said once per widget in the console (never a token). */
const MISCONFIGURED: Record<Cause, string> = {
  publicId: 'the service rejected it',
  getAuthToken: 'it failed or gave no token (CORS on your token endpoint?), so nothing was sent',
  baseUrl: 'the widget API is not there (404)',
};

/** Everything one widget instance knows and can do, without any DOM. */
export function createWidgetModel(opts: ResolvedOptions, api: ApiClient) {
  const session = store<SessionState>({
    open: false,
    view: 'chat',
    theme: opts.theme,
    locale: opts.locale,
    config: null,
    announcement: '',
  });
  /** The one notice about the last action, shown above the composer (approvals sit in their reply). */
  const notice = store<Notice | null>(null);
  const patch = (p: Partial<SessionState>) => session.update((s) => ({ ...s, ...p }));
  const t = (): Messages => messages(session.get().locale);

  const told = new Set<Cause>();
  /** Shows a notice; each failure fires one `error` event and names a misconfiguration once. */
  const notify = (n: Notice) => {
    notice.set(n);
    if (n.cause && !told.has(n.cause)) {
      told.add(n.cause);
      console.error(`ServiceWidget: check the \`${n.cause}\` option: ${MISCONFIGURED[n.cause]}.`);
    }
    if (n.code) opts.onEvent({ type: 'error', code: n.code, message: noticeText(n, session.get().locale)[0] });
  };
  // Pressing "Try again" takes the notice away; failing again brings a new one.
  const fail = (err: unknown, retry?: () => void) =>
    notify(noticeFor(err, opts.staticToken, retry && (() => (notice.set(null), retry()))));

  const hooks: ChatHooks = {
    fail,
    streamError: (code) => notify(noticeForStreamError(code, opts.staticToken)),
    clearNotice: () => notice.set(null),
    onSent: (conversationId) => {
      // The service answers: a /config that failed before is asked again now.
      ensureConfig();
      opts.onEvent({ type: 'message_sent', conversationId });
    },
    onReplyDone: (conversationId, text) => {
      patch({ announcement: `${t().replyDone} ${plainText(text)}` });
      opts.onEvent({ type: 'reply_done', conversationId });
    },
    onConversation: (id, title) => history.upsert(id, title),
    onNotFound: (id) => {
      history.remove(id);
      if (id === restoring) restoring = null;
    },
  };
  const history = createHistory(api, fail);
  const chat = createChat(api, hooks);

  // The conversation kept by the previous page of this tab, loaded when the panel first opens
  // (no request before that, as always); until then it stays kept.
  const continuity = createContinuity(opts.publicId, opts.persist);
  let restoring = continuity.kept.conversationId;
  let reopening = continuity.kept.open;
  const keep = () => {
    const id = chat.state.get().conversationId;
    if (id) restoring = null;
    continuity.save(id ?? restoring, session.get().open);
  };
  const unkeep = [chat.state.subscribe(keep), session.subscribe(keep)];

  const voice = createVoice({
    api,
    chat,
    hooks,
    notify,
    runtimeUrl: opts.voiceRuntimeUrl,
    nonce: opts.nonce,
    locale: () => session.get().locale,
    configured: () => session.get().config?.voice.configured !== false,
  });

  // Aborted by destroy(): a request still in flight then ends with the widget.
  const life = new AbortController();
  /** Asked once per opened widget; a failed /config is asked again (its retry, or the next open). */
  let configAsked = false;
  const ensureConfig = () => {
    if (configAsked) return;
    configAsked = true;
    api.getConfig(life.signal).then(
      (config) => patch({ config }),
      (err) => {
        if (life.signal.aborted) return;
        configAsked = false;
        // A send on its way, or a notice already shown, says what went wrong: one failure the
        // visitor sees is one notice and one `error` event. /config is asked again later.
        if (chat.state.get().busy == 'idle' && !notice.get()) fail(err, ensureConfig);
      },
    );
  };

  const open = () => {
    if (session.get().open) return;
    patch({ open: true });
    ensureConfig();
    // Once: a second open while it loads, or after the visitor began anew, changes nothing.
    const { conversationId, messages, busy } = chat.state.get();
    if (restoring && !conversationId && !messages.length && busy == 'idle') void chat.load(restoring, true);
    opts.onEvent({ type: 'open' });
  };
  /** Bumped to move focus into the composer (ui/Composer.tsx). */
  const focusRequest = store(0);
  /**
   * The page's `ask` (docs/page-api.md): the text in the composer as if typed, then
   * sent as if Send was pressed, unless a reply is on its way (it is never interrupted).
   */
  const ask = (text: string, send: boolean) => {
    open();
    patch({ view: 'chat' });
    chat.draft.set(text);
    if (send && chat.state.get().busy == 'idle') void chat.send(text);
    // A touch screen would raise its keyboard over the answer.
    if (!window.matchMedia?.('(pointer: coarse)').matches) focusRequest.update((n) => n + 1);
  };
  const close = () => {
    if (!session.get().open) return;
    voice.release();
    patch({ open: false });
    opts.onEvent({ type: 'close' });
  };

  /** Must run inside the click: the tab is opened before any await so popup blockers allow it. */
  const portal = () =>
    openPortal(
      api,
      opts.portalUrl,
      {
        // Not a failure: the browser kept the tab from opening, the visitor follows the link.
        blocked: (link) => notice.set({ kind: 'error', say: 'portalBlocked', link }),
        failed: (err) => fail(err, portal),
      },
      life.signal,
    );

  return {
    options: opts,
    session,
    notice,
    chat,
    history,
    voice,
    t,
    open,
    close,
    ask,
    focusRequest,
    toggle: () => (session.get().open ? close() : open()),
    /** The panel was open when the visitor left the previous page of this tab. */
    reopen: continuity.kept.open,
    /** True once, for the panel's first showing when it reopened by itself (`reopen`). */
    reopened: () => reopening && !(reopening = false),
    newConversation: () => {
      restoring = null;
      chat.reset();
      keep();
      patch({ view: 'chat' });
    },
    showHistory: () => {
      patch({ view: 'history' });
      void history.refresh();
    },
    showChat: () => patch({ view: 'chat' }),
    openConversation: (id: string) => {
      patch({ view: 'chat' });
      void chat.load(id);
    },
    setTheme: (theme: Theme) => patch({ theme }),
    setLocale: (locale: Locale) => patch({ locale }),
    openPortal: portal,
    dismissNotice: () => notice.set(null),
    /**
     * widget-chart.js was refused (integrity), unreachable, or not here after 15 s (runtime/load.ts):
     * the visitor is told; the chart button, never pressed, rests and may be pressed again.
     */
    chartFailed: () => notify({ kind: 'error', code: 'chart_unavailable', say: 'chartFailed' }),
    dispose: () => {
      for (const off of unkeep) off();
      continuity.forget();
      life.abort();
      chat.dispose();
      history.dispose();
      voice.dispose();
    },
  };
}

/** What a screen reader should hear of a markdown reply. */
function plainText(md: string): string {
  // The start only: the rest would be cut anyway, and a reply may be a megabyte.
  return md.slice(0, 4e3).replace(/```[\s\S]*?```/g, ' ').replace(/[*_`#>|~]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 1000);
}

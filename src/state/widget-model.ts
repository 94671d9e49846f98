import type { WidgetClient as ApiClient } from '../api/client';
import type { ServiceConfig } from '../api/types';
import { messages, type Messages } from '../i18n';
import type { ResolvedOptions } from '../options';
import type { Locale, Theme } from '../types';
import { createChat } from './chat';
import { createContinuity } from './continuity';
import { createHistory } from './history';
import { noticeFor, noticeForStreamError, type Notice } from './notices';
import { openPortal } from './portal';
import { store } from './store';
import { createVoice } from './voice';

export interface SessionState {
  open: boolean;
  view: 'chat' | 'history';
  theme: Theme;
  locale: Locale;
  config: ServiceConfig | null;
  /** Shown when the portal tab could not be opened. */
  portalLink: string | null;
  /** Polite live-region text: finished replies, not every token. */
  announcement: string;
}

export type WidgetModel = ReturnType<typeof createWidgetModel>;

/** Everything one widget instance knows and can do, without any DOM. */
export function createWidgetModel(opts: ResolvedOptions, api: ApiClient) {
  const session = store<SessionState>({
    open: false,
    view: 'chat',
    theme: opts.theme,
    locale: opts.locale,
    config: null,
    portalLink: null,
    announcement: '',
  });
  const patch = (p: Partial<SessionState>) => session.update((s) => ({ ...s, ...p }));
  const t = (): Messages => messages(session.get().locale);
  const context = () => ({ t: t(), locale: session.get().locale, staticToken: opts.staticToken });
  const describe = (err: unknown) => noticeFor(err, context());
  let warnedPublicId = false;
  const report = (notice: Notice) => {
    if (notice.code === 'invalid_public_id' && !warnedPublicId) {
      warnedPublicId = true;
      console.error('ServiceWidget: the service rejected the `publicId` option. Check the value given to ServiceWidget.init.');
    }
    if (notice.kind !== 'approval') opts.onEvent({ type: 'error', code: notice.code, message: notice.text });
  };

  const history = createHistory(api, describe, (n) => chat.showNotice(n));
  const chat = createChat(api, {
    describe,
    describeStreamError: (code) => noticeForStreamError(code, context()),
    onSent: (conversationId) => opts.onEvent({ type: 'message_sent', conversationId }),
    onReplyDone: (conversationId, text) => {
      patch({ announcement: `${t().replyDone} ${plainText(text)}` });
      opts.onEvent({ type: 'reply_done', conversationId });
    },
    onConversation: (id, title) => history.upsert(id, title),
    onNotFound: (id) => {
      history.remove(id);
      if (id === restoring) restoring = null;
    },
    onNotice: report,
  });

  // The conversation kept by the previous page of this tab, loaded when the panel first opens
  // (no request before that, as always); until then it stays kept.
  const continuity = createContinuity(opts.publicId, opts.persist);
  let restoring = continuity.kept.conversationId;
  const keep = () => {
    const id = chat.state.get().conversationId;
    if (id) restoring = null;
    continuity.save({ conversationId: id ?? restoring, open: session.get().open });
  };
  const unkeep = [chat.state.subscribe(keep), session.subscribe(keep)];

  const voice = createVoice({
    api,
    chat,
    runtimeUrl: opts.voiceRuntimeUrl,
    nonce: opts.nonce,
    locale: () => session.get().locale,
    configured: () => session.get().config?.voice.configured !== false,
    t,
    describe,
  });

  // Aborted by destroy(): a request still in flight then ends with the widget.
  const life = new AbortController();
  let configAsked = false;
  const ensureConfig = () => {
    if (configAsked) return;
    configAsked = true;
    api.getConfig(life.signal).then(
      (config) => patch({ config }),
      (err) => life.signal.aborted || chat.showNotice(describe(err)),
    );
  };

  const open = () => {
    if (session.get().open) return;
    patch({ open: true });
    ensureConfig();
    // Once: a second open while it loads, or after the visitor began anew, changes nothing.
    const { conversationId, messages, busy } = chat.state.get();
    if (restoring && !conversationId && !messages.length && busy == 'idle') void chat.open(restoring, true);
    opts.onEvent({ type: 'open' });
  };
  const close = () => {
    if (!session.get().open) return;
    voice.release();
    patch({ open: false });
    opts.onEvent({ type: 'close' });
  };

  return {
    options: opts,
    session,
    chat,
    history,
    voice,
    t,
    open,
    close,
    toggle: () => (session.get().open ? close() : open()),
    /** The panel was open when the visitor left the previous page of this tab. */
    reopen: continuity.kept.open,
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
      void chat.open(id);
    },
    setTheme: (theme: Theme) => patch({ theme }),
    setLocale: (locale: Locale) => patch({ locale }),
    /** Must run inside the click: the tab is opened before any await so popup blockers allow it. */
    openPortal: () =>
      openPortal(
        api,
        opts.portalUrl,
        { blocked: (url) => patch({ portalLink: url }), failed: (err) => chat.showNotice(describe(err)) },
        life.signal,
      ),
    dismissPortalLink: () => patch({ portalLink: null }),
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
  return md.replace(/```[\s\S]*?```/g, ' ').replace(/[*_`#>|~]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 1000);
}

// One widget instance's model: the stores and actions ui/ renders and calls, wired together here
// (chat, history, voice, notices, /config, the portal, `persist`). No DOM.
import type { ApiClient } from '../api/client';
import { causeOf } from '../api/diagnose';
import { messages, type Messages } from '../i18n';
import type { ResolvedOptions } from '../options';
import type { LoadRuntime } from '../runtime/runtimes';
import { createAnnouncer } from './announce';
import { createChat } from './chat';
import type { ChatListener, ChatState } from './chat-types';
import { createConfigLoader } from './config';
import { createContinuity } from './continuity';
import { createHistory } from './history';
import { nextFrame } from './next-frame';
import { MISCONFIGURED, noticeFor, noticeForStreamError, noticeText, type Cause, type Notice } from './notices';
import { openPortal } from './portal';
import { store } from './store';
import { createVoice } from './voice';
import type { SessionState, WidgetModel } from './widget-model-types';

export type { SessionState, WidgetModel } from './widget-model-types';

/** `loadRuntime` is the seam to the lazy runtimes (runtime/runtimes.ts), given by widget.tsx. */
export function createWidgetModel(opts: ResolvedOptions, api: ApiClient, loadRuntime: LoadRuntime): WidgetModel {
  const session = store<SessionState>({
    open: false,
    view: 'chat',
    theme: opts.theme,
    locale: opts.locale,
    config: null,
  });
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
    if (n.code)
      opts.onEvent({
        type: 'error',
        code: n.code,
        message: noticeText(n, session.get().locale)[0],
        ...(n.fault && { cause: n.fault }),
      });
  };
  // Pressing "Try again" takes the notice away; failing again brings a new one.
  const fail = (err: unknown, retry?: () => void) =>
    notify(noticeFor(err, opts.staticToken, retry && (() => (notice.set(null), retry()))));

  // Aborted by destroy(): a request still in flight then ends with the widget.
  const life = new AbortController();
  const history = createHistory(api, fail);

  // The conversation kept by the previous page of this tab, loaded when the panel first opens
  // (no request before that, as always); until then it stays kept.
  const continuity = createContinuity(opts.publicId, opts.persist);
  let restoring = continuity.kept.conversationId;
  let reopening = continuity.kept.open;

  // Created before the chat model itself: a failed /config reads whether a reply is on its way.
  const chatState = store<ChatState>({ conversationId: null, messages: [], busy: 'idle' });
  // Every state a screen reader is told of, once (state/announce.ts, docs/accessibility.md).
  const announcer = createAnnouncer(chatState, notice);
  const config = createConfigLoader(
    api,
    life.signal,
    (loaded) => patch({ config: loaded }),
    (err, retry) => {
      // A send on its way, or a notice already shown, says what went wrong: one failure the
      // visitor sees is one notice and one `error` event. /config is asked again later.
      if (chatState.get().busy === 'idle' && !notice.get()) fail(err, retry);
    },
  );

  /** What the chat (and a spoken turn through it) tells the rest of the widget. */
  const chatListener: ChatListener = {
    fail,
    streamError: (code, retry) =>
      notify(noticeForStreamError(code, opts.staticToken, retry && (() => (notice.set(null), retry())))),
    clearNotice: () => notice.set(null),
    onSent: (conversationId) => {
      // The service answers: a /config that failed before is asked again now.
      config.ensure();
      opts.onEvent({ type: 'message_sent', conversationId });
    },
    onReplyDone: (conversationId, text) => {
      announcer.replyDone(text);
      opts.onEvent({ type: 'reply_done', conversationId });
    },
    onReplyCut: (end) => announcer.say({ state: 'ended', end, text: '' }),
    onConversation: (id, title) => history.upsert(id, title),
    onNotFound: (id) => {
      history.remove(id);
      if (id === restoring) restoring = null;
    },
  };
  const chat = createChat(api, chatListener, chatState);

  const keep = () => {
    const { conversationId: id, pending } = chat.state.get();
    if (id) restoring = null;
    // Until the kept conversation is reloaded, its pending reply stays kept too.
    const replyPending = id ? pending === true : restoring !== null && continuity.kept.pending;
    continuity.save(id ?? restoring, session.get().open, replyPending);
  };
  const unkeep = [chat.state.subscribe(keep), session.subscribe(keep), announcer.dispose];

  const voice = createVoice({
    api,
    chat,
    listener: chatListener,
    notify,
    loadRuntime,
    locale: () => session.get().locale,
    configured: () => session.get().config?.voice.configured !== false,
  });
  let recording = false;
  unkeep.push(
    voice.state.subscribe(({ phase }) => {
      if ((phase === 'recording') === recording) return;
      recording = !recording;
      announcer.say({ state: 'recording', started: recording });
    }),
  );

  const open = () => {
    if (session.get().open) return;
    patch({ open: true });
    // Asked once the open panel is drawn: the press that opens it paints first.
    void nextFrame().then(config.ensure);
    // Once: a second open while it loads, or after the visitor began anew, changes nothing.
    const { conversationId, messages, busy } = chat.state.get();
    if (restoring && !conversationId && !messages.length && busy === 'idle')
      void chat.load(restoring, true, continuity.kept.pending);
    opts.onEvent({ type: 'open' });
  };
  const focusRequest = store(0);
  const ask = (text: string, send: boolean) => {
    open();
    patch({ view: 'chat' });
    chat.draft.set(text);
    // As the Send button: not while a reply is on its way, nor while a limit counts down (ui/limit.ts).
    const n = notice.get();
    const limited = n?.kind === 'limit' && n.until! > Date.now();
    if (send && chat.state.get().busy === 'idle' && !limited) void chat.send(text);
    // A touch screen would raise its keyboard over the answer.
    if (!window.matchMedia?.('(pointer: coarse)').matches) focusRequest.update((n) => n + 1);
  };
  const close = () => {
    if (!session.get().open) return;
    voice.release();
    patch({ open: false });
    opts.onEvent({ type: 'close' });
  };
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
    heard: announcer.heard,
    say: announcer.say,
    chat,
    history,
    voice,
    loadRuntime,
    t,
    open,
    close,
    ask,
    focusRequest,
    toggle: () => (session.get().open ? close() : open()),
    reopen: continuity.kept.open,
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
    openConversation: (id) => {
      patch({ view: 'chat' });
      void chat.load(id);
    },
    setTheme: (theme) => patch({ theme }),
    setLocale: (locale) => {
      if (locale === session.get().locale) return;
      patch({ locale });
      // The service's title, welcome and suggestions in the new language (docs/protocol.md, "GET /config").
      config.reload();
    },
    openPortal: portal,
    dismissNotice: () => notice.set(null),
    chartFailed: (err) => notify({ kind: 'error', code: 'chart_unavailable', say: 'chartFailed', fault: causeOf(err) }),
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

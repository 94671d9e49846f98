import { render } from 'preact';
import { createClient } from './api/client';
import type { ResolvedOptions } from './options';
import { createWidgetModel } from './state/widget-model';
import { applyStyles } from './styles';
import type { AskOptions, WidgetEvent, WidgetInstance } from './types';
import { App } from './ui/App';
import { ModelContext } from './ui/context';

/** Host elements mounted by this script, so a second init on the same target replaces the first. */
const instances = new WeakMap<Element, WidgetInstance>();

function existingHost(target: HTMLElement | null): Element | null {
  const parent = target ?? document.body;
  if (!parent) return null;
  for (const child of parent.children)
    if (child.hasAttribute('data-service-widget') && instances.has(child)) return child;
  return null;
}

/** Whether `ask` sends: its arguments checked like init's options (a typo throws, it does not misbehave). */
function askArguments(text: unknown, options: unknown): boolean {
  const got = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : typeof v);
  if (typeof text !== 'string' || !text.trim()) {
    throw new TypeError(`ServiceWidget ask(text): \`text\` must be a non-empty string, got ${got(text)}.`);
  }
  if (options === undefined) return false;
  if (typeof options !== 'object' || !options) {
    throw new TypeError(`ServiceWidget ask(text, options): \`options\` must be { send }, got ${got(options)}.`);
  }
  const send = (options as AskOptions).send;
  if (send !== undefined && typeof send !== 'boolean') {
    throw new TypeError(`ServiceWidget ask(text, { send }): \`send\` must be true or false, got ${got(send)}.`);
  }
  return !!send;
}

export function createWidget(resolved: ResolvedOptions): WidgetInstance {
  // `ready` is the first event of the instance (docs/page-api.md "Events, in order"): what the mount
  // itself causes (a panel opened by `open` or reopened by `persist`) waits for it.
  let ready = false;
  const early: WidgetEvent[] = [];
  const opts: ResolvedOptions = { ...resolved, onEvent: (e) => (ready ? resolved.onEvent(e) : early.push(e)) };
  const old = existingHost(opts.container);
  if (old) instances.get(old)?.destroy();

  const host = document.createElement('div');
  host.setAttribute('data-service-widget', '');
  host.setAttribute('data-mode', opts.container ? 'inline' : 'floating');
  const root = host.attachShadow({ mode: 'open' });
  // The text colour on the accent is derived from it in CSS (shell.css), whatever colour it is.
  applyStyles(root, opts.nonce, opts.primaryColor);

  const api = createClient({
    baseUrl: opts.baseUrl,
    publicId: opts.publicId,
    getToken: opts.getToken,
    staticToken: opts.staticToken,
    // Read as each request starts: after setLocale, every request speaks the new language.
    locale: () => model.session.get().locale,
    requestTimeoutMs: opts.timeoutMs || undefined,
  });
  const model = createWidgetModel(opts, api);
  const disposers: (() => void)[] = [model.dispose];

  const reflect = () => {
    const { theme, locale } = model.session.get();
    host.setAttribute('data-theme', theme);
    host.setAttribute('lang', locale);
  };
  reflect();
  disposers.push(model.session.subscribe(reflect));

  // Back online: the offline notice no longer applies; sending still waits for the visitor.
  const onOnline = () => {
    if (model.notice.get()?.kind === 'offline') model.dismissNotice();
  };
  window.addEventListener('online', onOnline);
  disposers.push(() => window.removeEventListener('online', onOnline));

  // A script in <head> may call init before <body> exists: the launcher joins it once parsed.
  const attach = () => (opts.container ?? document.body)?.appendChild(host);
  if (opts.container || document.body) attach();
  else {
    document.addEventListener('DOMContentLoaded', attach, { once: true });
    disposers.push(() => document.removeEventListener('DOMContentLoaded', attach));
  }
  render(
    <ModelContext.Provider value={model}>
      <App />
    </ModelContext.Provider>,
    root,
  );
  if (opts.container || opts.open || model.reopen) model.open();

  let destroyed = false;
  const instance: WidgetInstance = {
    open: model.open,
    close: model.close,
    toggle: model.toggle,
    newConversation: model.newConversation,
    setTheme: model.setTheme,
    setLocale: model.setLocale,
    ask(text, options) {
      const send = askArguments(text, options);
      if (!destroyed) model.ask(text, send);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      render(null, root);
      for (const dispose of disposers.splice(0)) dispose();
      host.remove();
      instances.delete(host);
    },
  };
  instances.set(host, instance);
  queueMicrotask(() => {
    if (destroyed) return;
    ready = true;
    resolved.onEvent({ type: 'ready' });
    for (const e of early.splice(0)) resolved.onEvent(e);
  });
  return instance;
}

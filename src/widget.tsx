import { render } from 'preact';
import { createClient } from './api/client';
import { messages, textDirection } from './i18n';
import { loadMarkdown } from './markdown/engine';
import type { ResolvedOptions } from './options';
import { runtimeLoader } from './runtime/runtimes';
import { createWidgetModel, type SessionState, type WidgetModel } from './state/widget-model';
import { applyStyles } from './styles';
import { METHODS } from './surface';
import type { AskOptions, Locale, WidgetEvent, WidgetInstance } from './types';
import { App } from './ui/App';
import { ModelContext } from './ui/context';
import { createLauncher } from './ui/launcher';

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

const attr = (el: Element, name: string, value: string) =>
  el.getAttribute(name) !== value && el.setAttribute(name, value);

export function createWidget(resolved: ResolvedOptions): WidgetInstance {
  // `ready` is the first event of the instance (docs/page-api.md "Events, in order"): what the mount
  // itself causes (a panel opened by `open` or reopened by `persist`) waits for it.
  let ready = false;
  const early: WidgetEvent[] = [];
  const opts: ResolvedOptions = { ...resolved, onEvent: (e) => (ready ? resolved.onEvent(e) : early.push(e)) };
  const old = existingHost(opts.container);
  if (old) instances.get(old)?.destroy();

  // What `init` builds is what the launcher needs: the host, shell.css and a plain-DOM button. The
  // model (sessionStorage is read there), panel.css, chat.css and Preact come in idle time, or at once when
  // something needs them: a click, a page call, `open`, an inline panel (docs/benchmarks.md, "Start-up").
  const inline = opts.container !== null;
  const mode = inline ? 'inline' : 'floating';
  let destroyed = false;
  const host = document.createElement('div');
  host.setAttribute('data-service-widget', '');
  host.setAttribute('data-mode', mode);
  const root = host.attachShadow({ mode: 'open' });
  // The text colour on the accent is derived from it in CSS (shell.css), whatever colour it is.
  const panelStyles = applyStyles(root, opts.nonce, opts.primaryColor);
  const frame = root.appendChild(document.createElement('div'));
  const slot = document.createElement('div');
  slot.className = 'slot';
  const launcher = inline ? null : createLauncher(() => core().toggle());
  if (launcher) frame.append(launcher.button);

  let wasOpen = false;
  /** The panel's tree is made (in idle time) and not yet shown. */
  let warm = false;
  const reflect = ({ theme, locale, open }: Pick<SessionState, 'theme' | 'locale' | 'open'>) => {
    // Only what changed: a `lang` or `dir` set again, even to the same value, restyles the whole
    // panel, on the click that opens it.
    attr(host, 'data-theme', theme);
    attr(host, 'lang', locale);
    attr(frame, 'class', `root ${mode}${open ? ' open' : ''}`);
    // The chrome keeps the UI language's direction, whatever the page's (docs/protocol.md, "Direction").
    attr(frame, 'dir', textDirection(locale));
    launcher?.show(open, messages(locale));
    // Closing the floating panel returns focus to the launcher, and drops the panel's tree.
    if (wasOpen && !open) {
      launcher?.button.focus();
      if (warm) draw((warm = false));
    }
    if (open && !wasOpen) hide(false);
    wasOpen = open;
    // A closed floating panel has no nodes in the page, but for the warm tree before its first
    // opening: styled and laid out, hidden, so that opening it only shows it.
    if (!open && !inline && !warm) slot.remove();
    else if (slot.parentNode !== frame) frame.prepend(slot);
  };
  // Hidden: not painted, not in the accessibility tree, not focusable, not clickable, not found by
  // find-in-page: `visibility: hidden` does all of that (no part of the panel sets `visibility`).
  // Not `inert` too: taking it away restyles the whole tree, in the press that opens the panel.
  const hide = (on: boolean) => {
    slot.className = on ? 'slot warm' : 'slot';
    if (on) slot.setAttribute('aria-hidden', 'true');
    else slot.removeAttribute('aria-hidden');
  };
  reflect({ ...opts, open: false });
  const disposers: (() => void)[] = [];

  // A script in <head> may call init before <body> exists: the launcher joins it once parsed.
  const attach = () => (opts.container ?? document.body)?.appendChild(host);
  if (opts.container || document.body) attach();
  else {
    document.addEventListener('DOMContentLoaded', attach, { once: true });
    disposers.push(() => document.removeEventListener('DOMContentLoaded', attach));
  }

  let model: WidgetModel | undefined;
  const draw = (w: boolean) =>
    render(
      <ModelContext.Provider value={model!}>
        <App warm={w} />
      </ModelContext.Provider>,
      slot,
    );
  const core = (): WidgetModel => {
    if (model) return model;
    const m: WidgetModel = (model = createWidgetModel(
      opts,
      createClient({
        ...opts,
        requestTimeoutMs: opts.timeoutMs || undefined,
        // Read as each request starts: after setLocale, every request speaks the new language.
        locale: (): Locale => m.session.get().locale,
      }),
      runtimeLoader(opts),
    ));
    disposers.push(m.dispose);
    panelStyles();
    disposers.push(m.session.subscribe(reflect));
    // A visitor typing a question will send it: the markdown engine is loaded in idle time meanwhile,
    // so that the first send does not wait for it (src/markdown/engine.ts).
    slot.addEventListener('input', () => idle(() => void loadMarkdown(), 1000), { once: true });
    // Back online: the offline notice no longer applies; sending still waits for the visitor.
    const onOnline = () => {
      if (m.notice.get()?.kind === 'offline') m.dismissNotice();
    };
    window.addEventListener('online', onOnline);
    disposers.push(() => window.removeEventListener('online', onOnline));
    // Opened first, so that the panel is in the same render (and the first frame).
    if (inline || opts.open || m.reopen) m.open();
    draw(false);
    return m;
  };

  // Idle work: requestIdleCallback's timeout keeps a busy page from postponing it for long; Safari
  // has no requestIdleCallback: a timer then. Not cancelled by destroy (bytes: widget.js is at its
  // budget): it finds `destroyed` set and does nothing.
  const idle = (work: () => void, timeout: number) => {
    const run = () => destroyed || work();
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout });
    else setTimeout(run, 1);
  };
  // The panel's tree, made in idle time and kept hidden in the document until the visitor opens it:
  // its code compiled, chat.css parsed and matched, its fonts loaded, its nodes created and laid out
  // before the first click, which then costs a visibility change and a paint (docs/benchmarks.md,
  // "Start-up"). Laid out in the same task, so that the composer measures itself as it mounts; not
  // before the host is in the document. The page's `::part(panel)` finds it once open (Panel.tsx).
  const prepare = () => {
    const m = core();
    if (m.session.get().open || warm || !host.isConnected) return;
    hide(true);
    frame.prepend(slot);
    draw((warm = true));
    void frame.offsetWidth;
  };
  if (inline || opts.open) core();
  else {
    // A panel kept open by `persist` reopens soon after the launcher shows; the panel's tree
    // comes in a later idle period.
    idle(core, 200);
    idle(prepare, 3000);
  }

  const instance = {
    ask(text, options) {
      const send = askArguments(text, options);
      if (!destroyed) core().ask(text, send);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (model) render(null, slot);
      for (const dispose of disposers.splice(0)) dispose();
      host.remove();
      instances.delete(host);
    },
  } as WidgetInstance;
  // Every other method (src/surface: METHODS) is the model's, which it needs: made now if idle time
  // has not come yet; none once destroyed.
  for (const name of METHODS)
    (instance[name] as unknown) ??= (arg?: unknown) =>
      void (destroyed || (core() as unknown as Record<string, (a?: unknown) => void>)[name]!(arg));
  instances.set(host, instance);
  queueMicrotask(() => {
    if (destroyed) return;
    ready = true;
    resolved.onEvent({ type: 'ready' });
    for (const e of early.splice(0)) resolved.onEvent(e);
  });
  return instance;
}

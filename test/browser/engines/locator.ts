// Locators and page helpers shared by the three engines, built on DriverPage (driver.ts): elements
// are found by in-page JavaScript (CSS selectors that pierce open shadow roots, like Playwright's),
// actions are trusted mouse and keyboard input at the element's position. The method names and
// behaviour follow Playwright's Locator, so tests read as before; only the subset the tests use.
import type { DriverPage } from './driver';

/** Generous: CI machines with 2 cores run a browser, the mock and vitest side by side. */
export const WAIT = 15_000;

type TextMatch = string | { source: string; flags: string };
type Step =
  | { css: string; hasText?: TextMatch }
  | { role: string; name?: TextMatch }
  | { text: TextMatch }
  | { hasText: TextMatch }
  | { nth: number };

const textMatch = (t: string | RegExp): TextMatch => (t instanceof RegExp ? { source: t.source, flags: t.flags } : t);

/** In-page: the elements a chain of steps matches (plain JS, sent as source). */
const RESOLVE = `function resolve(steps) {
  // The open shadow roots of each tree (the document's, each shadow root's), found in one walk of
  // the page for the whole chain: a walk per step looked at every element of a 25,000-row table
  // two or three times per call (44 ms, on every poll of a wait).
  const inTree = new Map();
  const walk = (tree) => {
    const found = [];
    inTree.set(tree, found);
    for (const el of tree.querySelectorAll('*')) if (el.shadowRoot) { found.push(el.shadowRoot); walk(el.shadowRoot); }
  };
  walk(document);
  // Matches in \`root\` and in the shadow roots below it, each tree before the ones it hosts.
  const deep = (root, css) => {
    const out = new Set();
    const visit = (r) => {
      for (const el of r.querySelectorAll(css)) out.add(el);
      const below = inTree.get(r) ?? (inTree.get(r.getRootNode()) ?? []).filter((s) => s.host !== r && r.contains(s.host));
      for (const s of below) visit(s);
    };
    if (root.shadowRoot) visit(root.shadowRoot);
    visit(root);
    return [...out];
  };
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const matches = (text, m) => typeof m === 'string' ? norm(text).toLowerCase().includes(norm(m).toLowerCase()) : new RegExp(m.source, m.flags).test(norm(text));
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const IMPLICIT = {
    button: 'button, input[type=button], input[type=submit], input[type=reset]',
    textbox: 'textarea, input:not([type]), input[type=text], input[type=search], input[type=email], input[type=url], input[type=tel]',
    dialog: 'dialog', link: 'a[href]', list: 'ul, ol', listitem: 'li', heading: 'h1, h2, h3, h4, h5, h6', table: 'table',
  };
  const roleOf = (el) => el.getAttribute('role') || Object.keys(IMPLICIT).find((r) => el.matches(IMPLICIT[r])) || '';
  const nameOf = (el) => {
    const root = el.getRootNode();
    const ids = el.getAttribute('aria-labelledby');
    if (ids) return ids.split(/\\s+/).map((id) => root.getElementById ? root.getElementById(id)?.textContent : root.querySelector('#' + CSS.escape(id))?.textContent).join(' ');
    const label = el.getAttribute('aria-label');
    if (label) return label;
    if (el.labels && el.labels.length) return [...el.labels].map((l) => l.textContent).join(' ');
    if (el.matches('input, textarea')) return el.getAttribute('placeholder') || el.getAttribute('title') || '';
    return el.textContent || el.getAttribute('title') || '';
  };
  let set = [document];
  for (const step of steps) {
    if ('css' in step) {
      const next = new Set();
      for (const root of set) for (const el of deep(root, step.css)) if (!step.hasText || matches(el.textContent, step.hasText)) next.add(el);
      set = [...next];
    } else if ('role' in step) {
      const next = new Set();
      for (const root of set) for (const el of deep(root, '*')) {
        if (roleOf(el) === step.role && visible(el) && (!step.name || matches(nameOf(el), step.name))) next.add(el);
      }
      set = [...next];
    } else if ('text' in step) {
      const next = new Set();
      for (const root of set) for (const el of deep(root, '*')) {
        if (!matches(el.textContent, step.text)) continue;
        if ([...el.children].some((c) => matches(c.textContent, step.text))) continue;
        next.add(el);
      }
      set = [...next];
    } else if ('hasText' in step) {
      set = set.filter((el) => el !== document && matches(el.textContent, step.hasText));
    } else {
      const el = step.nth < 0 ? set[set.length + step.nth] : set[step.nth];
      set = el ? [el] : [];
    }
  }
  return set.filter((el) => el !== document);
}`;

/**
 * In-page: the element's border box in viewport px. WebKit still has the legacy CSS `zoom` (no
 * `currentCSSZoom`): its getBoundingClientRect is in the element's zoomed px, so under
 * `html { zoom: 1.5 }` a box is reported 1.5× too small while elementFromPoint and the mouse take
 * viewport px. Chromium and Firefox (standardized zoom) report viewport px already.
 */
export const VIEWPORT_BOX = `(el) => {
  const b = el.getBoundingClientRect();
  let z = 1;
  if (!('currentCSSZoom' in Element.prototype)) {
    for (let n = el; n; n = n.parentElement || (n.getRootNode() && n.getRootNode().host) || null) z *= parseFloat(getComputedStyle(n).zoom) || 1;
  }
  return { x: b.x * z, y: b.y * z, width: b.width * z, height: b.height * z, top: b.top * z, left: b.left * z, right: b.right * z, bottom: b.bottom * z };
}`;

/** In-page: is the element visible (Playwright's definition: a non-empty box, not visibility:hidden). */
const VISIBLE = `(el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; }`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `fn` as source text (how it reaches the page). */
const src = (fn: ((...args: never[]) => unknown) | string): string => (typeof fn === 'string' ? fn : fn.toString());

export class Locator {
  constructor(
    private readonly driver: DriverPage,
    private readonly steps: Step[],
  ) {}

  private with(step: Step): Locator {
    return new Locator(this.driver, [...this.steps, step]);
  }

  locator(css: string, options: { hasText?: string | RegExp } = {}): Locator {
    return this.with(options.hasText === undefined ? { css } : { css, hasText: textMatch(options.hasText) });
  }
  filter(options: { hasText: string | RegExp }): Locator {
    return this.with({ hasText: textMatch(options.hasText) });
  }
  getByRole(role: string, options: { name?: string | RegExp } = {}): Locator {
    return this.with(options.name === undefined ? { role } : { role, name: textMatch(options.name) });
  }
  getByText(text: string | RegExp): Locator {
    return this.with({ text: textMatch(text) });
  }
  first(): Locator {
    return this.with({ nth: 0 });
  }
  last(): Locator {
    return this.with({ nth: -1 });
  }
  nth(index: number): Locator {
    return this.with({ nth: index });
  }

  /** Runs `fn(elements, arg)` in the page, once, without waiting. */
  private all<T>(fn: string, arg?: unknown): Promise<T> {
    return this.driver.evaluate<T>(
      `async (steps, arg) => { const els = (${RESOLVE})(steps); return await (${fn})(els, arg); }`,
      [this.steps, arg ?? null],
    );
  }

  /** Waits for the first element, then returns `fn(element, arg)` from the page. */
  private async one<T>(fn: string, arg?: unknown, timeout = WAIT): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const r = await this.all<{ found: boolean; value?: T }>(
        `async (els, arg) => els.length ? { found: true, value: await (${fn})(els[0], arg) } : { found: false }`,
        arg,
      );
      if (r.found) return r.value as T;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${this}`);
      await sleep(50);
    }
  }

  toString(): string {
    return `locator ${JSON.stringify(this.steps)}`;
  }

  count(): Promise<number> {
    return this.all('(els) => els.length');
  }
  textContent(): Promise<string | null> {
    return this.one('(el) => el.textContent');
  }
  allTextContents(): Promise<string[]> {
    return this.all('(els) => els.map((el) => el.textContent || "")');
  }
  innerHTML(): Promise<string> {
    return this.one('(el) => el.innerHTML');
  }
  getAttribute(name: string): Promise<string | null> {
    return this.one('(el, name) => el.getAttribute(name)', name);
  }
  inputValue(): Promise<string> {
    return this.one('(el) => el.value');
  }
  async isVisible(): Promise<boolean> {
    return this.all(`(els) => els.length > 0 && (${VISIBLE})(els[0])`);
  }
  evaluate<R, A = unknown>(fn: (el: HTMLElement, arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.one(src(fn as (...args: never[]) => unknown), arg);
  }
  evaluateAll<R, A = unknown>(fn: (els: HTMLElement[], arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.all(src(fn as (...args: never[]) => unknown), arg);
  }
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null> {
    return this.one(
      `(el) => { const b = (${VIEWPORT_BOX})(el); return { x: b.x, y: b.y, width: b.width, height: b.height }; }`,
    );
  }

  async waitFor(
    options: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number } = {},
  ): Promise<void> {
    const state = options.state ?? 'visible';
    const timeout = options.timeout ?? WAIT;
    const deadline = Date.now() + timeout;
    for (;;) {
      const [count, visible] = await this.all<[number, boolean]>(
        `(els) => [els.length, els.length > 0 && (${VISIBLE})(els[0])]`,
      );
      const done = { attached: count > 0, detached: count === 0, visible, hidden: !visible }[state];
      if (done) return;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${this} to be ${state}`);
      await sleep(50);
    }
  }

  /**
   * Where a click would land: waits until the element is visible, enabled, stable and not covered
   * by another element at its centre (as Playwright's actionability checks), scrolling it into view.
   */
  private async clickPoint(timeout = WAIT): Promise<{ x: number; y: number }> {
    const deadline = Date.now() + timeout;
    let last = 'missing';
    for (;;) {
      const r = await this.all<{ state: string; x?: number; y?: number }>(`async (els) => {
        const el = els[0];
        if (!el) return { state: 'missing' };
        if (!(${VISIBLE})(el)) return { state: 'not visible' };
        if (el.disabled || el.getAttribute('aria-disabled') === 'true') return { state: 'disabled' };
        const box = ${VIEWPORT_BOX};
        let b = box(el);
        if (b.top < 0 || b.left < 0 || b.bottom > innerHeight || b.right > innerWidth) {
          el.scrollIntoView({ block: 'center', inline: 'center' });
          b = box(el);
        }
        // Stable: the same box two frames later (a header gains a button when /config answers).
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const later = box(el);
        if (later.x !== b.x || later.y !== b.y || later.width !== b.width || later.height !== b.height) return { state: 'moving' };
        const x = b.left + b.width / 2, y = b.top + b.height / 2;
        let hit = document.elementFromPoint(x, y);
        while (hit && hit.shadowRoot) { const inner = hit.shadowRoot.elementFromPoint(x, y); if (!inner || inner === hit) break; hit = inner; }
        for (let n = hit; n; n = n.parentNode || n.host) if (n === el) return { state: 'ok', x, y };
        // Covered, maybe clipped by a scroll box (as Playwright does: scrolled into view again, in
        // every scroll container, before the next try).
        el.scrollIntoView({ block: 'center', inline: 'nearest' });
        return { state: 'covered by ' + (hit ? hit.tagName + (hit.getAttribute('part') ? '[part=' + hit.getAttribute('part') + ']' : '') : 'nothing') };
      }`);
      if (r.state === 'ok') return { x: r.x!, y: r.y! };
      last = r.state;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms clicking ${this}: ${last}`);
      await sleep(50);
    }
  }

  async click(options: { clickCount?: number } = {}): Promise<void> {
    const { x, y } = await this.clickPoint();
    await this.driver.click(x, y, options.clickCount ?? 1);
  }
  dblclick(): Promise<void> {
    return this.click({ clickCount: 2 });
  }
  /** A touch where the engine emulates one; a click elsewhere (the widget handles both the same). */
  tap(): Promise<void> {
    return this.click();
  }
  /** Clicks a checkbox or radio unless it is checked already. */
  async check(): Promise<void> {
    if (!(await this.one<boolean>('(el) => el.checked'))) await this.click();
  }
  async focus(): Promise<void> {
    await this.one('(el) => el.focus()');
  }
  async blur(): Promise<void> {
    await this.one('(el) => el.blur()');
  }
  /** Replaces the value as a paste would (one `input` event), like Playwright's fill. */
  async fill(value: string): Promise<void> {
    await this.one(
      `(el, value) => {
        el.focus();
        const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
        Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
        el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertFromPaste', data: value }));
      }`,
      value,
    );
  }
  async press(key: string): Promise<void> {
    await this.focusIfNeeded();
    await this.driver.press(key);
  }
  async pressSequentially(text: string): Promise<void> {
    await this.focusIfNeeded();
    await this.driver.type(text);
  }
  type(text: string): Promise<void> {
    return this.pressSequentially(text);
  }
  private async focusIfNeeded(): Promise<void> {
    await this.one(`(el) => {
      let active = document.activeElement;
      while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
      if (active !== el) el.focus();
    }`);
  }
}

/** The subset of Playwright's Page the tests use, on any engine. */
export class TestPage {
  readonly keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
  readonly mouse: {
    click(x: number, y: number): Promise<void>;
    move(x: number, y: number): Promise<void>;
    wheel(x: number, y: number, deltaX: number, deltaY: number): Promise<void>;
  };

  constructor(readonly driver: DriverPage) {
    this.keyboard = { press: (key) => driver.press(key), type: (text) => driver.type(text) };
    this.mouse = {
      click: (x, y) => driver.click(x, y),
      move: (x, y) => driver.move(x, y),
      wheel: (x, y, dx, dy) => driver.wheel(x, y, dx, dy),
    };
  }

  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.driver.evaluate<R>(src(fn as (...args: never[]) => unknown), arg === undefined ? [] : [arg]);
  }
  /** Polls `fn(arg)` in the page until it returns a truthy value. */
  async waitForFunction<A>(fn: (arg: A) => unknown, arg?: A, timeout = WAIT): Promise<void> {
    const deadline = Date.now() + timeout;
    while (!(await this.evaluate(fn, arg))) {
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeout} ms waiting for ${fn.toString().slice(0, 80)}`);
      await sleep(50);
    }
  }
  locator(css: string, options?: { hasText?: string | RegExp }): Locator {
    return new Locator(this.driver, []).locator(css, options);
  }
  getByRole(role: string, options?: { name?: string | RegExp }): Locator {
    return new Locator(this.driver, []).getByRole(role, options);
  }
  getByText(text: string | RegExp): Locator {
    return new Locator(this.driver, []).getByText(text);
  }
  goto(url: string): Promise<void> {
    return this.driver.goto(url);
  }
  async reload(): Promise<void> {
    await this.driver.goto(await this.url());
  }
  url(): Promise<string> {
    return this.evaluate<string>(() => location.href);
  }
  setViewportSize(size: { width: number; height: number }): Promise<void> {
    return this.driver.setViewport(size);
  }
  async screenshot(options: { path: string }): Promise<void> {
    await this.driver.screenshot(options.path);
  }
}

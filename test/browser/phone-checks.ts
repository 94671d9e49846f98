// The phone checks shared by phone-layout.test.ts (every engine, through ./engines) and
// hardening/phones.test.ts (Chromium only, Playwright and CDP touch): a long customer page
// scrolled part way, the panel opened over it, a conversation, the on-screen keyboard, the wheel
// over the message list. Each file adds what only it can do (screenshots, figures, swipes).
import { expect } from 'vitest';
import { partBox } from './hardening/lib';
import { WAIT } from './helpers';
import { passTime } from './pass-time';

export const LONG_PAGE = `<main id="page-main">
  <h1>Acme customer portal</h1>
  ${Array.from({ length: 60 }, (_, i) => `<p>Order history line ${i + 1}: shipped, invoiced, paid.</p>`).join('\n')}
</main>`;
/** Where the visitor has scrolled the customer page to when the widget is used. */
export const PAGE_SCROLL = 700;

export interface Viewport {
  width: number;
  height: number;
}

/**
 * A widget page of either kind: ../helpers (Playwright's Page and Locator) or ./engines (the
 * engine layer's TestPage and Locator, with Playwright's names). Only what both have is used.
 */
export interface PhonePage {
  page: unknown;
  part(name: string): unknown;
  send(text: string): Promise<void>;
  waitForReplies(count: number): Promise<unknown>;
}
type InPage = {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  setViewportSize(size: Viewport): Promise<void>;
};
type Part = {
  evaluate<R>(fn: (el: HTMLElement) => R | Promise<R>): Promise<R>;
  tap(): Promise<void>;
  waitFor(): Promise<void>;
};
const pageOf = (wp: PhonePage) => wp.page as InPage;
const partOf = (wp: PhonePage, name: string) => wp.part(name) as Part;

export const scrollY = (wp: PhonePage): Promise<number> => pageOf(wp).evaluate(() => Math.round(window.scrollY));

/** Scrolls the customer page to `PAGE_SCROLL` and waits until it is there. */
export async function scrollPageDown(wp: PhonePage): Promise<void> {
  await pageOf(wp).evaluate((y) => window.scrollTo(0, y), PAGE_SCROLL);
  await expect.poll(() => scrollY(wp)).toBe(PAGE_SCROLL);
}

/**
 * Taps the launcher and checks that the panel covers the viewport: at (0, 0), as tall as the
 * viewport, as wide as the layout viewport, which is the whole width but for a classic scrollbar
 * of at most `scrollbar` px beside it (Firefox on a desktop keeps one; phones overlay theirs).
 */
export async function openPanelFillsViewport(
  wp: PhonePage,
  vp: Viewport,
  { scrollbar }: { scrollbar: number },
): Promise<void> {
  await partOf(wp, 'launcher').tap();
  await partOf(wp, 'composer-input').waitFor();
  // The panel rises in (Firefox and WebKit here do not ask for reduced motion): measure where it ends.
  await partOf(wp, 'panel').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const clientWidth = await pageOf(wp).evaluate(() => document.documentElement.clientWidth);
  expect(vp.width - clientWidth).toBeLessThanOrEqual(scrollbar);
  const panel = await partBox(wp, 'panel');
  expect([panel.x, panel.y, panel.width, panel.height]).toEqual([0, 0, clientWidth, vp.height]);
}

/** Two questions and their answers: a conversation long enough for the message list to scroll. */
export async function converse(wp: PhonePage): Promise<void> {
  for (const [i, q] of ['How many orders did we get last week?', 'And the week before?'].entries()) {
    await wp.send(q);
    await wp.waitForReplies(i + 1);
  }
}

/** Every text input of the widget is ≥ 16 px (iOS Safari zooms into smaller ones on focus); returns the sizes. */
export async function expectInputsAtLeast16px(wp: PhonePage): Promise<number[]> {
  const fontSizes = await pageOf(wp).evaluate(() =>
    [...window.__swTest.root()!.querySelectorAll('input, textarea, select')].map((el) =>
      parseFloat(getComputedStyle(el).fontSize),
    ),
  );
  expect(fontSizes.length).toBeGreaterThan(0);
  for (const size of fontSizes) expect(size).toBeGreaterThanOrEqual(16);
  return fontSizes;
}

/**
 * The on-screen keyboard comes up: the composer is focused, then the viewport loses about half its
 * height (a layout-viewport resize). The composer stays inside the viewport and focused, the
 * header below its top, some of the conversation in view with its end shown, and the page behind
 * where it was. Returns the smaller viewport and the boxes measured in it.
 */
export async function keyboardUp(wp: PhonePage, vp: Viewport) {
  await partOf(wp, 'composer-input').tap();
  const small = { width: vp.width, height: Math.round(vp.height / 2) };
  await pageOf(wp).setViewportSize(small);
  await pageOf(wp).evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const composer = await partBox(wp, 'composer');
  expect(composer.y).toBeGreaterThanOrEqual(0);
  expect(composer.y + composer.height).toBeLessThanOrEqual(small.height + 0.5);
  expect((await partBox(wp, 'composer-input')).height).toBeGreaterThan(30);
  expect((await partBox(wp, 'header')).y).toBeGreaterThanOrEqual(0);
  const list = await partBox(wp, 'message-list');
  expect(list.height, 'some of the conversation is still visible').toBeGreaterThan(60);
  expect(
    await partOf(wp, 'composer-input').evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
  ).toBe(true);
  await expect.poll(() => listFromEnd(wp), { timeout: WAIT }).toBeLessThanOrEqual(48);
  expect(await scrollY(wp)).toBe(PAGE_SCROLL);
  return { small, composer, list };
}

/** How far (px) the message list is scrolled from its end. */
export const listFromEnd = (wp: PhonePage): Promise<number> =>
  partOf(wp, 'message-list').evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

const listTop = (wp: PhonePage) => partOf(wp, 'message-list').evaluate((el) => Math.round(el.scrollTop));

/**
 * The wheel over the message list (centre of `list`), turned by `wheel`: it reaches the list (a
 * list at its top scrolls), and at the list's end three turns down scroll neither the list nor,
 * unless `pageChecked` is false, the page behind. Returns the centre it turned the wheel at.
 */
export async function wheelAtListEnd(
  wp: PhonePage,
  list: { x: number; y: number; width: number; height: number },
  wheel: (x: number, y: number, deltaY: number) => Promise<void>,
  { pageChecked }: { pageChecked: boolean },
): Promise<{ x: number; y: number }> {
  const center = { x: list.x + list.width / 2, y: list.y + list.height / 2 };
  await partOf(wp, 'message-list').evaluate((el) => (el.scrollTop = 0));
  await wheel(center.x, center.y, 100);
  await expect.poll(() => listTop(wp), { timeout: WAIT }).toBeGreaterThan(0); // the wheel reaches the list
  await partOf(wp, 'message-list').evaluate((el) => (el.scrollTop = el.scrollHeight));
  const atEnd = await listTop(wp);
  for (let i = 0; i < 3; i++) await wheel(center.x, center.y, 600);
  // A wheel's smooth scroll takes a few frames: give it time, then check that nothing moved.
  await passTime(pageOf(wp), 300);
  expect(await listTop(wp)).toBe(atEnd);
  if (pageChecked) expect(await scrollY(wp), 'page scrolled by the wheel over the message list').toBe(PAGE_SCROLL);
  return center;
}

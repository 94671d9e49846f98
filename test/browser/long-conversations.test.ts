// Long conversations and jump-to-latest (docs/architecture.md, "Long conversations"), in Chromium,
// Firefox and WebKit: a stored conversation of hundreds of exchanges opens at its latest exchange
// with a bounded number of messages in the DOM, older ones come as the visitor scrolls up without
// what they read moving, the service is asked once, and nothing is announced; during a reply the
// jump-to-latest control brings the visitor back to the end and the list follows again.
// Screenshots of the control: artifacts/screenshots/jump-to-latest-*; docs/images/ holds
// Chromium's, refreshed with `UPDATE_DOC_IMAGES=1 node test/browser/run.mjs --engine=chromium long-conv`.
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP, ENGINE, openPage, PHONE, storedConversation, WAIT, type WidgetPage } from './engines';
import { REPO_ROOT } from './paths';

const answer = (i: number) =>
  `Exchange ${i}: revenue rose by **${i % 17}%** against last year, mostly from repeat customers.\n\n` +
  `| Region | Revenue |\n|:--|--:|\n| North | ${1000 + i} |\n| South | ${800 + i} |\n\n` +
  `- ${i % 9} new customers\n- ${i % 5} orders returned\n`;

/** A stored conversation of `n` exchanges, reopened from the history list. */
async function openStored(n: number, opts: Parameters<typeof openPage>[0] = {}): Promise<WidgetPage> {
  const messages = Array.from({ length: n }, (_, k) => [
    { id: `u${k + 1}`, role: 'user' as const, content: `Question ${k + 1}` },
    { id: `a${k + 1}`, role: 'assistant' as const, content: answer(k + 1) },
  ]).flat();
  const wp = await openPage({
    ...opts,
    initOptions: { locale: 'en', ...opts.initOptions },
    beforeLoad: () => storedConversation('c_long', 'A working day', messages),
  });
  await wp.openPanel();
  await wp.part('history-button').click();
  await wp.part('history-item').first().click();
  await expect.poll(() => wp.part('message').last().textContent(), { timeout: WAIT }).toContain(`Exchange ${n}:`);
  return wp;
}

const fromEnd = (wp: WidgetPage) =>
  wp.part('message-list').evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));
/** The first message's text (its number: `Question 12` or `Exchange 12:`). */
const firstShown = (wp: WidgetPage) => wp.part('message').first().textContent();
/** What the live region says (it announces finished replies only). */
const announced = (wp: WidgetPage) =>
  wp.host.evaluate((h) => h.shadowRoot!.querySelector('[aria-live]')?.textContent ?? null);

/** One wheel up over the list: the visitor scrolls up to read (stops the following). */
async function wheelUp(wp: WidgetPage, dy = -400) {
  const box = (await wp.part('message-list').boundingBox())!;
  await wp.page.mouse.wheel(box.x + box.width / 2, box.y + box.height / 2, 0, dy);
}

describe('a long stored conversation', () => {
  it('opens at its latest exchange; older ones come as the visitor scrolls up, without what they read moving', async () => {
    const wp = await openStored(200);
    // The latest exchange at the bottom, a few messages in the DOM, nothing announced.
    await expect.poll(() => fromEnd(wp), { timeout: WAIT }).toBeLessThanOrEqual(2);
    const opened = await wp.part('message').count();
    expect(opened).toBeGreaterThan(4);
    expect(opened).toBeLessThanOrEqual(40);
    expect(await announced(wp)).toBe('');
    expect(await wp.part('jump-to-latest').count()).toBe(0);

    // The visitor scrolls up to the top of what is rendered, again and again: each time older
    // messages come above, the message they were reading stays where it was on screen.
    await wheelUp(wp);
    await expect.poll(() => wp.part('jump-to-latest').count(), { timeout: WAIT }).toBe(1);
    let count = opened;
    for (let round = 0; round < 4; round++) {
      const before = await firstShown(wp);
      const mark = await wp.part('message-list').evaluate((el) => {
        el.scrollTop = 4;
        const top = el.getBoundingClientRect().top;
        const seen = [...el.querySelectorAll('[part~="message"]')].find((m) => m.getBoundingClientRect().top >= top)!;
        (window as unknown as { __seen: Element }).__seen = seen;
        return Math.round(seen.getBoundingClientRect().top - top);
      });
      await expect.poll(() => firstShown(wp), { timeout: WAIT }).not.toBe(before);
      // The older batch rendered (and its markdown) before we measure.
      await expect.poll(() => wp.part('message').count(), { timeout: WAIT }).toBeGreaterThan(count);
      const seen = () =>
        wp.part('message-list').evaluate((el) => {
          const m = (window as unknown as { __seen: Element }).__seen;
          return m.isConnected ? Math.round(m.getBoundingClientRect().top - el.getBoundingClientRect().top) : null;
        });
      await expect.poll(seen, { timeout: WAIT }).toBeGreaterThanOrEqual(mark - 1);
      expect(await seen()).toBeLessThanOrEqual(mark + 1);
      count = await wp.part('message').count();
    }
    expect(count).toBeLessThanOrEqual(160);
    expect(await announced(wp)).toBe('');

    // The service was asked for the conversation once: the older messages come from that answer.
    const fetched = (await wp.fetches()).filter((f) => f.includes('/api/v1/widget/conversations'));
    expect(fetched.filter((f) => f.includes('/conversations/c_long'))).toHaveLength(1);
    expect(fetched).toHaveLength(2);

    // jump-to-latest: back at the latest exchange, following again.
    await wp.part('jump-to-latest').click();
    await expect.poll(() => fromEnd(wp), { timeout: WAIT }).toBeLessThanOrEqual(2);
    expect(await wp.part('message').last().textContent()).toContain('Exchange 200:');
    await expect.poll(() => wp.part('jump-to-latest').count(), { timeout: WAIT }).toBe(0);
  });

  it('the visitor can read back to the first exchange; the DOM never holds more than a window of messages', async () => {
    const wp = await openStored(120);
    await expect.poll(() => fromEnd(wp), { timeout: WAIT }).toBeLessThanOrEqual(2);
    await wheelUp(wp);
    await expect.poll(() => wp.part('jump-to-latest').count(), { timeout: WAIT }).toBe(1);
    let max = 0;
    for (let round = 0; round < 40 && (await firstShown(wp)) !== 'You: Question 1'; round++) {
      const before = await firstShown(wp);
      await wp.part('message-list').evaluate((el) => (el.scrollTop = 0));
      await expect.poll(() => firstShown(wp), { timeout: WAIT }).not.toBe(before);
      max = Math.max(max, await wp.part('message').count());
    }
    expect(await firstShown(wp)).toBe('You: Question 1');
    expect(max).toBeLessThanOrEqual(160);
    // The latest messages were dropped on the way up: the end of the list is not the conversation's.
    expect(await wp.part('message').last().textContent()).not.toContain('Exchange 120:');
    await wp.part('jump-to-latest').click();
    await expect.poll(() => wp.part('message').last().textContent(), { timeout: WAIT }).toContain('Exchange 120:');
    await expect.poll(() => fromEnd(wp), { timeout: WAIT }).toBeLessThanOrEqual(2);
  });
});

describe('keyboard focus in a message the window drops', () => {
  it('goes to the list, not to the page', async () => {
    const wp = await openStored(120);
    await expect.poll(() => fromEnd(wp), { timeout: WAIT }).toBeLessThanOrEqual(2);
    const copy = wp.part('message').last().locator('[part~="copy-message-button"]');
    await copy.focus();
    const focused = () =>
      wp.host.evaluate(
        (h) => h.shadowRoot!.activeElement?.getAttribute('part') ?? h.ownerDocument.activeElement?.tagName,
      );
    expect(await focused()).toBe('copy-message-button');
    // Read far back (the wheel, then the scroll bar; not the keyboard): the latest messages leave the window.
    await wheelUp(wp);
    await expect.poll(() => wp.part('jump-to-latest').count(), { timeout: WAIT }).toBe(1);
    for (
      let round = 0;
      round < 40 && (await wp.part('message').last().textContent())?.includes('Exchange 120:');
      round++
    ) {
      const before = await firstShown(wp);
      await wp.part('message-list').evaluate((el) => (el.scrollTop = 0));
      await expect.poll(() => firstShown(wp), { timeout: WAIT }).not.toBe(before);
    }
    expect(await wp.part('message').last().textContent()).not.toContain('Exchange 120:');
    expect(await focused()).toBe('message-list');
  });
});

describe("jump-to-latest and the list's bottom edge", () => {
  it('what sits at the bottom edge does not move and is not covered when the control comes or goes', async () => {
    const wp = await openStored(30);
    await expect.poll(() => fromEnd(wp), { timeout: WAIT }).toBeLessThanOrEqual(2);
    const list = wp.part('message-list');
    type Seen = { top: number; bottom: number; hit: boolean };
    type Marked = HTMLElement & { target: Element };
    // The target: the previous answer's "Copy answer" button, scrolled to 2 px above the list's
    // bottom edge, as a visitor reading there would have it; then a press on the list, in the same
    // task, so nothing re-pins in between: the visitor is away and the control comes.
    const before = await list.evaluate((el): Seen => {
      const copies = el.querySelectorAll('[part~="copy-message-button"]');
      const target = copies[copies.length - 2]!;
      (el as Marked).target = target;
      el.scrollTop += target.getBoundingClientRect().bottom - (el.getBoundingClientRect().bottom - 2);
      const box = target.getBoundingClientRect();
      const hit = (el.getRootNode() as ShadowRoot).elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      return { top: box.top, bottom: el.getBoundingClientRect().bottom, hit: !!hit && target.contains(hit) };
    });
    expect(before.hit).toBe(true);
    // Two frames after the control rendered: the list's own frame work is done too.
    const seen = () =>
      list.evaluate(async (el): Promise<Seen> => {
        for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
        const target = (el as Marked).target;
        const box = target.getBoundingClientRect();
        const hit = (el.getRootNode() as ShadowRoot).elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return { top: box.top, bottom: el.getBoundingClientRect().bottom, hit: !!hit && target.contains(hit) };
      });
    await wp.part('jump-to-latest').waitFor({ timeout: WAIT });
    const away = await seen();
    expect(Math.abs(away.top - before.top)).toBeLessThanOrEqual(1);
    expect(away.hit).toBe(true);
    expect(Math.abs(away.bottom - before.bottom)).toBeLessThanOrEqual(1);

    // Back at the end by scrolling: the control goes, and the list's bottom edge stays where it was.
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => wp.part('jump-to-latest').count(), { timeout: WAIT }).toBe(0);
    const back = await seen();
    expect(Math.abs(back.bottom - before.bottom)).toBeLessThanOrEqual(1);
  });
});

// The flow in English; the Turkish label is asserted by the dark tr phone look below (the locale
// changes the words only, docs/testing.md "Looks checked in part").
describe('jump-to-latest during a reply', () => {
  it('appears when the visitor scrolls up, returns to the end and the list follows again', async () => {
    const wp = await openPage({
      initOptions: { locale: 'en' },
      scenario: 'long',
      // Slow enough that a loaded machine's frames keep up with it (WebKit).
      settings: { longChunkDelayMs: 30 },
    });
    await wp.openPanel();
    await wp.send('The full report please');
    const list = wp.part('message-list');
    const height = () => list.evaluate((el) => el.scrollHeight);
    const top = () => list.evaluate((el) => el.scrollTop);
    const viewport = await list.evaluate((el) => el.clientHeight);
    // Following: as the reply grows, the list scrolls down with it. (Not "at the end" at every
    // poll: on a loaded machine WebKit's frames, where the list catches up, lag the stream.)
    const follows = async () => {
      const from = await top();
      await expect.poll(top, { timeout: WAIT }).toBeGreaterThan(from + 200);
    };
    await expect.poll(height, { timeout: WAIT }).toBeGreaterThan(2 * viewport);
    await follows();
    expect(await wp.part('jump-to-latest').count()).toBe(0);

    // The furthest down the list has been: the wheel's scroll up is measured from there.
    type Tracked = HTMLElement & { furthest: number };
    await list.evaluate((el) => {
      (el as Tracked).furthest = el.scrollTop;
      el.addEventListener(
        'scroll',
        () => ((el as Tracked).furthest = Math.max((el as Tracked).furthest, el.scrollTop)),
      );
    });
    await wheelUp(wp);
    const jump = wp.part('jump-to-latest');
    await jump.waitFor({ timeout: WAIT });
    expect(await jump.textContent()).toBe('Jump to latest');
    // A button in the tab order, under the list: it covers none of the conversation.
    expect(await jump.evaluate((b) => b.tagName === 'BUTTON' && (b as HTMLButtonElement).tabIndex === 0)).toBe(true);
    const [j, l] = [(await jump.boundingBox())!, (await list.boundingBox())!];
    expect(j.y).toBeGreaterThanOrEqual(l.y + l.height - 1);
    // Not following: once the wheel's (smooth) scroll is over, the reply grows below and the list
    // stays where the visitor is.
    // (WebKit's driver may scroll for the wheel well after the event, whose unpinning showed the control.)
    const scrolledUp = () => list.evaluate((el) => (el as Tracked).furthest - el.scrollTop);
    await expect.poll(scrolledUp, { timeout: WAIT }).toBeGreaterThan(200);
    let last = -1;
    const still = async () => [last, (last = await top())][0] === last;
    await expect.poll(still, { timeout: WAIT, interval: 250 }).toBe(true);
    const reading = await top();
    const grown = await height();
    await expect.poll(height, { timeout: WAIT }).toBeGreaterThan(grown + 200);
    expect(Math.abs((await top()) - reading)).toBeLessThanOrEqual(1);
    expect(await jump.count()).toBe(1);

    // The keyboard presses it: the list goes to the end at once and follows the reply again.
    await jump.focus();
    const end = (await height()) - (await list.evaluate((el) => el.clientHeight));
    await jump.press('Enter');
    expect(await top()).toBeGreaterThanOrEqual(end - 48);
    await expect.poll(() => jump.count(), { timeout: WAIT }).toBe(0);
    await follows();
    expect(await jump.count()).toBe(0);
    await wp.part('stop-button').click();
  });
});

// The control in each theme, locale and device. A test run checks two of the eight, which between
// them hold both of each (the control behaves the same in every look); `npm run doc-images` takes
// all eight pictures (docs/testing.md, "Tiers").
const LOOKS = (['dark', 'light'] as const).flatMap((theme) =>
  (['en', 'tr'] as const).flatMap((locale) =>
    (['desktop', 'phone'] as const).map((device) => ({ theme, locale, device })),
  ),
);
const CHECKED = ['dark tr phone', 'light en desktop'];

describe('jump-to-latest screenshots', () => {
  for (const { theme, locale, device } of LOOKS) {
    const viewport = device === 'phone' ? PHONE : DESKTOP;
    if (process.env.UPDATE_DOC_IMAGES || CHECKED.includes(`${theme} ${locale} ${device}`))
      it(`${theme} ${locale} ${device}`, async () => {
        const wp = await openStored(30, {
          viewport,
          colorScheme: theme,
          locale: locale === 'tr' ? 'tr-TR' : 'en-US',
          initOptions: { theme, locale },
        });
        await expect.poll(() => fromEnd(wp), { timeout: WAIT }).toBeLessThanOrEqual(2);
        await wp.part('composer-input').blur();
        await wheelUp(wp, -300);
        await wp.part('jump-to-latest').waitFor({ timeout: WAIT });
        expect(await wp.part('jump-to-latest').textContent()).toBe(
          locale === 'en' ? 'Jump to latest' : 'En yeniye git',
        );
        await expect.poll(() => fromEnd(wp), { timeout: WAIT }).toBeGreaterThan(200);
        const name = `jump-to-latest-${theme}-${locale}-${device}`;
        const file = await wp.picture(name);
        // docs/images/ holds Chromium's, refreshed on request only, so a test run leaves the tree clean.
        if (file && process.env.UPDATE_DOC_IMAGES && ENGINE === 'chromium')
          copyFileSync(file, path.join(REPO_ROOT, 'docs', 'images', `${name}.png`));
      });
  }
});

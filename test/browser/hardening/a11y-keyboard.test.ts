// docs/hardening.md, "3. Accessibility".
// A keyboard-only walkthrough of the floating widget. Tab to the launcher, Enter
// opens, type + Enter sends, Tab to the history button, open history, Enter on an item (a
// conversation with a pending confirmation), confirm it with the keyboard, Escape closes. After
// every key press the focused element must be a visible element (never the page's <body>), and it
// must show a focus indicator (a computed outline or box-shadow while it matches :focus-visible).
// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPage, WAIT, type TestPage, type WidgetPage } from '../engines';
import { figure, focusInfo, useReport, type FocusInfo } from './lib';

type Page = TestPage;
useReport('3. accessibility: keyboard only', import.meta.url);

const describeFocus = (f: FocusInfo) => `${f.where}:${f.part ?? f.tag}${f.text ? ` "${f.text}"` : ''}`;

/** Focus must be on a visible element with a visible focus indicator. */
function expectGoodFocus(f: FocusInfo, step: string): void {
  expect(f.where, `${step}: focus lost (${describeFocus(f)})`).not.toBe('body');
  expect(f.where, `${step}: no focus`).not.toBe('none');
  expect(f.visible, `${step}: focused element not visible (${describeFocus(f)})`).toBe(true);
  expect(
    f.focusVisible && f.indicator,
    `${step}: no visible focus indicator on ${describeFocus(f)} (${f.outline}; ${f.boxShadow})`,
  ).toBe(true);
}

/**
 * The focus once the widget had a moment to place it: it moves focus from effects (Preact runs
 * them after paint), so right after a key press the element that had focus may be gone and the
 * new one not focused yet. Up to 1 s on <body> is tolerated; longer counts as lost.
 */
async function settledFocus(page: Page): Promise<FocusInfo> {
  // Judge the focus once the widget's animations, if any run, are over, as a visitor sees it (the
  // panel's fade-in this waited for is gone).
  await page.evaluate(() => Promise.all((window.__swTest.root()?.getAnimations() ?? []).map((a) => a.finished)));
  const end = Date.now() + 1_000;
  for (;;) {
    const f = await focusInfo(page);
    if (f.where !== 'body' || Date.now() > end) return f;
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
}

interface Walk {
  log: string[];
  /** Presses `key` until the focused element satisfies `until`, checking focus after every press. */
  tabTo(key: 'Tab' | 'Shift+Tab', until: (f: FocusInfo) => boolean, what: string, max?: number): Promise<FocusInfo>;
  press(key: string, step: string): Promise<FocusInfo>;
  expectFocus(step: string): Promise<FocusInfo>;
}

function walker(page: Page): Walk {
  const log: string[] = [];
  const walk: Walk = {
    log,
    async expectFocus(step) {
      const f = await settledFocus(page);
      log.push(`${step} → ${describeFocus(f)}`);
      expectGoodFocus(f, step);
      return f;
    },
    async press(key, step) {
      await page.keyboard.press(key);
      return walk.expectFocus(`${step} [${key}]`);
    },
    async tabTo(key, until, what, max = 25) {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press(key);
        const f = await walk.expectFocus(`${key} towards ${what}`);
        if (until(f)) return f;
      }
      throw new Error(`${what} not reached with ${max} × ${key}:\n  ${log.slice(-max).join('\n  ')}`);
    },
  };
  return walk;
}

const onPart = (part: string, text?: string) => (f: FocusInfo) =>
  f.where === 'widget' && f.part === part && (!text || f.text.includes(text));

async function openWalkPage(): Promise<WidgetPage> {
  return openPage({
    sub: `demo-keyboard-${Date.now().toString(36)}`, // seeded history: newest is "Ship order #1042" (pending confirmation)
    // A page with its own focusable content before the widget, as real pages have.
    bodyHtml:
      '<header><a href="#main">Skip to content</a></header><main id="main"><h1>Acme customer portal</h1><p>Your orders.</p><button type="button">Page action</button></main>',
    initOptions: { locale: 'en', theme: 'light' },
  });
}

describe('keyboard only', () => {
  it('launcher → send → history → reopen → confirm → Escape: focus visible at every step', async () => {
    const wp = await openWalkPage();
    const walk = walker(wp.page);
    onTestFinished(({ task }) => {
      if (task.result?.state === 'fail') console.error(`[keyboard walk]\n  ${walk.log.join('\n  ')}`);
    });
    await wp.part('launcher').waitFor();

    // Through the page's own controls to the launcher (the widget comes last in tab order).
    await walk.tabTo('Tab', onPart('launcher'), 'the launcher');
    await walk.press('Enter', 'open');
    await wp.part('panel').waitFor();
    // The panel moves focus into the composer after its paint, which the first opening of a fresh
    // WebKit page reaches late: focus is still on the launcher when the panel shows.
    await expect.poll(async () => onPart('composer-input')(await focusInfo(wp.page)), { timeout: WAIT }).toBe(true);
    expect(onPart('composer-input')(await walk.expectFocus('panel opened'))).toBe(true);

    await wp.page.keyboard.type('How many orders did we get last week?');
    await walk.press('Enter', 'send');
    await wp.waitForReplies(1);
    expect(onPart('composer-input')(await walk.expectFocus('reply arrived'))).toBe(true);

    await walk.tabTo('Shift+Tab', onPart('history-button'), 'the history button');
    await walk.press('Enter', 'open history');
    await expect.poll(() => wp.part('history-item').count(), { timeout: WAIT }).toBeGreaterThanOrEqual(20);
    await walk.expectFocus('history loaded');

    await walk.tabTo('Tab', onPart('history-item', 'Ship order #1042'), 'the "Ship order #1042" item');
    await wp.page.keyboard.press('Enter');
    await wp.part('confirm-button').waitFor();
    const afterItem = await settledFocus(wp.page);
    walk.log.push(`conversation opened → ${describeFocus(afterItem)}`);
    await wp.picture('hardening/keyboard-after-history-item');
    // (Where focus lands here is checked by its own test below.)

    // Focus is in the composer now (checked below); the Confirm button is above it.
    await walk.tabTo('Shift+Tab', onPart('confirm-button'), 'the Confirm button', 40);
    await wp.page.keyboard.press('Enter');
    await wp.waitForReplies(2);
    await expect.poll(() => wp.part('confirm-button').count()).toBe(0);
    const afterConfirm = await settledFocus(wp.page);
    walk.log.push(`confirmed → ${describeFocus(afterConfirm)}`);

    // Escape closes the panel from wherever focus is in it; focus returns to the launcher.
    if (afterConfirm.where !== 'widget') {
      // (Focus left the widget after confirming: see the test below. Get back in by keyboard.)
      await walk.tabTo('Tab', onPart('composer-input'), 'the composer (focus was lost)', 40);
    }
    await walk.press('Escape', 'close');
    await wp.part('panel').waitFor({ state: 'detached' });
    expect(onPart('launcher')(await walk.expectFocus('closed'))).toBe(true);
    figure(
      `${walk.log.length} focus checks; after opening a history item: ${describeFocus(afterItem)}; after Confirm: ${describeFocus(afterConfirm)}`,
    );
    console.log(`[keyboard walk]\n  ${walk.log.join('\n  ')}`);
  });

  // Fixed bug, kept as a regression test (src/ui/HistoryView.tsx + src/state/widget-model.ts `openConversation`): pressing Enter on
  // a history item switches the view to the chat, which unmounts the focused item button; nothing
  // takes focus, so it falls to the page's <body> (document.activeElement === body) and a screen
  // reader user is left nowhere. Suggested fix: after `openConversation`, focus the message list
  // (it is already focusable, tabIndex 0) or the composer, e.g. from a layout effect in ChatView
  // when the view switches from history to chat.
  it('Enter on a history item keeps focus inside the widget', async () => {
    const wp = await openWalkPage();
    await wp.openPanel();
    // The open panel puts focus in the composer itself, after its paint: the history button is
    // focused after that, or the Enter below could land in the composer (WebKit, CI, 27 Nov 2026).
    await expect
      .poll(() => wp.page.evaluate(() => window.__swTest.root()?.activeElement?.getAttribute('part') ?? null), {
        timeout: WAIT,
      })
      .toBe('composer-input');
    await wp.part('history-button').focus();
    await wp.page.keyboard.press('Enter');
    await expect.poll(() => wp.part('history-item').count(), { timeout: WAIT }).toBeGreaterThanOrEqual(20);
    await wp.part('history-item').first().focus();
    await wp.page.keyboard.press('Enter');
    await wp.part('confirm-button').waitFor();
    const f = await settledFocus(wp.page);
    figure(`focus after Enter on a history item: ${describeFocus(f)}`);
    expectGoodFocus(f, 'after opening a conversation from history');
  });

  // Fixed bug, kept as a regression test (src/ui/Confirmation.tsx): pressing Confirm (or Cancel) disables both buttons while the
  // decision is sent and then replaces them with a status line, so the focused button disappears
  // and focus falls to the page's <body>. Suggested fix: keep focus in the widget, e.g. move it to
  // the confirmation group (tabIndex -1) or the composer once the decision is sent.
  it('Enter on Confirm keeps focus inside the widget', async () => {
    const wp = await openWalkPage();
    await wp.openPanel();
    await wp.part('history-button').click();
    await wp.part('history-item').filter({ hasText: 'Ship order #1042' }).click();
    // Opening a conversation moves focus to the composer (the test above) once it has loaded;
    // wait for that, or it could take the focus back from the Confirm button after the focus() below.
    await expect.poll(async () => (await settledFocus(wp.page)).part, { timeout: WAIT }).toBe('composer-input');
    await wp.part('confirm-button').focus();
    await wp.page.keyboard.press('Enter');
    await wp.waitForReplies(2);
    await expect.poll(() => wp.part('confirm-button').count()).toBe(0);
    const f = await settledFocus(wp.page);
    figure(`focus after Enter on Confirm: ${describeFocus(f)}`);
    expectGoodFocus(f, 'after confirming');
  });
});

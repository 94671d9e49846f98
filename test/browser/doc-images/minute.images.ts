// Screenshots of the visitor's minute (docs/protocol.md "What the visitor sees meanwhile") for
// review: waiting, a limit counting down, an incomplete answer, in dark & light × en & tr ×
// desktop & phone. `node scripts/state-images.mjs` puts them side by side in docs/images/.
// The assertions only check that each shot shows its state. Runs in Chromium, Firefox and WebKit.
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScenarioName } from '../../../mock/scenarios';
import { DESKTOP, openPage, PHONE, WAIT, type WidgetPage } from '../engines';

const QUESTION = { en: 'How many orders did we get last week?', tr: 'Geçen hafta kaç sipariş aldık?' } as const;
const DEVICES = { desktop: DESKTOP, phone: PHONE } as const;

/** Each state: its scenario, and what shows once the widget is in it. */
const STATES: Record<
  string,
  { scenario: ScenarioName; settings?: { chunkDelayMs: number }; ready(wp: WidgetPage): Promise<void> }
> = {
  waiting: {
    scenario: 'slow-start',
    ready: (wp) => wp.host.locator('[data-waiting], [part~="message"][aria-busy="true"] .status').first().waitFor(),
  },
  countdown: {
    scenario: 'limit-short',
    async ready(wp) {
      const notice = wp.host.locator('[part~="notice"][data-kind="limit"]');
      await notice.waitFor();
      // A second into the countdown: it has ticked once.
      const first = await notice.textContent();
      await expect.poll(() => notice.textContent(), { timeout: WAIT }).not.toBe(first);
    },
  },
  incomplete: {
    scenario: 'cut',
    settings: { chunkDelayMs: 20 },
    async ready(wp) {
      await wp.host.locator('[part~="message"][data-state="incomplete"] .incomplete-note').waitFor();
      await wp.host.locator('[part~="notice"][data-kind="interrupted"]').waitFor();
    },
  },
};

describe('screenshots of the visitor’s minute', () => {
  for (const [state, { scenario, settings, ready }] of Object.entries(STATES)) {
    for (const theme of ['dark', 'light'] as const) {
      for (const locale of ['en', 'tr'] as const) {
        for (const [device, viewport] of Object.entries(DEVICES)) {
          it(`${state} ${theme} ${locale} ${device}`, async () => {
            const wp = await openPage({
              viewport,
              colorScheme: theme,
              locale: locale === 'tr' ? 'tr-TR' : 'en-US',
              scenario,
              settings,
              initOptions: { theme, locale },
            });
            await wp.openPanel();
            await wp.send(QUESTION[locale]);
            await ready(wp);
            await wp.part('composer-input').blur();
            const file = await wp.screenshot(`minute-${state}-${theme}-${locale}-${device}`);
            expect(existsSync(file)).toBe(true);
            expect(statSync(file).size).toBeGreaterThan(5_000);
          });
        }
      }
    }
  }
});

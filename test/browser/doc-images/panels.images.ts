// Screenshots for human review (artifacts/screenshots/, git-ignored): the launcher and the open
// panel after a finished exchange, in dark & light × en & tr × desktop & phone, plus inline mode.
// The assertions only check that each shot shows what it should; the looking is done by people.
// Runs in Chromium, Firefox and WebKit (test/browser/engines): files are named `…-<engine>.png`.
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_TEXTS } from '../../../mock/languages';
import { DESKTOP, openPage, PHONE } from '../engines';

const QUESTION = { en: 'How many orders did we get last week?', tr: 'Geçen hafta kaç sipariş aldık?' } as const;
const THEMES = ['dark', 'light'] as const;
const LOCALES = ['en', 'tr'] as const;
const DEVICES = { desktop: DESKTOP, phone: PHONE } as const;

function expectPng(file: string) {
  expect(existsSync(file)).toBe(true);
  expect(statSync(file).size).toBeGreaterThan(5_000);
}

describe('screenshots', () => {
  for (const theme of THEMES) {
    for (const locale of LOCALES) {
      for (const [device, viewport] of Object.entries(DEVICES)) {
        it(`${theme} ${locale} ${device}`, async () => {
          const wp = await openPage({
            viewport,
            colorScheme: theme,
            locale: locale === 'tr' ? 'tr-TR' : 'en-US',
            initOptions: { theme, locale },
          });
          if (device === 'desktop') {
            // The closed launcher alone, once per theme.
            await wp.part('launcher').waitFor();
            if (locale === 'en') expectPng(await wp.screenshot(`${theme}-launcher`));
          }
          await wp.openPanel();
          // Named by the service's title, in the UI language (`Accept-Language`).
          await wp.page.getByRole('dialog', { name: CONFIG_TEXTS[locale].title }).waitFor();
          await wp.send(QUESTION[locale]);
          const reply = await wp.waitForReplies(1);
          await reply.locator('table').waitFor();
          // The table's copy action is added when the reply finishes; then nothing moves any more.
          await reply.locator('[part~="copy-table-button"]').waitFor();
          await wp.part('composer-input').blur();
          expectPng(await wp.screenshot(`${theme}-${locale}-${device}`));
        });
      }
    }
  }

  it('inline mode', async () => {
    const wp = await openPage({
      viewport: DESKTOP,
      bodyHtml: `<main style="display: grid; grid-template-columns: 1fr 440px; gap: 32px; padding: 32px; font-family: sans-serif">
        <section><h1>Help centre</h1><p>Ask the assistant about your orders, customers and invoices.</p></section>
        <aside id="chat" style="height: 680px"></aside>
      </main>`,
      initOptions: { container: '#chat', theme: 'light', locale: 'en' },
    });
    await wp.part('composer-input').waitFor();
    await wp.send(QUESTION.en);
    const reply = await wp.waitForReplies(1);
    await reply.locator('[part~="copy-table-button"]').waitFor();
    await wp.part('composer-input').blur();
    expectPng(await wp.screenshot('inline-light-en-desktop'));
  });
});

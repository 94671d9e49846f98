// docs/hardening.md, "3. Accessibility".
// axe-core (node_modules/axe-core, loaded into the page by a script element: these
// pages have no CSP) over the whole document, open shadow root included, with
// `resultTypes: ['violations']`. No `serious` or `critical` violation in both themes (with both
// locales taking turns: looksFor) × floating/inline, with a long conversation (several exchanges with tables), a pending
// confirmation, and each notice kind on screen in turn (approval, limit, auth, error, offline,
// voice, interrupted), plus the history view. Themes and locales are switched live
// (setTheme/setLocale) on the same conversation. Runs in Chromium, Firefox and WebKit
// (test/browser/engines).
import { describe, expect, it } from 'vitest';
import { addAxe, mockControl, openPage, WAIT, type WidgetPage } from '../engines';
import { figure, useReport } from './lib';

useReport('3. accessibility (axe-core 4.14)', import.meta.url);

interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

declare global {
  interface Window {
    axe: {
      run(
        context: unknown,
        options: unknown,
      ): Promise<{
        violations: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: unknown[]; failureSummary?: string }[];
        }[];
      }>;
    };
  }
}

/**
 * axe over the document, in one round trip to the page (WebDriver takes one per call): first the
 * theme and locale given, then two frames for them to apply.
 */
async function runAxe(
  wp: WidgetPage,
  look?: readonly ['light' | 'dark', 'en' | 'tr'],
): Promise<{ findings: AxeFinding[]; ms: number }> {
  return wp.page.evaluate(async (set) => {
    if (set) {
      window.__swTest.instance!.setTheme(set[0]);
      window.__swTest.instance!.setLocale(set[1]);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    const t0 = performance.now();
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    const ms = performance.now() - t0;
    const findings = result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => ({ target: JSON.stringify(n.target), summary: (n.failureSummary ?? '').slice(0, 300) })),
    }));
    return { findings, ms };
  }, look ?? null);
}

interface Tally {
  runs: number;
  /** Time spent in axe.run itself (timed in the page), against the walk's whole time. */
  axeMs: number;
  serious: string[];
  other: Map<string, number>;
}

type Look = readonly ['light' | 'dark', 'en' | 'tr'];
const ALL_LOOKS: readonly Look[] = [
  ['light', 'en'],
  ['light', 'tr'],
  ['dark', 'en'],
  ['dark', 'tr'],
];

/**
 * The looks axe runs in for the `n`th state: the first (the richest screen) in all four; each
 * later one in both themes, the locales taking turns, so every pair of theme and locale still
 * meets several states. The theme decides the colours axe measures; the locale only the words.
 * Each state's last look is dark, in Turkish for every other state.
 */
const looksFor = (n: number): readonly Look[] =>
  n === 0 ? ALL_LOOKS : n % 2 === 0 ? [ALL_LOOKS[0]!, ALL_LOOKS[3]!] : [ALL_LOOKS[1]!, ALL_LOOKS[2]!];

/** Runs axe on what is on screen now, in the looks of the state's turn (`looksFor`). */
async function axeLooks(wp: WidgetPage, state: string, n: number, tally: Tally): Promise<void> {
  for (const [theme, locale] of looksFor(n)) {
    const { findings, ms } = await runAxe(wp, [theme, locale]);
    tally.runs++;
    tally.axeMs += ms;
    for (const f of findings) {
      if (f.impact === 'serious' || f.impact === 'critical') {
        tally.serious.push(
          `[${state} ${theme} ${locale}] ${f.impact} ${f.id}: ${f.help} — ${f.nodes.map((n) => `${n.target}: ${n.summary}`).join(' | ')}`,
        );
      } else {
        tally.other.set(`${f.id} (${f.impact})`, (tally.other.get(`${f.id} (${f.impact})`) ?? 0) + 1);
      }
    }
  }
}

const notice = (wp: WidgetPage, kind: string) => wp.host.locator(`[part~="notice"][data-kind="${kind}"]`).first();

async function scenario(name: string, settings: Record<string, unknown> = {}): Promise<void> {
  await mockControl('scenario', { name });
  if (Object.keys(settings).length) await mockControl('settings', settings);
}

async function walkThroughStates(wp: WidgetPage, mode: string): Promise<Tally> {
  const tally: Tally = { runs: 0, axeMs: 0, serious: [], other: new Map() };
  const states: string[] = [];
  const check = async (state: string) => {
    await axeLooks(wp, state, states.length, tally);
    states.push(state);
  };

  // A long conversation: three exchanges with markdown tables, then a pending confirmation and an
  // approval (its notice lives in the message).
  for (const q of ['How many orders did we get last week?', 'And the week before?', 'Orders by status this month?']) {
    await wp.send(q);
    await expect
      .poll(() => wp.host.locator('[part~="message"][data-role="assistant"] table').count(), { timeout: WAIT })
      .toBeGreaterThanOrEqual(1);
    await wp.part('stop-button').waitFor({ state: 'detached' });
  }
  await scenario('confirmation');
  await wp.send('Mark order #1042 as shipped');
  await wp.part('confirm-button').waitFor();
  await wp.part('stop-button').waitFor({ state: 'detached' });
  await scenario('approval');
  await wp.send('Raise the credit limit of Acme Ltd to 15,000');
  await notice(wp, 'approval').waitFor();
  await wp.part('stop-button').waitFor({ state: 'detached' });
  await check('conversation + confirmation + approval');
  await wp.picture(`hardening/a11y-${mode}-conversation`);

  await scenario('limit-daily');
  await wp.send('One more question');
  await notice(wp, 'limit').waitFor();
  await check('limit');
  // Send waits for the limit's reset (tomorrow); dismissing the notice lets the visitor try again.
  await notice(wp, 'limit')
    .getByRole('button', { name: /^(Dismiss|Kapat)$/ })
    .click();
  await notice(wp, 'limit').waitFor({ state: 'detached' });

  await scenario('token-expired');
  await wp.send('One more question');
  await notice(wp, 'auth').waitFor();
  await check('auth');

  await scenario('server-error');
  await wp.send('One more question');
  await notice(wp, 'error').waitFor();
  await check('error');

  await scenario('normal');
  // Offline as the widget sees it (navigator.onLine, then the `online` event): no engine's driver
  // here but Chromium's can take a page off the network.
  await wp.page.evaluate(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false }));
  await wp.send('One more question');
  await notice(wp, 'offline').waitFor();
  await check('offline');
  await wp.page.evaluate(() => {
    delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event('online'));
  });
  await notice(wp, 'offline').waitFor({ state: 'detached' });

  await wp.part('mic-button').click(); // /config said voice is not configured
  await notice(wp, 'voice').waitFor();
  await check('voice');

  await scenario('cut', { chunkDelayMs: 20 });
  await wp.send('Top customers this quarter?');
  await notice(wp, 'interrupted').waitFor();
  await check('interrupted');
  await wp.picture(`hardening/a11y-${mode}-interrupted-dark-tr`);

  await scenario('normal', { chunkDelayMs: 0 });
  await wp.part('history-button').click();
  await expect.poll(() => wp.part('history-item').count(), { timeout: WAIT }).toBeGreaterThanOrEqual(20);
  await check('history');

  expect(states).toEqual([
    'conversation + confirmation + approval',
    'limit',
    'auth',
    'error',
    'offline',
    'voice',
    'interrupted',
    'history',
  ]);
  return tally;
}

describe('axe: no serious or critical violations', () => {
  for (const mode of ['floating', 'inline'] as const) {
    it(`${mode}: 8 states, each in both themes, × 2 locales`, async () => {
      const wp = await openPage({
        sub: `demo-a11y-${mode}-${Date.now().toString(36)}`,
        settings: { voiceConfigured: false },
        bodyHtml:
          mode === 'inline'
            ? '<main><h1>Support</h1><section id="chat" aria-label="Help chat" style="width: 480px; height: 720px"></section></main>'
            : undefined,
        initOptions: {
          locale: 'en',
          theme: 'light',
          voice: true,
          ...(mode === 'inline' ? { container: '#chat' } : {}),
        },
      });
      if (mode === 'floating') await wp.openPanel();
      else await wp.part('composer-input').waitFor();
      await addAxe(wp.page);

      // Sanity: axe does look inside the shadow root (an unnamed button and grey-on-grey text put
      // there are found), so the zero below means something.
      await wp.page.evaluate(() => {
        const panel = window.__swTest.root()!.querySelector('[part~="panel"]')!;
        const probe = document.createElement('div');
        probe.id = 'axe-probe';
        probe.innerHTML = '<button type="button"></button><p style="color:#999;background:#aaa">low contrast</p>';
        panel.append(probe);
      });
      const probeIds = (await runAxe(wp)).findings
        .filter((f) => f.nodes.some((n) => n.target.includes('axe-probe')))
        .map((f) => f.id);
      expect(probeIds).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
      await wp.page.evaluate(() => window.__swTest.root()!.querySelector('#axe-probe')!.remove());

      const t0 = Date.now();
      const tally = await walkThroughStates(wp, mode);
      const other = [...tally.other.entries()].map(([k, n]) => `${k}×${n}`).join(', ') || 'none';
      figure(
        `${tally.runs} axe runs in ${((Date.now() - t0) / 1000).toFixed(1)} s (axe.run itself ${(tally.axeMs / 1000).toFixed(1)} s); serious/critical ${tally.serious.length}; moderate/minor: ${other}`,
      );
      expect(tally.serious).toEqual([]);
    }, 120_000);
  }
});

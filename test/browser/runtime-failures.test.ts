// A lazy runtime that fails (docs/page-api.md "When a lazy runtime fails"), in Chromium, Firefox and
// WebKit against the built dist/: widget-chart.js and widget-voice.js changed on their host (the
// integrity check refuses them), missing (404), or never answered (a server that holds the request:
// the 15 s limit, shortened by fixtures/fast-runtime-timeout.js; the widget's own timer, so in
// Chromium only, docs/testing.md "Cases that run in Chromium only"). Each time the visitor sees a
// notice, the control rests again (chart unpressed and no chart; the microphone not "recording"),
// the page gets an `error` event with a stable code, and a changed file never runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { en } from '../helpers/en';
import { cannedAnswer, itInChromium, openPage, serverUrl, WAIT, type WidgetPage } from './engines';
import { REPO_ROOT } from './paths';

type Fault = 'tampered' | 'missing' | 'stalled';
// The engine refuses a changed file (its integrity check) and reports a 404 (the script's error
// event): in every engine. A runtime that never answers ends by the widget's own timer: Chromium.
const FAULTS: Fault[] = ['tampered', 'missing'];

/** This run's dist/ as the pages load it (URL path). */
const distPath = () => path.posix.dirname(inject('widgetScriptPath'));

/** Serves the runtime at `urlPath` broken the way `fault` says (until the next openPage). */
async function breakRuntime(urlPath: string, file: 'widget-chart.js' | 'widget-voice.js', fault: Fault): Promise<void> {
  const js = { 'Content-Type': 'text/javascript' };
  if (fault === 'tampered') {
    const real = readFileSync(path.join(REPO_ROOT, distPath(), file), 'utf8');
    await cannedAnswer(urlPath, { headers: js, body: `${real}\n;window.__swTampered = 1;\n` });
  } else if (fault === 'missing') {
    await cannedAnswer(urlPath, { status: 404, headers: { 'Content-Type': 'text/html' }, body: '<h1>Not Found</h1>' });
  } else {
    // Never answered (held until the test ends): without its time limit the control would stay busy for good.
    await cannedAnswer(urlPath, { headers: js, body: '', held: true });
  }
}

async function expectFailureShown(wp: WidgetPage, kind: 'error' | 'voice', text: string, code: string, fault: Fault) {
  const notice = wp.host.locator(`[part~="notice"][data-kind="${kind}"]`);
  await notice.waitFor({ timeout: WAIT });
  expect(await notice.textContent()).toContain(text);
  expect(await notice.isVisible()).toBe(true);
  const events = await wp.events();
  expect(events.filter((e) => e.type === 'error')).toEqual([{ type: 'error', code, message: text }]);
  expect(await wp.page.evaluate(() => (window as { __swTampered?: number }).__swTampered)).toBeUndefined();
  if (fault === 'stalled')
    expect(await wp.page.evaluate(() => (window as { __swShortTimers?: number }).__swShortTimers)).toBe(1);
}

/** A chart pressed while widget-chart.js fails the way `fault` says. */
async function chartFails(fault: Fault): Promise<void> {
  const wp = await openPage({
    scenario: 'tables',
    earlyFixtures: ['fast-runtime-timeout.js'],
    initOptions: { locale: 'en' },
  });
  await breakRuntime(`${distPath()}/widget-chart.js`, 'widget-chart.js', fault);
  await wp.openPanel();
  await wp.send('Show me revenue by region');
  const reply = await wp.waitForReplies(1);
  const button = reply.locator('[part~="chart-button"]').first();
  await button.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  await button.click();
  await expectFailureShown(wp, 'error', en.chartFailed, 'chart_unavailable', fault);
  expect(await button.getAttribute('aria-pressed')).toBe('false');
  expect(await wp.part('chart').count()).toBe(0);
  // The table is still there, readable, as it was.
  expect(await reply.locator('table').first().isVisible()).toBe(true);
}

/** The microphone pressed while widget-voice.js fails the way `fault` says. */
async function voiceFails(fault: Fault): Promise<void> {
  const runtime = `/__runtime-fault/${fault}/widget-voice.js`;
  const wp = await openPage({
    earlyFixtures: ['fast-runtime-timeout.js', 'fake-microphone.js'],
    initOptions: { locale: 'en', voice: true, voiceRuntimeUrl: `${serverUrl()}${runtime}` },
  });
  await breakRuntime(runtime, 'widget-voice.js', fault);
  await wp.openPanel();
  const mic = wp.part('mic-button');
  await mic.click();
  await expectFailureShown(wp, 'voice', en.voiceFailed, 'voice_unavailable', fault);
  await expect.poll(() => mic.getAttribute('aria-pressed'), { timeout: WAIT }).toBe('false');
  expect(await mic.getAttribute('aria-label')).toBe(en.micStart);
  // No microphone in use: it is only asked for once the runtime runs.
  expect(await wp.page.evaluate(() => (window as { __swMicCalls?: number }).__swMicCalls)).toBe(0);
}

describe('widget-chart.js fails', () => {
  it.each(FAULTS)('%s: an error notice, the chart button unpressed, no chart', chartFails);
  itInChromium('stalled: an error notice, the chart button unpressed, no chart', () => chartFails('stalled'));
});

describe('widget-voice.js fails', () => {
  it.each(FAULTS)('%s: a voice notice, the microphone back at rest', voiceFails);
  itInChromium('stalled: a voice notice, the microphone back at rest', () => voiceFails('stalled'));
});

// What a screen reader is given, state by state (docs/accessibility.md): a recorder in the page
// keeps every text change of a live region (aria-live, or role alert/status) that no aria-busy
// holds back, as assistive technology receives it, not the DOM's text. Exact sentences for a
// finished reply, a table, a cut, stopped or error-ended reply, a limit, a confirmation, an
// approval, an expired session, offline and a lazy runtime that failed.
// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { describe, expect, it } from 'vitest';
import { listen } from './heard';
import type { ScenarioName } from '../../mock/scenarios';
import { advanceClock, cannedAnswer, mockControl, openPage, serverUrl, WAIT } from './engines';

const WORKING = ['polite', 'The assistant is working on your answer.'];

async function chat(scenario: ScenarioName, locale: 'en' | 'tr' = 'en') {
  // The page's clock moves only when a test says (fixtures/test-clock.js): a limit's reset included.
  const wp = await openPage({ scenario, earlyFixtures: ['test-clock.js'], initOptions: { locale } });
  await wp.openPanel();
  const heard = await listen(wp);
  return { wp, heard };
}

/** Waits until `n` announcements were made, then gives them all. */
const after = async (heard: () => Promise<[string, string][]>, n: number) => {
  await expect.poll(async () => (await heard()).length, { timeout: WAIT }).toBeGreaterThanOrEqual(n);
  return heard();
};

describe('what a screen reader hears', () => {
  it('a finished reply: working once, then the reply as shown (its table as rows)', async () => {
    const { wp, heard } = await chat('normal');
    await wp.send('How many orders did we get last week?');
    await wp.waitForReplies(1);
    expect(await after(heard, 2)).toEqual([
      WORKING,
      [
        'polite',
        "The assistant answered. Here is last week's order summary. There were 42 orders, 7 more than the week before. 30 shipped. 9 still processing. 3 cancelled by the customer. Status: Shipped, Orders: 30, Share: 71%. Status: Processing, Orders: 9, Share: 21%. Status: Cancelled, Orders: 3, Share: 7%. Most orders came from İzmir and Köln — 12 and 8 respectively.",
      ],
    ]);
  });

  it('a table reply: rows as "header: cell", never markdown syntax, shortened with "continues" (Turkish UI)', async () => {
    const { wp, heard } = await chat('tables', 'tr');
    await wp.send('Revenue by region?');
    await wp.waitForReplies(1);
    const said = await after(heard, 2);
    expect(said).toEqual([
      ['polite', 'Asistan yanıtınız üzerinde çalışıyor.'],
      [
        'polite',
        'Asistan yanıtladı. Here is the data you asked for. Revenue by region, last 30 days: Region: Marmara, Revenue: €48,200. Region: Aegean, Revenue: €31,950. Region: Central Anatolia, Revenue: €22,400. Region: Black Sea, Revenue: €9,870. Region: Mediterranean, Revenue: €27,310. Orders and returns by month: Month: January, Orders: 412, Returns: 18. Month: February, Orders: 388, Returns: 22. Month: March, Orders: 455, Returns: 19. Month: April, Orders: 501, Returns: 31. Month: May, Orders: 478, Returns: n/a. Month: June, Orders: 530, Returns: 27. Aylık ciro (Turkish format): Ay: Ocak, Ciro: ₺1.234.567,50, Not: Kış… Yanıtın devamı var.',
      ],
    ]);
    for (const [, text] of said) expect(text).not.toMatch(/\||---|:--/);
  });

  it('a cut reply: its incomplete note and the notice, at once', async () => {
    const { wp, heard } = await chat('cut');
    await wp.send('Top customers?');
    await wp.host.locator('[part~="notice"][data-kind="interrupted"]').waitFor();
    expect(await after(heard, 2)).toEqual([
      WORKING,
      ['assertive', 'Cut off. This answer is incomplete. The answer was interrupted.'],
    ]);
  });

  it('a reply the visitor stopped: its incomplete note, politely', async () => {
    const { wp, heard } = await chat('slow');
    await wp.send('Orders?');
    await wp.host.locator('[part~="message"][data-role="assistant"]', { hasText: 'Here' }).waitFor();
    await wp.part('stop-button').click();
    expect(await after(heard, 2)).toEqual([WORKING, ['polite', 'Stopped. This answer is incomplete.']]);
  });

  it('a reply ended by an `error` event: its incomplete note and the notice', async () => {
    const { wp, heard } = await chat('error-event');
    await wp.send('Stock in warehouse B?');
    expect(await after(heard, 2)).toEqual([
      WORKING,
      ['assertive', 'Ended by an error. This answer is incomplete. Something went wrong. Please try again.'],
    ]);
  });

  it('a limit: said with its reset as it is then (no countdown), and the reset once it comes', async () => {
    const { wp, heard } = await chat('limit-short');
    await wp.send('Top customers?');
    expect((await after(heard, 2)).slice(1)).toEqual([
      ['assertive', 'You are sending messages too quickly. You can write again in 8 seconds.'],
    ]);
    await advanceClock(wp, 8_000);
    expect(await after(heard, 3)).toEqual([
      WORKING,
      ['assertive', 'You are sending messages too quickly. You can write again in 8 seconds.'],
      ['polite', 'You can write again now.'],
    ]);
  });

  it('a confirmation: asked after the reply that leads to it', async () => {
    const { wp, heard } = await chat('confirmation');
    await wp.send('Mark order #1042 as shipped');
    await wp.part('confirm-button').waitFor();
    expect(await after(heard, 2)).toEqual([
      WORKING,
      [
        'polite',
        "The assistant answered. I found the order. Changing its status needs your confirmation. Update the status of order #1042 to 'shipped'? Waiting for your decision.",
      ],
    ]);
  });

  it('an approval pending: said after the reply that leads to it', async () => {
    const { wp, heard } = await chat('approval');
    await wp.send('Raise the credit limit of Acme Ltd to €15,000');
    await wp.host.locator('[part~="notice"][data-kind="approval"]').waitFor();
    expect(await after(heard, 2)).toEqual([
      WORKING,
      [
        'polite',
        "The assistant answered. I've prepared the credit limit change for customer Acme Ltd (from €10,000 to €15,000). Changing a credit limit needs approval from your team. It will run the next time you write after it is approved.",
      ],
    ]);
  });

  it('a session that expired: the auth notice, said at once', async () => {
    const { wp, heard } = await chat('normal');
    // /config has answered (its title shows): expiring before that refuses /config too, a notice of its own.
    await expect.poll(() => wp.part('header').textContent(), { timeout: WAIT }).toContain('Data assistant');
    await mockControl('scenario', { name: 'token-expired' });
    await wp.send('Orders today?');
    await wp.host.locator('[part~="notice"][data-kind="auth"]').waitFor();
    expect((await after(heard, 1)).filter(([, said]) => said !== WORKING[1])).toEqual([
      ['assertive', 'Your session has expired. Please try again.'],
    ]);
  });

  it('offline: said at once, in Turkish', async () => {
    const { wp, heard } = await chat('normal', 'tr');
    // The browser says it is offline (as it does with the network gone), before the visitor sends.
    await wp.page.evaluate(() => {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event('offline'));
    });
    await wp.send('Stoklar?');
    await wp.host.locator('[part~="notice"][data-kind="offline"]').waitFor();
    expect(await after(heard, 1)).toEqual([
      ['assertive', 'İnternet bağlantınız yok. Mesajınız duruyor; bağlantı gelince gönderebilirsiniz.'],
    ]);
  });

  it('a lazy runtime that failed (voice): the voice notice, said at once', async () => {
    const runtime = '/__runtime-fault/missing/widget-voice.js';
    const wp = await openPage({
      earlyFixtures: ['fake-microphone.js'],
      initOptions: { locale: 'en', voice: true, voiceRuntimeUrl: `${serverUrl()}${runtime}` },
    });
    await cannedAnswer(runtime, { status: 404, headers: { 'Content-Type': 'text/html' }, body: '<h1>Not Found</h1>' });
    await wp.openPanel();
    const heard = await listen(wp);
    await wp.part('mic-button').click();
    await wp.host.locator('[part~="notice"][data-kind="voice"]').waitFor();
    expect(await after(heard, 1)).toEqual([['assertive', 'Voice could not be started. Please try again.']]);
  });
});

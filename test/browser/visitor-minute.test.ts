// The visitor's minute in a real browser (docs/protocol.md "Waiting", "Errors" 429, "Incomplete
// answers", "A reply in flight survives a page load", "Ids go back into paths"): the status while a
// reply is on its way, a limit that counts down, cut and stopped answers, a reload mid-reply and a
// kept id the widget refuses. In Chromium only: these are the widget's own states on the page's test
// clock; cut and stopped streams, a reload mid-reply and what is announced run in every engine in
// chat, persist and announcements (test/browser/engine-rules.ts).
import { describe, expect, it } from 'vitest';
import { NORMAL_ANSWER } from '../../mock/answers';
import {
  advanceClock,
  apiRequests,
  DEMO_PUBLIC_ID,
  mockControl,
  nextTimer,
  openPage,
  passTime,
  WAIT,
  type WidgetPage,
} from './engines';

const KEY = `service-widget:${DEMO_PUBLIC_ID}`;
const chats = async () => (await apiRequests()).filter((r) => r.method === 'POST' && r.path === '/api/v1/widget/chat');
const waiting = (wp: WidgetPage) => wp.host.locator('[data-waiting]');
const assistant = (wp: WidgetPage) => wp.host.locator('[part~="message"][data-role="assistant"]');
const text = async (l: { textContent(): Promise<string | null> }) => ((await l.textContent()) ?? '').trim();
const reloadPage = async (wp: WidgetPage) => {
  await wp.page.reload();
  await expect.poll(() => wp.events().then((e) => e.some((x) => x.type === 'ready')), { timeout: WAIT }).toBe(true);
};

describe('while the reply is on its way', () => {
  it('a slow start: a status from the moment of sending, announced once, replaced by the streaming text', async () => {
    // The service is slow to start for as long as the test holds its reply (no clock to wait for).
    const wp = await openPage({ scenario: 'slow-start', initOptions: { locale: 'en' } });
    await mockControl('hold');
    await wp.openPanel();
    await wp.send('Orders last week?');
    // The waiting line until the answer's headers, then the reply's own line: "Thinking…" either way.
    const status = wp.host.locator('[part~="message-list"] .status', { hasText: 'Thinking…' });
    await status.waitFor();
    expect(await status.isVisible()).toBe(true);
    // Said once in the polite live region.
    const live = wp.host.locator('[aria-live="polite"]');
    expect(await text(live)).toBe('The assistant is working on your answer.');
    await mockControl('release');
    await wp.waitForReplies(1);
    expect(await status.count()).toBe(0);
    expect(await waiting(wp).count()).toBe(0);
    expect(await text(assistant(wp).first())).toContain('42');
  });

  it('a service that is down: "still trying" (in Turkish) while it is retried, then the error notice', async () => {
    // The retries' back-off moves with the page's clock (fixtures/test-clock.js), not in real seconds.
    const wp = await openPage({ scenario: 'down', earlyFixtures: ['test-clock.js'], initOptions: { locale: 'tr' } });
    await wp.openPanel();
    await wp.send('Stoklar?');
    await waiting(wp).waitFor();
    await expect.poll(() => text(waiting(wp)), { timeout: WAIT }).toBe('Hizmete ulaşılmaya çalışılıyor…');
    const notice = wp.host.locator('[part~="notice"][data-kind="error"]');
    // Each turn: the next back-off passes and its retry is answered 503, until the retries are over.
    await expect.poll(async () => (await nextTimer(wp), notice.count()), { timeout: WAIT }).toBe(1);
    expect(await chats()).toHaveLength(4);
    expect(await waiting(wp).count()).toBe(0);
    expect(await wp.part('composer-input').inputValue()).toBe('Stoklar?');
  });
});

describe('a limit with a short reset', () => {
  it('counts down, Send and Enter wait for the reset, the draft stays; then "You can write again now"', async () => {
    // The countdown moves with the page's clock (fixtures/test-clock.js), not in real seconds.
    const wp = await openPage({
      scenario: 'limit-short',
      earlyFixtures: ['test-clock.js'],
      initOptions: { locale: 'en' },
    });
    await wp.openPanel();
    await wp.send('Top customers?');
    const notice = wp.host.locator('[part~="notice"][data-kind="limit"]');
    await notice.waitFor();
    const seconds = async () => Number(/in (\d+) seconds?/.exec(await text(notice))?.[1] ?? NaN);
    const first = await seconds();
    expect(first).toBeGreaterThanOrEqual(5);
    expect(first).toBeLessThanOrEqual(8);
    // It counts down while the visitor looks.
    await advanceClock(wp, 1_000);
    await expect.poll(seconds, { timeout: WAIT }).toBeLessThan(first);
    expect(await wp.part('send-button').getAttribute('disabled')).not.toBeNull();
    await wp.part('composer-input').press('Enter');
    await passTime(wp.page, 300);
    expect(await chats()).toHaveLength(1);
    expect(await wp.part('composer-input').inputValue()).toBe('Top customers?');

    await advanceClock(wp, 8_000);
    await expect.poll(() => text(notice), { timeout: WAIT }).toContain('You can write again now.');
    expect(await text(notice)).not.toMatch(/seconds/);
    expect(await wp.part('send-button').getAttribute('disabled')).toBeNull();
    expect(await wp.part('composer-input').inputValue()).toBe('Top customers?');
    await wp.part('send-button').click();
    await wp.waitForReplies(1);
    expect(await chats()).toHaveLength(2);
  });
});

describe('incomplete answers', () => {
  it('a cut stream: data-state="incomplete", a visible note, no "Copy answer"', async () => {
    const wp = await openPage({ scenario: 'cut', settings: { chunkDelayMs: 20 }, initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('Top customers this quarter?');
    await wp.host.locator('[part~="notice"][data-kind="interrupted"]').waitFor();
    const reply = wp.host.locator('[part~="message"][data-state="incomplete"]');
    await reply.waitFor();
    const note = reply.getByText('Cut off. This answer is incomplete.');
    expect(await note.isVisible()).toBe(true);
    await passTime(wp.page, 300);
    expect(await reply.locator('[part~="copy-message-button"]').count()).toBe(0);
  });

  it('Stop: the partial answer is marked incomplete, with the note', async () => {
    const wp = await openPage({ scenario: 'slow', initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('Orders last week?');
    await expect.poll(async () => (await text(assistant(wp).first())).length, { timeout: WAIT }).toBeGreaterThan(20);
    await wp.part('stop-button').click();
    const stopped = wp.host.locator('[part~="message"][data-state="incomplete"]');
    await stopped.getByText('Stopped. This answer is incomplete.').waitFor();
    expect((await text(stopped)).length).toBeLessThan(NORMAL_ANSWER.length);
  });

  it('an error event: the note, and "Try again" in the notice sends the message again', async () => {
    const wp = await openPage({ scenario: 'error-event', initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('Stock levels?');
    const notice = wp.host.locator('[part~="notice"][data-kind="error"]');
    await notice.waitFor();
    expect(await text(notice)).toMatch(/try again/i);
    await wp.host.locator('[part~="message"][data-state="incomplete"]').getByText('Ended by an error.').waitFor();
    await notice.locator('[part~="retry-button"]').click();
    await expect.poll(async () => (await chats()).length, { timeout: WAIT }).toBe(2);
    const [a, b] = await chats();
    expect(b!.body).toMatchObject({ message: 'Stock levels?', conversation_id: expect.stringMatching(/^conv_/) });
    expect(b!.headers['idempotency-key']).not.toBe(a!.headers['idempotency-key']);
  });
});

describe('a reply in flight survives a page load', () => {
  it('reloaded mid-reply: "still being written", asked again, then the stored reply; nothing re-sent', async () => {
    const wp = await openPage({ scenario: 'reload-mid-reply', initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('How many orders did we get last week?');
    await expect.poll(async () => (await text(assistant(wp).first())).length, { timeout: WAIT }).toBeGreaterThan(10);
    // Only a flag and the id: never text.
    const raw = (await wp.page.evaluate((k) => sessionStorage.getItem(k), KEY))!;
    expect(raw).toMatch(/^3conv_\w+$/);
    const before = (await apiRequests()).length;
    await reloadPage(wp);
    await waiting(wp).waitFor();
    expect(await text(waiting(wp))).toBe('The answer is still being written…');
    expect(await assistant(wp).count()).toBe(0);
    // The service finishes writing now (not after the reply's 12 s of frames): the widget's next
    // ask, within its backoff, finds the stored reply.
    await mockControl('finish');
    await expect.poll(() => assistant(wp).count(), { timeout: 40_000 }).toBe(1);
    await wp.waitForReplies(1);
    expect(await text(assistant(wp).first())).toContain('3 cancelled by the customer');
    expect(await waiting(wp).count()).toBe(0);
    const after = (await apiRequests()).slice(before).map((r) => `${r.method} ${r.path}`);
    expect(after.filter((r) => r === `GET /api/v1/widget/conversations/${raw.slice(1)}`).length).toBeGreaterThan(1);
    expect(after.filter((r) => r.startsWith('POST'))).toEqual([]);
    expect(await wp.page.evaluate((k) => sessionStorage.getItem(k), KEY)).toBe(`1${raw.slice(1)}`);
    expect(await wp.part('notice').count()).toBe(0);
  });
});

describe('a kept id the widget refuses', () => {
  for (const kept of ['1../x', '3../x', '1a/b']) {
    it(`${kept} in sessionStorage: a new conversation, quietly (no notice, no request for it)`, async () => {
      const wp = await openPage({ initOptions: { locale: 'en' } });
      await wp.page.evaluate(([k, v]) => sessionStorage.setItem(k!, v!), [KEY, kept]);
      const before = (await apiRequests()).length;
      await reloadPage(wp);
      await wp.part('composer-input').waitFor();
      await expect
        .poll(async () => (await apiRequests()).slice(before).map((r) => r.path), { timeout: WAIT })
        .toContain('/api/v1/widget/config');
      await passTime(wp.page, 300);
      expect(await wp.part('notice').count()).toBe(0);
      expect((await wp.events()).filter((e) => e.type === 'error')).toEqual([]);
      await wp.send('Hello');
      await wp.waitForReplies(1);
      const sent = (await apiRequests()).slice(before);
      expect(sent.filter((r) => r.path.startsWith('/api/v1/widget/conversations'))).toEqual([]);
      expect(sent.find((r) => r.path === '/api/v1/widget/chat')!.body).toEqual({ message: 'Hello' });
    });
  }
});

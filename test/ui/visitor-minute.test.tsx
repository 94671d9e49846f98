// The visitor's minute (docs/protocol.md "Waiting", "Errors" 429, "Incomplete answers", "A reply in
// flight survives a page load"): what the visitor sees between sending and the answer, while a
// limit holds, after a cut or stopped answer, and after a page load mid-reply. Fake timers: the
// backoffs, countdowns and two-minute waits cost no real time.
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceUntil, mock, mountWidget, type MountedWidget } from '../helpers/widget';
import { TEST_PUBLIC_ID, testToken } from '../msw-server';

const KEY = `service-widget:${TEST_PUBLIC_ID}`;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const root = (w: MountedWidget) => w.host.shadowRoot!;
const waiting = (w: MountedWidget) => root(w).querySelector<HTMLElement>('[data-waiting]');
const live = (w: MountedWidget) => root(w).querySelector<HTMLElement>('[aria-live="polite"]')!;
/** Every text the polite live region held, in order (each change is one announcement). */
function said(w: MountedWidget): string[] {
  const out: string[] = [];
  // An empty region says nothing (a render that leaves it empty is not an announcement).
  new MutationObserver(() => live(w).textContent && out.push(live(w).textContent!)).observe(live(w), {
    childList: true,
    subtree: true,
    characterData: true,
  });
  return out;
}
/** Every status line the visitor saw while waiting, in order (null: none shown). */
function statuses(w: MountedWidget): (string | null)[] {
  const out: (string | null)[] = [];
  new MutationObserver(() => {
    const now = waiting(w)?.textContent ?? null;
    if (out.at(-1) !== now) out.push(now);
  }).observe(root(w), { childList: true, subtree: true, characterData: true, attributes: true });
  return out;
}
const sendButton = (w: MountedWidget) => w.part('send-button') as HTMLButtonElement;
const noticeText = (w: MountedWidget) => w.part('notice')?.textContent ?? '';

describe('waiting: from the moment of sending until the reply begins', () => {
  it('shows the assistant works, "still trying" at a retry, announced once, then gives way to the text', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.setScenario('unavailable');
    const w = await mountWidget();
    const log = said(w);
    const seen = statuses(w);
    await w.send('Orders last week?');
    await advanceUntil(() => waiting(w)?.dataset.waiting === 'retrying');
    await advanceUntil(() => w.messages('assistant').length > 0);
    expect(waiting(w)).toBeNull();
    // Shown from the frame after the press (which paints the visitor's message) until the reply.
    expect(seen.filter(Boolean)).toEqual(['Thinking…', 'Still trying to reach the service…']);
    vi.useRealTimers();
    await w.settled();
    // Once when the visitor started waiting (not per retry), then the finished reply.
    expect(log[0]).toBe('The assistant is working on your answer.');
    expect(log.slice(1).every((t) => t.startsWith('The assistant answered.'))).toBe(true);
  });

  it('the `down` service: the status stays until the error notice, which keeps the message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.setScenario('down');
    const w = await mountWidget();
    const log = said(w);
    await w.send('Anyone there?');
    await advanceUntil(() => waiting(w)?.dataset.waiting === 'retrying');
    await advanceUntil(() => w.part('notice') !== null);
    expect(waiting(w)).toBeNull();
    expect(w.composer().value).toBe('Anyone there?');
    expect(log).toEqual(['The assistant is working on your answer.']);
  });
});

describe('a limit counts down to its reset', () => {
  it('per second; Send, Enter and ask() wait; the draft stays; then "You can write again now"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    mock.setScenario('limit-short');
    const w = await mountWidget();
    await w.send('Top customers?');
    await advanceUntil(() => w.part('notice') !== null);
    const notice = w.part('notice')!;
    expect(notice.dataset.kind).toBe('limit');
    expect(noticeText(w)).toContain('You can write again in 8 seconds.');
    expect(w.composer().value).toBe('Top customers?');
    expect(sendButton(w).disabled).toBe(true);
    fireEvent.keyDown(w.composer(), { key: 'Enter' });
    const ticking = notice.querySelector('.status[aria-hidden="true"]')!;
    await vi.advanceTimersByTimeAsync(3000);
    await advanceUntil(() => ticking.textContent === 'You can write again in 5 seconds.', 300, 10);
    expect(ticking.textContent).toBe('You can write again in 5 seconds.');
    expect(w.chatRequests()).toHaveLength(1);
    // What a screen reader hears stays as it was said: no announcement every second.
    expect(notice.querySelector('.sr-only')!.textContent).toBe('You can write again in 8 seconds.');
    // The page's ask({ send: true }) waits too, as the Send button does; its text is in the composer.
    w.instance.ask('Top customers by revenue?', { send: true });
    await vi.advanceTimersByTimeAsync(500);
    expect(w.chatRequests()).toHaveLength(1);
    expect(w.composer().value).toBe('Top customers by revenue?');
    await advanceUntil(() => noticeText(w).includes('You can write again now.'), 6000, 100);
    expect(noticeText(w)).not.toMatch(/seconds/);
    expect(sendButton(w).disabled).toBe(false);
    expect(w.composer().value).toBe('Top customers by revenue?');
    fireEvent.keyDown(w.composer(), { key: 'Enter' });
    await advanceUntil(() => w.messages('assistant').length > 0);
    expect(w.chatRequests()).toHaveLength(2);
  });

  it('a far reset (daily) is not ticked for screen readers, and Send waits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    mock.setScenario('limit-daily');
    const w = await mountWidget();
    await w.send('More?');
    await advanceUntil(() => w.part('notice') !== null);
    const heard = () =>
      [...w.part('notice')!.querySelectorAll('span')]
        .filter((s) => !s.closest('[aria-hidden="true"]'))
        .map((s) => s.textContent)
        .join('|');
    const before = heard();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(heard()).toBe(before);
    expect(sendButton(w).disabled).toBe(true);
  });
});

describe('incomplete answers', () => {
  it('a finished answer has no data-state and offers "Copy answer"', async () => {
    const w = await mountWidget();
    await w.send('Orders?');
    await w.settled();
    const reply = w.messages('assistant')[0]!;
    await waitFor(() => expect(reply.querySelector('[part~="copy-message-button"]')).not.toBeNull());
    expect(reply.dataset.state).toBeUndefined();
  });

  it('a cut stream: data-state="incomplete", a visible note, no "Copy answer"', async () => {
    mock.setScenario('cut');
    const w = await mountWidget();
    await w.send('Orders?');
    await w.findNotice('interrupted');
    const reply = w.messages('assistant')[0]!;
    await waitFor(() => expect(reply.dataset.state).toBe('incomplete'));
    expect(reply.querySelector('.incomplete-note')!.textContent).toBe('Cut off. This answer is incomplete.');
    await waitFor(() => expect(reply.querySelector('[part~="copy-table-button"], .md p')).not.toBeNull());
    expect(reply.querySelector('[part~="copy-message-button"]')).toBeNull();
  });

  it('an error event: the note, and the notice\'s "Try again" sends the message again', async () => {
    mock.setScenario('error-event');
    const w = await mountWidget({ locale: 'tr' });
    await w.send('Stok durumu?');
    const notice = await w.findNotice('error');
    const reply = w.messages('assistant')[0]!;
    await waitFor(() => expect(reply.dataset.state).toBe('incomplete'));
    expect(reply.textContent).toContain('Bir hatayla sona erdi. Bu yanıt eksik.');
    mock.setScenario('normal');
    fireEvent.click(notice.querySelector('[part~="retry-button"]')!);
    await waitFor(() => expect(w.chatRequests()).toHaveLength(2));
    await w.settled();
    expect(w.chatRequests()[1]!.body).toMatchObject({ message: 'Stok durumu?' });
    expect(w.messages('assistant')[1]!.dataset.state).toBeUndefined();
    expect(w.part('notice')).toBeNull();
  });
});

describe('a reply in flight survives a page load', () => {
  /** The service has the visitor's question and is still writing its reply; the last page kept that. */
  async function pageAfterReload(sub: string) {
    const token = await testToken(sub);
    const conversation = mock.state.createConversation(sub, 'Orders');
    mock.state.append(conversation, { id: 'm1', role: 'user', content: 'Orders?', created_at: '2026-11-26T12:00:00Z' });
    sessionStorage.setItem(KEY, `3${conversation.id}`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const w = await mountWidget({ container: undefined, getAuthToken: () => token }, sub);
    const gets = () => mock.requests.filter((r) => r.path.endsWith(`/conversations/${conversation.id}`)).length;
    return { w, conversation, gets };
  }

  it('says the answer is still being written, asks again with backoff, then shows the stored reply', async () => {
    const { w, conversation, gets } = await pageAfterReload('visitor-r1');
    await advanceUntil(() => waiting(w) !== null);
    expect(waiting(w)!.textContent).toBe('The answer is still being written…');
    expect(live(w).textContent).toBe('The answer is still being written…');
    expect(w.part('stop-button')).not.toBeNull();
    await advanceUntil(() => gets() >= 3);
    mock.state.append(conversation, {
      id: 'm2',
      role: 'assistant',
      content: 'There were **42** orders.',
      created_at: '',
    });
    await advanceUntil(() => w.messages('assistant').length > 0, 10_000);
    expect(waiting(w)).toBeNull();
    expect(w.messages('assistant')[0]!.textContent).toContain('42');
    expect(sessionStorage.getItem(KEY)).toBe(`1${conversation.id}`);
    expect(mock.requests.some((r) => r.path.endsWith('/chat'))).toBe(false);
  });

  it('gives up after two minutes with a reload-button, and forgets the pending reply', async () => {
    const { w, conversation, gets } = await pageAfterReload('visitor-r2');
    await advanceUntil(() => w.part('notice') !== null, 130_000, 500);
    expect(w.part('notice')!.dataset.kind).toBe('interrupted');
    expect(noticeText(w)).toContain('The answer is taking longer than usual.');
    expect(w.part('reload-button')).not.toBeNull();
    expect(waiting(w)).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBe(`1${conversation.id}`);
    const asked = gets();
    expect(asked).toBeGreaterThan(10);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gets()).toBe(asked);
  });

  it('while a reply streams the flag is kept (never text), and dropped when the reply is done', async () => {
    mock.chunkDelayMs = 40;
    const w = await mountWidget({}, 'visitor-r3');
    await w.send('Secret project Falcon?');
    await waitFor(() => expect(sessionStorage.getItem(KEY)).toMatch(/^3conv_/), { timeout: 5000 });
    expect(sessionStorage.getItem(KEY)).not.toMatch(/Falcon/);
    await waitFor(() => expect(sessionStorage.getItem(KEY)).toMatch(/^1conv_/), { timeout: 10_000 });
    await w.settled();
  });
});

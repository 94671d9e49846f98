// What a failure does (issues 10.4, 15.2, 15.3): "Try again" repeats exactly what failed, a
// misconfigured page is named once in the console with the option to check, the visitor is told
// something true, each failure fires one `error` event, and a send that fails before its reply
// starts looks the same whatever the reason.
import { fireEvent, waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceUntil, mock, mountWidget } from '../helpers/widget';
import { server, TEST_BASE_URL } from '../msw-server';

const API = `${TEST_BASE_URL}/api/v1/widget`;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const requests = (path: string) => mock.requests.filter((r) => r.path.endsWith(path));

/** Fails the first request to `path` (not recorded by the mock) and counts every request to it. */
function failOnce(method: 'get' | 'post', path: string) {
  let calls = 0;
  server.use(
    http[method](`${API}${path}`, () => {
      calls++;
      return calls === 1 ? HttpResponse.json({ detail: null }, { status: 500 }) : undefined;
    }),
  );
  return () => calls;
}

describe('"Try again" repeats exactly what failed', () => {
  it('a failed portal code with an unsent draft: asks /portal/code again, never sends the draft', async () => {
    mock.setSettings({ connectedAccounts: true });
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const calls = failOnce('post', '/portal/code');
    const w = await mountWidget();
    await w.findPart('composer-input');
    w.type('Delete all orders from customer 42');
    fireEvent.click(await w.findPart('plug-button'));
    await w.findNotice('error');
    fireEvent.click(w.part('retry-button')!);
    await waitFor(() => expect(calls()).toBe(2));
    await w.findPart('portal-link');
    expect(w.chatRequests()).toHaveLength(0);
    expect(w.composer().value).toBe('Delete all orders from customer 42');
  });

  it('a failed /config is asked again by its retry, and then applies', async () => {
    mock.setSettings({ connectedAccounts: true });
    const calls = failOnce('get', '/config');
    const w = await mountWidget();
    await w.findNotice('error');
    expect(w.part('plug-button')).toBeNull();
    w.type('unsent');
    fireEvent.click(w.part('retry-button')!);
    await w.findPart('plug-button');
    expect(calls()).toBe(2);
    expect(w.chatRequests()).toHaveLength(0);
    expect(w.part('notice')).toBeNull();
  });

  it('a failed history page is asked again, not the chat', async () => {
    const w = await mountWidget();
    await w.findPart('composer-input');
    w.type('draft');
    const calls = failOnce('get', '/conversations');
    fireEvent.click(await w.findPart('history-button'));
    await w.findNotice('error');
    fireEvent.click(w.part('retry-button')!);
    await waitFor(() => expect(calls()).toBe(2));
    expect(w.chatRequests()).toHaveLength(0);
  });
});

describe('a misconfigured page', () => {
  it('wrong baseUrl (404 on /config): one console.error naming `baseUrl`, "can\'t connect" for the visitor, one error event', async () => {
    server.use(http.get(`${API}/config`, () => new HttpResponse('<h1>Not Found</h1>', { status: 404 })));
    server.use(http.post(`${API}/chat`, () => new HttpResponse('<h1>Not Found</h1>', { status: 404 })));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    const notice = await w.findNotice('error');
    expect(notice.textContent).toMatch(/can’t connect right now/);
    expect(notice.textContent).not.toMatch(/session|went wrong/i);
    await w.send('hello');
    await waitFor(() => expect(onEvent.mock.calls.filter(([e]) => e.type === 'error')).toHaveLength(2));
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/`baseUrl`/);
  });

  it('getAuthToken rejecting (CORS on the token endpoint): one console.error naming it, no "session expired", no token in the console', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    const onEvent = vi.fn();
    const getAuthToken = vi.fn(() => Promise.reject(new TypeError('Failed to fetch eyJhbGciOiJIUzI1NiJ9.secret')));
    const w = await mountWidget({ getAuthToken, onEvent });
    const notice = await w.findNotice('error');
    expect(notice.textContent).toMatch(/can’t connect right now/);
    expect(notice.textContent).not.toMatch(/session/i);
    await w.send('hello');
    await waitFor(() => expect(onEvent.mock.calls.filter(([e]) => e.type === 'error')).toHaveLength(2));
    const error = spies[3]!;
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/`getAuthToken`/);
    const printed = spies.flatMap((s) => s.mock.calls.flat().map(String)).join('\n');
    expect(printed).not.toMatch(/eyJ|secret/);
    expect(mock.requests).toHaveLength(0);
  });

  it('a send that fails once fires one error event', async () => {
    server.use(http.post(`${API}/chat`, () => HttpResponse.json({ detail: null, request_id: 'r1' }, { status: 500 })));
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    await waitFor(() => expect(requests('/config')).toHaveLength(1));
    await w.send('hello');
    await w.findNotice('error');
    await w.settled();
    expect(onEvent.mock.calls.filter(([e]) => e.type === 'error')).toEqual([
      [expect.objectContaining({ code: 'error' })],
    ]);
  });
});

describe('a send that fails before its reply starts looks the same whatever the reason', () => {
  /** Watches the shadow root and records what was on screen when the first notice appeared. */
  function atFirstNotice(root: ShadowRoot) {
    let seen: { bubbles: number; stop: boolean } | undefined;
    const look = () => {
      if (seen || !root.querySelector('[part~="notice"]')) return;
      seen = {
        bubbles: root.querySelectorAll('[part~="message"][data-role="user"]').length,
        stop: !!root.querySelector('[part~="stop-button"]'),
      };
    };
    new MutationObserver(look).observe(root, { childList: true, subtree: true });
    return () => seen;
  }

  it.each([
    // Unreachable: /config fails too, after its own retries, while the send still retries.
    ['unreachable', `${API}/*`, () => HttpResponse.error()],
    [
      '429',
      `${API}/chat`,
      () => HttpResponse.json({ detail: { error: 'user_limit_reached', period: 'daily' } }, { status: 429 }),
    ],
    ['500', `${API}/chat`, () => HttpResponse.json({ detail: null }, { status: 500 })],
  ])(
    '%s: the notice comes with the text back in the composer, no bubble, no Stop (fake timers)',
    async (_, path, answer) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      server.use(http.all(path, answer));
      const onEvent = vi.fn();
      const w = await mountWidget({ onEvent });
      const seen = atFirstNotice(w.host.shadowRoot!);
      await vi.advanceTimersByTimeAsync(0);
      w.type('Orders this week?');
      fireEvent.keyDown(w.composer(), { key: 'Enter' });
      await advanceUntil(() => !!w.part('notice') && !w.part('stop-button'));
      expect(seen()).toEqual({ bubbles: 0, stop: false });
      expect(w.composer().value).toBe('Orders this week?');
      expect(w.parts('notice')).toHaveLength(1);
      // One failure the visitor saw, one event (the /config failure said nothing of its own).
      expect(onEvent.mock.calls.filter(([e]) => e.type === 'error').length).toBe(1);
    },
  );
});

// `persist` (README, "Across page loads (`persist`)"): the open conversation and whether the panel was open follow the
// visitor across page loads in one tab. A "page load" here: the tab's sessionStorage as the old page
// left it, a fresh init. (The real reloads are in test/browser/persist.test.ts.)
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InitOptions } from '../../src/types';
import { mock, mountWidget, type MountedWidget } from '../helpers/widget';
import { TEST_PUBLIC_ID, testToken } from '../msw-server';

const KEY = `service-widget:${TEST_PUBLIC_ID}`;
const stored = () =>
  Array.from({ length: sessionStorage.length }, (_, i): [string, string] => [
    sessionStorage.key(i)!,
    sessionStorage.getItem(sessionStorage.key(i)!)!,
  ]);
/** The kept value (`1` or `0`, the panel was open, then the conversation id), read back. */
const kept = () => {
  const raw = sessionStorage.getItem(KEY);
  return raw === null ? null : { conversation: raw.slice(1) || null, open: raw[0] === '1' };
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The visitor follows a link: the page goes away as it is (no destroy), its storage stays. */
function leave(w: MountedWidget): void {
  const snapshot = stored();
  w.instance.destroy();
  sessionStorage.clear();
  for (const [k, v] of snapshot) sessionStorage.setItem(k, v);
  mock.requests.length = 0;
}

/** A floating widget of the next page, with a getAuthToken that counts its calls. */
async function nextPage(sub: string, options: Partial<InitOptions> = {}) {
  const token = await testToken(sub);
  const getAuthToken = vi.fn(() => token);
  const w = await mountWidget({ container: undefined, getAuthToken, ...options }, sub);
  return { w, getAuthToken };
}

const conversationRequests = () => mock.requests.filter((r) => /\/conversations\/[^?]+$/.test(r.path));

describe('persist', () => {
  it('keeps only the conversation id and whether the panel was open: no text, title or token', async () => {
    const token = await testToken('visitor-p1');
    const w = await mountWidget({ getAuthToken: () => token }, 'visitor-p1');
    await w.send('Orders for the secret project Falcon?');
    await w.settled();
    const [id] = mock.state.visitors.get('visitor-p1')!.conversations.keys();
    expect(stored()).toEqual([[KEY, `1${id}`]]);
    const all = JSON.stringify(stored());
    expect(all).not.toMatch(/Falcon/);
    expect(all).not.toContain(token.split('.')[1]!);
    expect(localStorage.length).toBe(0);
  });

  it('the panel was open: it opens again on the next page and the conversation comes back, nothing re-sent', async () => {
    const { w } = await nextPage('visitor-p2', { open: true });
    await w.send('How did orders go last week?');
    await w.settled();
    const id = kept()!.conversation!;
    leave(w);

    const onEvent = vi.fn();
    const { w: next } = await nextPage('visitor-p2', { onEvent });
    await waitFor(() => expect(next.messages()).toHaveLength(2));
    expect(next.part('panel')).not.toBeNull();
    expect(next.messages('user')[0]!.textContent).toContain('How did orders go last week?');
    expect(conversationRequests().map((r) => r.path)).toEqual([`/api/v1/widget/conversations/${id}`]);
    expect(next.chatRequests()).toHaveLength(0);
    expect(onEvent).toHaveBeenCalledWith({ type: 'open' });
    // The next message continues the same conversation.
    await next.send('and per region?');
    await waitFor(() => expect(next.chatRequests()).toHaveLength(1));
    expect(next.chatRequests()[0]!.body).toEqual({ conversation_id: id, message: 'and per region?' });
  });

  it('the panel was closed: no request and no getAuthToken call until the visitor opens it; then the conversation comes back', async () => {
    const { w } = await nextPage('visitor-p3', { open: true });
    await w.send('Top customers?');
    await w.settled();
    w.instance.close();
    const id = kept()!.conversation!;
    expect(kept()).toEqual({ conversation: id, open: false });
    leave(w);

    const { w: next, getAuthToken } = await nextPage('visitor-p3');
    await Promise.resolve();
    expect(next.part('panel')).toBeNull();
    expect(getAuthToken).not.toHaveBeenCalled();
    expect(mock.requests).toHaveLength(0);
    // Still kept while closed: another page load now would find it too.
    expect(kept()).toEqual({ conversation: id, open: false });

    fireEvent.click(next.part('launcher')!);
    await waitFor(() => expect(next.messages()).toHaveLength(2));
    expect(mock.requests.map((r) => r.path).sort()).toEqual([
      '/api/v1/widget/config',
      `/api/v1/widget/conversations/${id}`,
    ]);
    expect(kept()).toEqual({ conversation: id, open: true });
  });

  it('a kept conversation the service no longer has (404) starts a new one quietly and forgets the stale id', async () => {
    const { w } = await nextPage('visitor-p4', { open: true });
    await w.send('Hello');
    await w.settled();
    const id = kept()!.conversation!;
    leave(w);
    mock.state.visitors.get('visitor-p4')!.conversations.delete(id);

    const onEvent = vi.fn();
    const { w: next } = await nextPage('visitor-p4', { onEvent });
    await waitFor(() => expect(conversationRequests()).toHaveLength(1));
    await waitFor(() => expect(next.part('composer-input')).not.toBeNull());
    await waitFor(() => expect(next.host.shadowRoot!.querySelector('[aria-busy="true"]')).toBeNull());
    expect(next.part('notice')).toBeNull();
    expect(onEvent).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
    expect(next.messages()).toHaveLength(0);
    expect(kept()).toEqual({ conversation: null, open: true });
    // The next message starts a new conversation.
    await next.send('Hello again');
    await waitFor(() => expect(next.chatRequests()).toHaveLength(1));
    expect(next.chatRequests()[0]!.body).toEqual({ message: 'Hello again' });
  });

  it.each(['../x', '..', 'a/b', 'a\\b'])(
    'a kept id %j that would change the request path starts a new conversation quietly, with no request for it',
    async (id) => {
      sessionStorage.setItem(KEY, `1${id}`);
      const onEvent = vi.fn();
      const { w } = await nextPage('visitor-p10', { onEvent });
      // The panel was open: it opens again, asks /config, and nothing else.
      await waitFor(() => expect(mock.requests.some((r) => r.path.endsWith('/config'))).toBe(true));
      await waitFor(() => expect(w.part('composer-input')).not.toBeNull());
      expect(conversationRequests().map((r) => r.path)).toEqual([]);
      expect(w.part('notice')).toBeNull();
      expect(onEvent).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
      expect(w.messages()).toHaveLength(0);
      await w.send('Hello');
      await waitFor(() => expect(w.chatRequests()).toHaveLength(1));
      expect(w.chatRequests()[0]!.body).toEqual({ message: 'Hello' });
      // Its storage is the next case's: nothing of this page may write there later.
      await w.settled();
      w.instance.destroy();
    },
  );

  it('a reply still streaming when the visitor left is reloaded from the service, never re-sent', async () => {
    mock.chunkDelayMs = 300;
    const { w } = await nextPage('visitor-p5', { open: true });
    await w.send('The full report please');
    // The conversation is kept as soon as the service names it, while the reply streams.
    await waitFor(() => expect(kept()?.conversation).toBeTruthy(), { timeout: 5000 });
    await waitFor(() => expect(w.part('stop-button')).not.toBeNull());
    const id = kept()!.conversation!;
    leave(w);
    mock.chunkDelayMs = 0;

    const { w: next } = await nextPage('visitor-p5');
    await waitFor(() => expect(next.messages()).toHaveLength(2));
    expect(next.chatRequests()).toHaveLength(0);
    expect(conversationRequests().map((r) => r.path)).toEqual([`/api/v1/widget/conversations/${id}`]);
    const stored = mock.state.visitors.get('visitor-p5')!.conversations.get(id)!.messages[1]!.content;
    // A long stored reply is rendered over a few frames (src/markdown/budget.ts): wait for it.
    await waitFor(() => expect(next.messages('assistant')[0]!.textContent!.length).toBeGreaterThan(stored.length / 2), {
      timeout: 10_000,
    });
    expect(next.part('stop-button')).toBeNull();
  }, 30_000); // its waits may take 5 s and 10 s on a loaded machine: more than the default 5 s

  it('newConversation() forgets the kept conversation and destroy() forgets everything', async () => {
    const { w } = await nextPage('visitor-p6', { open: true });
    await w.send('Hello');
    await w.settled();
    expect(kept()!.conversation).toBeTruthy();
    w.instance.newConversation();
    expect(kept()).toEqual({ conversation: null, open: true });
    await w.send('Second');
    await w.settled();
    expect(kept()!.conversation).toBeTruthy();
    w.instance.destroy();
    expect(sessionStorage.length).toBe(0);
  });

  it('newConversation() before the panel was opened again forgets the kept conversation too', async () => {
    sessionStorage.setItem(KEY, '0c_gone');
    const { w } = await nextPage('visitor-p7');
    w.instance.newConversation();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    w.instance.open();
    await waitFor(() => expect(mock.requests.some((r) => r.path.endsWith('/config'))).toBe(true));
    expect(conversationRequests()).toHaveLength(0);
  });

  it('persist: false keeps nothing and ignores what an earlier page kept', async () => {
    sessionStorage.setItem(KEY, '1c_1');
    const { w } = await nextPage('visitor-p8', { persist: false });
    await Promise.resolve();
    expect(w.part('panel')).toBeNull();
    w.instance.open();
    await w.send('Hello');
    await w.settled();
    expect(conversationRequests()).toHaveLength(0);
    expect(stored()).toEqual([[KEY, '1c_1']]);
    w.instance.destroy();
    expect(sessionStorage.length).toBe(1);
  });

  it('an option inherited through a polluted Object.prototype does not switch it off', async () => {
    Object.defineProperty(Object.prototype, 'persist', { value: false, configurable: true, writable: true });
    try {
      const { w } = await nextPage('visitor-p9', { open: true });
      await w.send('Hello');
      await w.settled();
      expect(kept()!.conversation).toBeTruthy();
    } finally {
      delete (Object.prototype as { persist?: unknown }).persist;
    }
  });

  it('storage that throws on every call never breaks the widget', async () => {
    const quota = vi.fn(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const full = { getItem: quota, setItem: quota, removeItem: quota } as unknown as Storage;
    vi.spyOn(window, 'sessionStorage', 'get').mockReturnValue(full);
    const { w } = await nextPage('visitor-p10', { open: true });
    await w.send('Hello');
    await w.settled();
    expect(w.messages()).toHaveLength(2);
    expect(() => w.instance.newConversation()).not.toThrow();
    expect(() => w.instance.destroy()).not.toThrow();
    expect(quota).toHaveBeenCalled();
  });
});

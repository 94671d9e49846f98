import { waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mintToken } from '../../mock/jwt';
import { mock, mountWidget } from '../helpers/widget';

// A simulated hour: only Date is faked, so the widget's own timers and msw keep running; the
// tokens' `exp` and the mock's check of it both read the fake clock.
const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('long sessions', () => {
  it('with getAuthToken and 5-minute tokens, every request over an hour gets a fresh, valid token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T09:00:00Z'));
    const getAuthToken = vi.fn(() => mintToken({ sub: 'visitor-1', ttlSeconds: 300 }));
    const w = await mountWidget({ getAuthToken });
    for (let i = 0; i < 4; i++) {
      await w.send(`question ${i}`);
      await waitFor(() => expect(w.messages('assistant')).toHaveLength(i + 1));
      await w.settled();
      vi.setSystemTime(Date.now() + 20 * MINUTE);
    }
    expect(w.part('notice')).toBeNull();
    // One getAuthToken call per request: nothing is cached across the hour.
    expect(getAuthToken.mock.calls.length, JSON.stringify(mock.requests.map((r) => r.method + ' ' + r.path))).toBe(
      mock.requests.length,
    );
  });

  it('a static token that expires is refused once, then never sent again; the visitor is told to reload', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T09:00:00Z'));
    const authToken = await mintToken({ sub: 'visitor-1', ttlSeconds: 15 * 60 });
    const onEvent = vi.fn();
    const errors = () => onEvent.mock.calls.filter(([e]) => e.type === 'error').length;
    const w = await mountWidget({ authToken, onEvent });
    await w.send('before expiry');
    await waitFor(() => expect(w.messages('assistant')).toHaveLength(1));
    await w.settled();
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    await w.send('after expiry');
    expect((await w.findNotice('auth')).textContent).toMatch(/reload the page/i);
    const sent = mock.requests.length;
    const failed = errors();
    await w.send('and again');
    // The second send failed too (its own error event), without a request.
    await waitFor(() => expect(errors()).toBe(failed + 1));
    await w.findNotice('auth');
    expect(mock.requests.length).toBe(sent);
    expect(w.composer().value).toBe('and again');
  });
});

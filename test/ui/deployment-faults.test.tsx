// @vitest-environment-options {"url": "https://shop.test/"}
// A deployment mistake as the visitor and the page see it (issue #38, docs/troubleshooting.md): the
// visitor is told the site is not set up (not that the service or their network failed), the
// `error` event keeps its code and gets a `cause`, and the console has one line naming the entry.
// The page is https://shop.test (this file's happy-dom URL), so an http: baseUrl is mixed content.
// test/browser/deployment-faults.test.ts shows the same in real browsers.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forget } from '../../src/api/diagnose';
import type { WidgetEvent } from '../../src/types';
import { advanceUntil, mountWidget, type MountedWidget } from '../helpers/widget';
import { server, TEST_BASE_URL } from '../msw-server';

const API = `${TEST_BASE_URL}/api/v1/widget`;
const PAGE_SETUP = 'The chat is not set up correctly on this site yet. Please let the site’s team know.';

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  forget();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const lines = () => errors.mock.calls.map((c: unknown[]) => String(c[0]));

/**
 * The browser's CORS refusal: the widget's own requests (they carry headers) are refused, a
 * `no-cors` request answers opaquely, and a simple GET gets through when `originAllowed`.
 */
function refuseCors(originAllowed: boolean): void {
  vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
    const answers = init?.mode === 'no-cors' || (!init?.headers && originAllowed);
    return answers
      ? Promise.resolve(new Response(null, { status: 401 }))
      : Promise.reject(new TypeError('Failed to fetch'));
  });
}

/** Sends a message, the retries' backoff passed on a fake clock, until the notice shows. */
async function sendUntilNotice(w: MountedWidget): Promise<HTMLElement> {
  await w.send('How many orders?');
  await advanceUntil(() => !!w.part('notice') && !w.part('stop-button'));
  return w.findNotice('error');
}

const errorEvents = (onEvent: ReturnType<typeof vi.fn>) =>
  onEvent.mock.calls.map(([e]) => e as WidgetEvent).filter((e) => e.type === 'error');

describe('a deployment mistake: the visitor told the site is not set up, the event its cause', () => {
  it.each([
    [false, 'cors-origin', /refused this page's origin https:\/\/shop\.test \(CORS\)/],
    [true, 'cors-header', /refused the widget's request headers \(CORS preflight\)/],
  ] as const)(
    'CORS (origin allowed: %s): cause cors, code unavailable, one line naming #%s',
    async (originAllowed, entry, says) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      refuseCors(originAllowed);
      const onEvent = vi.fn();
      const w = await mountWidget({ onEvent });
      const notice = await sendUntilNotice(w);
      expect(notice.textContent).toContain(PAGE_SETUP);
      expect(notice.textContent).not.toMatch(/not responding|can’t connect/);
      // The text comes back to the composer: nothing the visitor typed is lost.
      expect(w.composer().value).toBe('How many orders?');
      await advanceUntil(() => errorEvents(onEvent).length > 0);
      expect(errorEvents(onEvent)).toContainEqual(
        expect.objectContaining({ type: 'error', code: 'unavailable', cause: 'cors' }),
      );
      expect(errorEvents(onEvent).every((e) => e.type === 'error' && e.cause === 'cors')).toBe(true);
      expect(lines()).toEqual([expect.stringMatching(says)]);
      expect(lines()[0]).toContain(`(README, Troubleshooting: docs/troubleshooting.md#${entry}).`);
    },
  );

  it('POST /chat answered as application/json: cause content-type, one line naming #content-type', async () => {
    server.use(
      http.post(`${API}/chat`, () =>
        HttpResponse.json({ answer: 'not a stream' }, { headers: { 'X-Conversation-Id': 'c1' } }),
      ),
    );
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    await w.send('How many orders?');
    const notice = await w.findNotice('error');
    expect(notice.textContent).toContain(PAGE_SETUP);
    expect(notice.textContent).not.toMatch(/went wrong/i);
    expect(errorEvents(onEvent)).toEqual([expect.objectContaining({ code: 'error', cause: 'content-type' })]);
    expect(lines()).toEqual([
      'ServiceWidget: the service answered POST /chat with Content-Type application/json: send text/event-stream (README, Troubleshooting: docs/troubleshooting.md#content-type).',
    ]);
  });

  it('an http: baseUrl on this https: page: cause mixed-content, one line naming #mixed-content', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const http_ = TEST_BASE_URL.replace('https:', 'http:');
    server.use(http.all(`${http_}/api/v1/widget/*`, () => HttpResponse.error()));
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent, baseUrl: http_ });
    const notice = await sendUntilNotice(w);
    expect(notice.textContent).toContain(PAGE_SETUP);
    await advanceUntil(() => errorEvents(onEvent).length > 0);
    expect(errorEvents(onEvent)).toContainEqual(expect.objectContaining({ cause: 'mixed-content' }));
    expect(lines()).toEqual([
      'ServiceWidget: baseUrl http://service.test is http: on this https: page, so the browser blocks it: use https:// (README, Troubleshooting: docs/troubleshooting.md#mixed-content).',
    ]);
  });

  it('a healthy deployment: no notice, no error event, no line', async () => {
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    await w.send('How many orders?');
    await w.settled();
    expect(w.messages('assistant')).toHaveLength(1);
    expect(w.part('notice')).toBeNull();
    expect(errorEvents(onEvent)).toEqual([]);
    expect(lines()).toEqual([]);
  });
});

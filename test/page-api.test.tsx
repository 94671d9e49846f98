// What the embedding page sees of the widget (docs/page-api.md): `ask`, the order of events, the
// console line about a token that is not a JWT, and the one typed list of option names.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPTION_NAMES } from '../src/esm';
import type { WidgetEvent } from '../src/types';
import { passTime } from './helpers/time';
import { mock, mountWidget } from './helpers/widget';
import { server, TEST_BASE_URL, TEST_PUBLIC_ID } from './msw-server';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const chatBodies = () =>
  mock.requests.filter((r) => r.path.endsWith('/chat')).map((r) => r.body as { message?: string });

/** Makes `matchMedia('(pointer: coarse)')` answer like a phone or a desktop. */
function pointer(coarse: boolean) {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((q: string) =>
    q === '(pointer: coarse)' ? ({ ...real(q), matches: coarse, media: q } as MediaQueryList) : real(q),
  );
}

describe('ask(text, { send })', () => {
  it('opens a closed floating panel with the text in the composer, focused, and sends nothing', async () => {
    pointer(false);
    const w = await mountWidget({ container: undefined });
    expect(w.part('panel')).toBeNull();
    w.instance.ask('What is unpaid on invoice 2026-114?');
    const input = (await w.findPart('composer-input')) as HTMLTextAreaElement;
    expect(input.value).toBe('What is unpaid on invoice 2026-114?');
    await waitFor(() => expect(w.host.shadowRoot!.activeElement).toBe(input));
    expect(input.selectionStart).toBe(input.value.length);
    expect(chatBodies()).toEqual([]);
    expect(w.messages('user')).toHaveLength(0);
  });

  it('replaces what the composer held, and leaves history for the chat', async () => {
    const w = await mountWidget();
    w.type('half a question');
    fireEvent.click(await w.findPart('history-button'));
    await w.findPart('history-list');
    w.instance.ask('the page’s question');
    await waitFor(() => expect(w.composer()?.value).toBe('the page’s question'));
    expect(w.part('history-list')).toBeNull();
  });

  it('on a touch screen the composer is not focused (the keyboard would cover the answer)', async () => {
    pointer(true);
    const w = await mountWidget();
    const input = await w.findPart('composer-input');
    w.instance.ask('Ask about this invoice');
    await waitFor(() => expect(w.composer().value).toBe('Ask about this invoice'));
    // Time for any focus to land, then none did.
    await passTime(50);
    expect(w.host.shadowRoot!.activeElement).not.toBe(input);
  });

  it('send: true sends exactly as if typed and sent: the user message, the reply, events, an Idempotency-Key', async () => {
    const events: WidgetEvent[] = [];
    const w = await mountWidget({ onEvent: (e) => events.push(e) });
    await w.findPart('composer-input');
    w.instance.ask('How many orders last week?', { send: true });
    await waitFor(() => expect(w.messages('user')[0]?.textContent).toContain('How many orders last week?'));
    await w.settled();
    expect(w.messages('assistant')).toHaveLength(1);
    expect(chatBodies()).toEqual([{ message: 'How many orders last week?' }]);
    expect(w.chatRequests()[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(w.composer().value).toBe('');
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['message_sent', 'reply_done']));
  });

  it('send: true hits the limits as usual: a 429 per-minute notice, the text kept in the composer', async () => {
    mock.setScenario('limit-minute');
    const w = await mountWidget();
    await w.findPart('composer-input');
    w.instance.ask('one more', { send: true });
    const notice = await w.findNotice('limit');
    expect(notice.textContent).toContain('You are sending messages too quickly.');
    expect(w.composer().value).toBe('one more');
  });

  it('while a reply streams, send: true leaves the text in the composer and interrupts nothing', async () => {
    mock.setScenario('slow');
    const w = await mountWidget();
    await w.send('first question');
    await w.findPart('stop-button');
    const reply = await waitFor(() => {
      const r = w.messages('assistant')[0];
      if (!r?.textContent?.trim()) throw new Error('no text yet');
      return r;
    });
    const before = reply.textContent!.length;
    w.instance.ask('second question', { send: true });
    await waitFor(() => expect(w.composer().value).toBe('second question'));
    // The reply goes on streaming: nothing stopped it, nothing else was sent.
    await waitFor(() => expect(reply.textContent!.length).toBeGreaterThan(before));
    expect(w.part('stop-button')).not.toBeNull();
    expect(chatBodies()).toEqual([{ message: 'first question' }]);
    expect(w.messages('user')).toHaveLength(1);
    fireEvent.click(w.part('stop-button')!);
    await w.settled();
    expect(w.composer().value).toBe('second question');
  });

  it.each([[''], ['   \n'], [42], [undefined], [null], [{ text: 'x' }]])(
    'ask(%o) throws a TypeError naming its argument',
    async (text) => {
      const w = await mountWidget();
      expect(() => w.instance.ask(text as string)).toThrow(TypeError);
      expect(() => w.instance.ask(text as string)).toThrow(/ask\(text\).*`text` must be a non-empty string/);
    },
  );

  it('a `send` that is not a boolean, or options that are not an object, throw a TypeError naming them; nothing is sent', async () => {
    const w = await mountWidget();
    expect(() => w.instance.ask('hi', { send: 'yes' as unknown as boolean })).toThrow(/`send` must be true or false/);
    expect(() => w.instance.ask('hi', true as unknown as { send: boolean })).toThrow(/`options` must be { send }/);
    expect(chatBodies()).toEqual([]);
  });
});

describe('the order of events', () => {
  it('ready comes before the open of a panel reopened by persist (and of `open: true`)', async () => {
    sessionStorage.setItem(`service-widget:${TEST_PUBLIC_ID}`, '1');
    const events: string[] = [];
    const w = await mountWidget({ container: undefined, onEvent: (e) => events.push(e.type) });
    await w.findPart('panel');
    await waitFor(() => expect(events).toContain('open'));
    expect(events[0]).toBe('ready');
    expect(events.filter((e) => e === 'ready')).toHaveLength(1);
    w.instance.destroy();

    const second: string[] = [];
    await mountWidget({ container: undefined, open: true, persist: false, onEvent: (e) => second.push(e.type) });
    await waitFor(() => expect(second).toEqual(['ready', 'open']));
  });

  it('an inline widget (open at mount) and calls made right after init: ready first, then the rest in order', async () => {
    const events: string[] = [];
    const w = await mountWidget({ onEvent: (e) => events.push(e.type) });
    w.instance.close();
    w.instance.open();
    await waitFor(() => expect(events).toEqual(['ready', 'open', 'close', 'open']));
  });
});

describe('a token that is not a JWT', () => {
  it('getAuthToken returning an HTML error page: one console.error naming the option, never the value', async () => {
    const page = '<!doctype html><title>404 Not Found</title><p>secret-looking-text</p>';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const w = await mountWidget({ getAuthToken: () => page });
    await waitFor(() => expect(mock.requests.length).toBeGreaterThan(0));
    await w.send('hello');
    await waitFor(() => expect(w.chatRequests().length).toBeGreaterThan(0));
    const named = error.mock.calls.filter((c) => /`getAuthToken`/.test(String(c[0])) && /not a JWT/.test(String(c[0])));
    expect(named).toHaveLength(1);
    const printed = error.mock.calls.flat().map(String).join('\n');
    expect(printed).not.toContain('secret-looking-text');
    expect(printed).not.toContain('404 Not Found');
  });

  it('a static authToken that is not a JWT names `authToken`; a real JWT says nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mountWidget({ authToken: '{"token":"abc"}' });
    await waitFor(() => expect(error.mock.calls.some((c) => /`authToken`.*not a JWT/.test(String(c[0])))).toBe(true));
    expect(error.mock.calls.flat().map(String).join('\n')).not.toContain('"token":"abc"');
    error.mockClear();
    const w = await mountWidget();
    await w.send('hello');
    await w.settled();
    expect(error.mock.calls.filter((c) => /not a JWT/.test(String(c[0])))).toEqual([]);
  });

  it('once per widget instance: a second widget says it again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notJwt = () => 'not-a-jwt';
    const a = await mountWidget({ getAuthToken: notJwt });
    await a.send('one');
    await waitFor(() => expect(a.chatRequests()).toHaveLength(1));
    await a.settled();
    const b = await mountWidget({ getAuthToken: notJwt });
    await waitFor(() => expect(mock.requests.filter((r) => r.path.endsWith('/config')).length).toBe(2));
    expect(error.mock.calls.filter((c) => /not a JWT/.test(String(c[0])))).toHaveLength(2);
    b.instance.destroy();
  });
});

describe('OPTION_NAMES', () => {
  it('is exactly the keys of InitOptions in src/types.ts (the d.ts the package ships)', () => {
    const source = readFileSync(path.join(__dirname, '..', 'src', 'types.ts'), 'utf8');
    const body = /export interface InitOptions \{\n([\s\S]*?)\n\}/.exec(source)![1]!;
    const keys = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(10);
    expect([...OPTION_NAMES].sort()).toEqual(keys.sort());
  });

  it('init reads exactly these: any other name is warned about', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mountWidget({ persist: false, timeoutMs: 5000 });
    expect(warn).not.toHaveBeenCalled();
    server.use(http.get(`${TEST_BASE_URL}/api/v1/widget/config`, () => HttpResponse.json({ read_only: false })));
    await mountWidget({ ...({ persistt: true } as object) });
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringMatching(/unknown option\(s\) `persistt`/)]);
  });
});

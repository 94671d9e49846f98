// The service hears the UI language (docs/protocol.md, "Every request" and "GET /config"): every
// request the widget makes carries `Accept-Language`, and after setLocale `/config` is asked again
// and its texts replace the old ones, the conversation kept.
import { fireEvent, waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_TEXTS } from '../../mock/languages';
import { mock, mountWidget } from '../helpers/widget';
import { passTime } from '../helpers/time';
import { server, TEST_BASE_URL } from '../msw-server';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const title = (w: Awaited<ReturnType<typeof mountWidget>>) => w.part('header')!.querySelector('h2')!.textContent;
const suggestions = (w: Awaited<ReturnType<typeof mountWidget>>) => w.parts('suggestion').map((b) => b.textContent);
const configRequests = () => mock.requests.filter((r) => r.path.endsWith('/config'));

describe('the UI language on the wire', () => {
  it('every request of a session carries Accept-Language: the UI locale', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const w = await mountWidget({ locale: 'tr' }, 'demo-user-1');
    await waitFor(() => expect(title(w)).toBe(CONFIG_TEXTS.tr.title));
    await w.send('Geçen hafta kaç sipariş aldık?');
    await w.settled();
    fireEvent.click(await w.findPart('history-button'));
    await waitFor(() => expect(w.parts('history-item').length).toBeGreaterThan(1));
    fireEvent.click(w.parts('history-item')[1]!);
    await waitFor(() => expect(mock.requests.some((r) => /\/conversations\/[^?]+$/.test(r.path))).toBe(true));
    fireEvent.click(await w.findPart('plug-button'));
    await w.findPart('portal-link');

    const endpoint = (path: string) => path.replace(/\?.*/, '').replace(/\/conversations\/.+/, '/conversations/{id}');
    const paths = new Set(mock.requests.map((r) => `${r.method} ${endpoint(r.path)}`));
    expect([...paths].sort()).toEqual(
      ['config', 'conversations', 'conversations/{id}']
        .map((p) => `GET /api/v1/widget/${p}`)
        .concat(['POST /api/v1/widget/chat', 'POST /api/v1/widget/portal/code']),
    );
    expect(mock.requests.map((r) => r.headers['accept-language'])).toEqual(mock.requests.map(() => 'tr'));
  });

  it('answers a Turkish question in Turkish, whatever else', async () => {
    const w = await mountWidget({ locale: 'en' });
    await w.send('Geçen hafta kaç sipariş aldık?');
    await w.settled();
    expect(w.messages('assistant')[0]!.textContent).toContain('sipariş kargoya verildi');
  });
});

describe('setLocale', () => {
  it('asks /config again in the new language; its title, welcome and suggestions replace the old ones', async () => {
    const w = await mountWidget({ locale: 'en' });
    await waitFor(() => expect(suggestions(w)).toEqual(CONFIG_TEXTS.en.suggestions));
    expect(title(w)).toBe(CONFIG_TEXTS.en.title);
    w.instance.setLocale('tr');
    await waitFor(() => expect(suggestions(w)).toEqual(CONFIG_TEXTS.tr.suggestions));
    expect(title(w)).toBe(CONFIG_TEXTS.tr.title);
    expect(w.part('message-list')!.querySelector('.welcome')!.textContent).toBe(CONFIG_TEXTS.tr.welcome);
    expect(configRequests().map((r) => r.headers['accept-language'])).toEqual(['en', 'tr']);
    // The same locale again changes nothing and asks nothing.
    w.instance.setLocale('tr');
    await passTime(50);
    expect(configRequests()).toHaveLength(2);
  });

  it('keeps the conversation', async () => {
    const w = await mountWidget({ locale: 'en' });
    await w.send('How many orders did we get last week?');
    await w.settled();
    w.instance.setLocale('tr');
    await waitFor(() => expect(title(w)).toBe(CONFIG_TEXTS.tr.title));
    expect(w.messages()).toHaveLength(2);
    expect(w.messages('user')[0]!.textContent).toContain('How many orders did we get last week?');
  });

  it('an answer still on its way in the old language is never shown', async () => {
    // The English answer is held until the Turkish one has been shown.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const asked: string[] = [];
    server.use(
      http.get(`${TEST_BASE_URL}/api/v1/widget/config`, async ({ request }) => {
        const language = request.headers.get('accept-language') === 'tr' ? 'tr' : 'en';
        asked.push(language);
        if (language === 'en') await held;
        return HttpResponse.json({ ...CONFIG_TEXTS[language], read_only: false });
      }),
    );
    const w = await mountWidget({ locale: 'en' });
    await waitFor(() => expect(asked).toEqual(['en']));
    w.instance.setLocale('tr');
    await waitFor(() => expect(title(w)).toBe(CONFIG_TEXTS.tr.title));
    release();
    await passTime(100);
    expect(title(w)).toBe(CONFIG_TEXTS.tr.title);
    expect(suggestions(w)).toEqual(CONFIG_TEXTS.tr.suggestions);
  });

  it('before the panel was ever opened, asks nothing: the first open asks in the new language', async () => {
    const w = await mountWidget({ locale: 'en', container: undefined });
    w.instance.setLocale('tr');
    await passTime(50);
    expect(mock.requests).toHaveLength(0);
    w.instance.open();
    await waitFor(() => expect(configRequests()).toHaveLength(1));
    expect(configRequests()[0]!.headers['accept-language']).toBe('tr');
  });

  it('a text the service set is shown as it says, in any language', async () => {
    mock.setSettings({ title: 'Acme Help' });
    const w = await mountWidget({ locale: 'tr' });
    await waitFor(() => expect(title(w)).toBe('Acme Help'));
  });
});

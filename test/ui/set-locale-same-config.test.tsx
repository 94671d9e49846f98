// setLocale re-words the whole panel even when the service's /config is the same in every language
// (issue #36, defect 3). Many services have no translated title or welcome: only the widget's own
// sentences change, so no new /config answer may be what re-renders them. The mock translates its
// default /config texts (mock/languages.ts), which hid this: here /config is answered identically
// whatever the `Accept-Language`.
import { readdirSync, readFileSync } from 'node:fs';
import { waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { InitOptions } from '../../src/types';
import { mock, mountWidget } from '../helpers/widget';
import { server, TEST_BASE_URL } from '../msw-server';

afterEach(() => {
  document.body.innerHTML = '';
});

/** One /config answer for both languages, as a service with no translated texts gives. */
const SAME_CONFIG = {
  title: 'Acme Help',
  welcome: 'Welcome to Acme.',
  suggestions: ['Orders this week'],
  voice: { enabled: false },
  connected_accounts: { enabled: false },
  read_only: false,
};

const mounts: [string, Partial<InitOptions>][] = [
  ['inline, locale en at init', {}],
  ['inline, no locale at init', { locale: undefined }],
  ['floating, locale en at init', { container: undefined }],
  ['floating, no locale at init', { container: undefined, locale: undefined }],
];

describe('setLocale against a /config that is the same in both languages', () => {
  it.each(mounts)('%s: every visible string turns Turkish, and the next request asks in Turkish', async (_, opts) => {
    const languages: (string | null)[] = [];
    server.use(
      http.get(`${TEST_BASE_URL}/api/v1/widget/config`, ({ request }) => {
        languages.push(request.headers.get('accept-language'));
        return HttpResponse.json(SAME_CONFIG);
      }),
    );
    const w = await mountWidget(opts);
    if ('container' in opts) w.instance.open();
    const send = await w.findPart('send-button');
    await waitFor(() => expect(w.part('header')!.querySelector('h2')!.textContent).toBe('Acme Help'));
    await waitFor(() => expect(languages).toEqual(['en']));
    expect(send.getAttribute('aria-label')).toBe('Send');

    w.instance.setLocale('tr');
    await waitFor(() => expect(languages).toEqual(['en', 'tr']));
    await waitFor(() => expect(w.part('send-button')!.getAttribute('aria-label')).toBe('Gönder'));
    expect(w.composer().placeholder).toBe('Verilerinizle ilgili bir soru sorun…');
    expect(w.composer().getAttribute('aria-label')).toBe('Sorunuz');
    expect(w.part('history-button')!.getAttribute('aria-label')).toBe('Sohbet geçmişi');
    expect(w.part('new-conversation-button')!.getAttribute('aria-label')).toBe('Yeni sohbet');
    expect(w.part('message-list')!.getAttribute('aria-label')).toBe('Sohbet');
    // The service's own texts stay as it sent them.
    expect(w.part('header')!.querySelector('h2')!.textContent).toBe('Acme Help');

    // A message sent now is labelled in Turkish, and asked for in Turkish.
    await w.send('Orders this week');
    await w.settled();
    expect(w.messages('user')[0]!.querySelector('.sr-only')!.textContent).toBe('Siz: ');
    expect(w.chatRequests().at(-1)!.headers['accept-language']).toBe('tr');
  });

  it('the mock answered as set (POST /__mock/settings texts) is the same gap closed in the mock', async () => {
    mock.setSettings({ title: 'Acme Help', welcome: 'Welcome to Acme.', suggestions: ['Orders this week'] });
    const w = await mountWidget();
    await waitFor(() => expect(w.part('header')!.querySelector('h2')!.textContent).toBe('Acme Help'));
    w.instance.setLocale('tr');
    await waitFor(() => expect(w.part('send-button')!.getAttribute('aria-label')).toBe('Gönder'));
    expect(w.composer().placeholder).toBe('Verilerinizle ilgili bir soru sorun…');
  });
});

describe('where a component gets its words', () => {
  it('every component of src/ui reads them with useT, which re-renders it on setLocale', () => {
    // `model.t()` in a component reads the locale without following it: the component then changes
    // language only when something else re-renders it, which a kept subtree (Panel.tsx) never does.
    const readers = readdirSync('src/ui')
      .filter((f) => f.endsWith('.tsx'))
      .filter((f) => /\.t\(\)/.test(readFileSync(`src/ui/${f}`, 'utf8')));
    expect(readers).toEqual([]);
  });
});

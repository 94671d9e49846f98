import { afterEach, describe, expect, it, vi } from 'vitest';
import { init } from '../src/init';
import { TEST_BASE_URL, TEST_PUBLIC_ID } from './msw-server';
import type { InitOptions } from '../src/types';

const base = { publicId: TEST_PUBLIC_ID, authToken: 'header.payload.sig', baseUrl: TEST_BASE_URL };
const hosts = () => document.querySelectorAll('[data-service-widget]');

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('init options', () => {
  it.each([
    [{ authToken: 't' }, /`publicId`/],
    [{ publicId: '', authToken: 't' }, /`publicId`/],
    [{ publicId: 42, authToken: 't' }, /`publicId`/],
    [{ publicId: 'p' }, /exactly one of `authToken`.*`getAuthToken`/],
    [{ publicId: 'p', authToken: 't', getAuthToken: () => 't' }, /exactly one of/],
    [{ publicId: 'p', getAuthToken: 'nope' }, /`getAuthToken` must be a function/],
    [{ ...base, theme: 'blue' }, /`theme` must be one of 'dark', 'light', 'auto'/],
    [{ ...base, locale: 'de' }, /`locale` must be one of 'tr', 'en'/],
    [{ ...base, container: '#missing' }, /`container` selector "#missing" matches no element/],
    [{ ...base, container: 12 }, /`container` must be an HTMLElement or a CSS selector/],
    [{ ...base, voice: 'yes' }, /`voice` must be true or false/],
    [{ ...base, open: 1 }, /`open` must be true or false/],
    [{ ...base, persist: 'no' }, /`persist` must be true or false/],
    [{ ...base, baseUrl: 'javascript:alert(1)' }, /`baseUrl` must be an http\(s\) URL/],
    [{ ...base, onEvent: 'x' }, /`onEvent` must be a function/],
  ])('rejects %o with a TypeError naming the option', (options, message) => {
    expect(() => init(options as unknown as InitOptions)).toThrow(TypeError);
    expect(() => init(options as unknown as InitOptions)).toThrow(message);
    expect(hosts()).toHaveLength(0);
  });

  it('warns once about unknown options and still mounts', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const w = init({ ...base, colour: 'red', sizee: 2 } as unknown as InitOptions);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/`colour`, `sizee`/);
    expect(hosts()).toHaveLength(1);
    w.destroy();
  });

  it('warns about an invalid primaryColor and keeps the default accent', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const w = init({ ...base, primaryColor: 'not-a-colour' });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/`primaryColor`/));
    const host = hosts()[0] as HTMLElement;
    expect(host.style.getPropertyValue('--sw-primary')).toBe('');
    w.destroy();
  });

  it('applies a valid primaryColor as the accent variable', () => {
    const w = init({ ...base, primaryColor: '#ffcc00' });
    const host = hosts()[0] as HTMLElement;
    expect(host.style.getPropertyValue('--sw-primary')).toBe('#ffcc00');
    w.destroy();
  });

  it('setTheme and setLocale reject values outside their sets', () => {
    const w = init(base);
    expect(() => w.setTheme('neon' as never)).toThrow(/`theme`/);
    expect(() => w.setLocale('fr' as never)).toThrow(/`locale`/);
    w.destroy();
  });
});

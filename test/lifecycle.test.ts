import { waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { init } from '../src/init';
import { TEST_BASE_URL, TEST_PUBLIC_ID } from './msw-server';
import { detectLocale } from '../src/options';
import { atEndOfTest } from './helpers/end-of-test';
import { passTime } from './helpers/time';

const base = { publicId: TEST_PUBLIC_ID, baseUrl: TEST_BASE_URL };
const hosts = () => [...document.querySelectorAll<HTMLElement>('[data-service-widget]')];
const part = (host: HTMLElement, name: string) => host.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('mounting and lifecycle', () => {
  it('a floating widget mounts only a launcher and asks nothing before the panel opens', async () => {
    const getAuthToken = vi.fn(() => 'tok');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const w = init({ ...base, getAuthToken });
    const [host] = hosts();
    expect(host!.parentElement).toBe(document.body);
    expect(host!.shadowRoot).not.toBeNull();
    expect(part(host!, 'launcher')).not.toBeNull();
    expect(part(host!, 'panel')).toBeNull();
    await passTime(20);
    expect(getAuthToken).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    w.destroy();
    fetchSpy.mockRestore();
  });

  it('a panel opened and destroyed at once asks nothing afterwards (its /config waits for the frame)', async () => {
    const getAuthToken = vi.fn(() => 'tok');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const w = init({ ...base, getAuthToken });
    w.open();
    w.destroy();
    await passTime(250);
    expect(getAuthToken).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('a second init on the same target replaces the first', () => {
    init({ ...base, authToken: 'a' });
    const floating = init({ ...base, authToken: 'b' });
    // Both widgets left here end with the test, passed or failed: the inline one asks for /config on
    // its next frame, and after this file that request would leave for the real network (the files
    // share a worker).
    atEndOfTest(() => floating.destroy());
    expect(hosts()).toHaveLength(1);
    const box = document.createElement('div');
    document.body.append(box);
    init({ ...base, authToken: 'a', container: box });
    const inline = init({ ...base, authToken: 'a', container: box });
    atEndOfTest(() => inline.destroy());
    expect(box.querySelectorAll('[data-service-widget]')).toHaveLength(1);
    expect(hosts()).toHaveLength(2);
  });

  it('destroy leaves the page as it was', () => {
    document.body.innerHTML = '<main id="app"><p>host page</p></main>';
    const before = document.body.innerHTML;
    const w = init({ ...base, authToken: 'a' });
    w.destroy();
    expect(document.body.innerHTML).toBe(before);
    w.destroy(); // idempotent
  });

  it('reflects theme and locale on the host and switches them without re-init', async () => {
    const w = init({ ...base, authToken: 'a', theme: 'light', locale: 'tr' });
    const [host] = hosts();
    expect(host!.getAttribute('data-theme')).toBe('light');
    expect(part(host!, 'launcher')!.getAttribute('aria-label')).toBe('Sohbeti aç');
    w.setTheme('auto');
    w.setLocale('en');
    expect(host!.getAttribute('data-theme')).toBe('auto');
    expect(hosts()[0]).toBe(host);
    await waitFor(() => expect(part(host!, 'launcher')!.getAttribute('aria-label')).toBe('Open chat'));
    w.destroy();
  });

  it('emits ready after init', async () => {
    const onEvent = vi.fn();
    const w = init({ ...base, authToken: 'a', onEvent });
    await Promise.resolve();
    expect(onEvent).toHaveBeenCalledWith({ type: 'ready' });
    w.destroy();
  });

  it('detects the locale from navigator.languages', () => {
    expect(detectLocale(['de-DE', 'tr-TR', 'en'])).toBe('tr');
    expect(detectLocale(['en-GB', 'tr'])).toBe('en');
    expect(detectLocale(['fr'])).toBe('en');
  });
});

describe('init from a script in <head>', () => {
  it('mounts the launcher once <body> exists', () => {
    const body = document.body;
    body.remove();
    const w = init({ ...base, authToken: 'a' });
    expect(document.querySelector('[data-service-widget]')).toBeNull();
    document.documentElement.append(body);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(body.querySelectorAll('[data-service-widget]')).toHaveLength(1);
    w.destroy();
    expect(body.querySelectorAll('[data-service-widget]')).toHaveLength(0);
  });
});

import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableToTsv } from '../../src/export/table-text';
import { mock, mountWidget } from '../helpers/widget';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const fakeTab = () => ({ opener: {} as unknown, closed: false, location: { href: 'about:blank' }, close: vi.fn() });

describe('connected accounts', () => {
  it('shows the plug button only when the service enables connected accounts', async () => {
    mock.setSettings({ connectedAccounts: false });
    const off = await mountWidget();
    // /config has been applied (its welcome shows), and it said no connected accounts.
    await waitFor(() => expect(off.host.shadowRoot!.textContent).toContain('Ask me about your orders'));
    expect(off.part('plug-button')).toBeNull();
    off.instance.destroy();
    mock.setSettings({ connectedAccounts: true });
    const on = await mountWidget();
    expect(await on.findPart('plug-button')).not.toBeNull();
  });

  it('opens a tab synchronously in the click, without opener, then sends it to the returned url', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const w = await mountWidget();
    fireEvent.click(await w.findPart('plug-button'));
    expect(open).toHaveBeenCalledTimes(1); // before any await
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.href).toMatch(/\/demo\/portal\.html\?code=[0-9a-f]+$/));
    expect(mock.requests.filter((r) => r.path.endsWith('/portal/code'))).toHaveLength(1);
  });

  it('with portalUrl, the tab goes to portalUrl?code=…', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const w = await mountWidget({ portalUrl: 'https://accounts.example.com/connect' });
    fireEvent.click(await w.findPart('plug-button'));
    await waitFor(() =>
      expect(tab.location.href).toMatch(/^https:\/\/accounts\.example\.com\/connect\?code=[0-9a-f]+$/),
    );
  });

  it('when the popup is blocked, shows the portal link to press instead', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const log = vi.spyOn(console, 'log');
    const w = await mountWidget();
    fireEvent.click(await w.findPart('plug-button'));
    const link = (await w.findPart('portal-link')) as HTMLAnchorElement;
    expect(link.href).toMatch(/code=[0-9a-f]+/);
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    expect(log).not.toHaveBeenCalled();
    // Only the kept conversation (`persist`) is in storage: never the one-time code.
    const code = new URL(link.href).searchParams.get('code')!;
    const stored = Array.from({ length: sessionStorage.length }, (_, i) =>
      sessionStorage.getItem(sessionStorage.key(i)!),
    ).join();
    expect(localStorage.length).toBe(0);
    expect(stored).not.toContain(code);
  });
});

describe('data answers', () => {
  it('a table in a reply gets a copy action that puts tab-separated cells on the clipboard', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const w = await mountWidget();
    await w.send('orders last week?');
    await w.settled();
    const copy = await w.findPart('copy-table-button');
    fireEvent.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const tsv = writeText.mock.calls[0]![0] as string;
    const rows = tsv.split('\n');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.split('\t').length === rows[0]!.split('\t').length)).toBe(true);
    await waitFor(() => expect(copy.textContent).toBe('Copied'));
  });

  it('tableToTsv flattens cell text: tabs and newlines inside cells never split cells', () => {
    const table = document.createElement('table');
    const row = table.insertRow();
    row.insertCell().textContent = 'a\tb';
    row.insertCell().textContent = 'line\nbreak';
    expect(tableToTsv(table)).toBe('a b\tline break');
  });
});

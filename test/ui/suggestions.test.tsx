// Starter suggestions from `/config` (docs/protocol.md, "GET /config"; the `suggestion` part).
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceConfig } from '../../src/api/types';
import { starterSuggestions } from '../../src/state/suggestions';
import { mock, mountWidget, type MountedWidget } from '../helpers/widget';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const texts = (w: MountedWidget) => w.parts('suggestion').map((b) => b.textContent);

describe('starter suggestions', () => {
  it('shows the service’s suggestions under the welcome text while the conversation is empty', async () => {
    const w = await mountWidget();
    await waitFor(() => expect(w.parts('suggestion')).toHaveLength(4));
    expect(texts(w)).toEqual(mock.settings.suggestions);
    const list = w.part('message-list')!;
    const welcome = list.querySelector('.welcome')!;
    // After the welcome text, in the list.
    expect(welcome.compareDocumentPosition(w.part('suggestion')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(w.part('suggestion')!.closest('[role="group"]')!.getAttribute('aria-label')).toBe('Suggested questions');
    for (const b of w.parts('suggestion')) {
      expect(b.tagName).toBe('BUTTON');
      expect(b.getAttribute('type')).toBe('button');
      expect(b.title).toBe(b.textContent);
    }
  });

  it('pressing one sends it exactly as if typed; they go away with the first message and come back with a new conversation', async () => {
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    await waitFor(() => expect(w.parts('suggestion')).toHaveLength(4));
    fireEvent.click(w.parts('suggestion')[1]!);
    await waitFor(() => expect(w.chatRequests()).toHaveLength(1));
    expect(w.chatRequests()[0]!.body).toEqual({ message: 'Who are our top 5 customers this year?' });
    expect(w.messages('user')[0]!.textContent).toContain('Who are our top 5 customers this year?');
    await waitFor(() => expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'message_sent' })));
    expect(w.parts('suggestion')).toHaveLength(0);
    // Focus goes on to the composer, not lost with the button.
    expect(w.host.shadowRoot!.activeElement).toBe(w.composer());
    await w.settled();
    expect(w.parts('suggestion')).toHaveLength(0);
    w.instance.newConversation();
    await waitFor(() => expect(w.parts('suggestion')).toHaveLength(4));
  });

  it('hides while the visitor types a question of their own, so a press never replaces it', async () => {
    const w = await mountWidget();
    await waitFor(() => expect(w.parts('suggestion')).toHaveLength(4));
    w.type('my own question');
    await waitFor(() => expect(w.parts('suggestion')).toHaveLength(0));
    w.type('');
    await waitFor(() => expect(w.parts('suggestion')).toHaveLength(4));
  });

  it('a reopened conversation with messages shows none', async () => {
    const w = await mountWidget({}, 'demo-user-1');
    await waitFor(() => expect(w.parts('suggestion')).toHaveLength(4));
    fireEvent.click(await w.findPart('history-button'));
    await waitFor(() => expect(w.parts('history-item').length).toBeGreaterThan(0));
    fireEvent.click(w.parts('history-item')[0]!);
    await waitFor(() => expect(w.messages().length).toBeGreaterThan(0));
    expect(w.parts('suggestion')).toHaveLength(0);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a string', 'How many orders?'],
    ['an object', { 0: 'How many orders?' }],
    ['an empty list', []],
    ['a list of nothing usable', [1, null, '', '   ', { text: 'x' }, 'y'.repeat(301)]],
  ])('shows none when `suggestions` is %s', async (_, suggestions) => {
    mock.setSettings({ suggestions });
    const w = await mountWidget();
    // The config's title shows: the answer has been applied.
    await waitFor(() => expect(w.part('header')!.textContent).toContain('Data assistant'));
    expect(w.parts('suggestion')).toHaveLength(0);
    expect(w.part('message-list')!.querySelector('[role="group"]')).toBeNull();
  });

  it('shows only the valid ones of a faulty list, the first four', async () => {
    mock.setSettings({ suggestions: [42, 'Orders today?', '', '  ', 'z'.repeat(5000), null, 'A', 'B', 'C', 'D'] });
    const w = await mountWidget();
    await waitFor(() => expect(w.parts('suggestion').length).toBeGreaterThan(0));
    expect(texts(w)).toEqual(['Orders today?', 'A', 'B', 'C']);
  });
});

describe('starterSuggestions', () => {
  const config = (suggestions: string[]) => ({ read_only: false, suggestions }) as unknown as ServiceConfig;
  it('keeps those of at most 300 characters, at most four', () => {
    expect(starterSuggestions(null)).toEqual([]);
    expect(starterSuggestions(config(['x'.repeat(300), 'y'.repeat(301)]))).toEqual(['x'.repeat(300)]);
    expect(starterSuggestions(config(['a', 'b', 'c', 'd', 'e']))).toEqual(['a', 'b', 'c', 'd']);
  });
  it('shows a question once (case and spacing aside), its first spelling, before counting four', () => {
    const list = ['Top customers?', 'top  customers? ', 'TOP CUSTOMERS?', 'b', 'B', 'c', ' C', 'd', 'e'];
    expect(starterSuggestions(config(list))).toEqual(['Top customers?', 'b', 'c', 'd']);
  });
});

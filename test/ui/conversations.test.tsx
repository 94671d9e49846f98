import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mock, mountWidget, type MountedWidget } from '../helpers/widget';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const openHistory = async (w: MountedWidget) => {
  fireEvent.click(await w.findPart('history-button'));
  await waitFor(() => expect(w.parts('history-item').length).toBeGreaterThan(0));
};

describe('history', () => {
  it('lists the visitor’s conversations newest first, pages with load more, and is fetched each time', async () => {
    const w = await mountWidget({}, 'demo-user-1');
    await openHistory(w);
    expect(w.parts('history-item')).toHaveLength(20);
    expect(w.parts('history-item')[0]!.textContent).toMatch(/ago|now/);
    fireEvent.click(w.part('history-more-button')!);
    await waitFor(() => expect(w.parts('history-item')).toHaveLength(40));
    fireEvent.click(w.part('history-more-button')!);
    await waitFor(() => expect(w.parts('history-item')).toHaveLength(45));
    expect(w.part('history-more-button')).toBeNull();
    const lists = () => mock.requests.filter((r) => r.path.includes('/conversations?')).length;
    const before = lists();
    fireEvent.click(w.part('history-button')!); // back to chat
    fireEvent.click(await w.findPart('history-button'));
    await waitFor(() => expect(lists()).toBe(before + 1));
    expect(localStorage.length).toBe(0);
  });

  it('reopens a conversation and the next message continues it', async () => {
    const w = await mountWidget({}, 'demo-user-1');
    await openHistory(w);
    const item = w.parts('history-item')[1]!;
    fireEvent.click(item);
    await waitFor(() => expect(w.messages().length).toBeGreaterThan(1), { timeout: 15_000 });
    const opened = mock.requests.find((r) => /\/conversations\/[^?]+$/.test(r.path))!;
    const id = decodeURIComponent(opened.path.split('/').pop()!);
    await w.send('and per customer?');
    await waitFor(() => expect(w.chatRequests()).toHaveLength(1));
    expect(w.chatRequests()[0]!.body).toEqual({ conversation_id: id, message: 'and per customer?' });
    // Rendering a long stored conversation in happy-dom takes seconds on a loaded machine.
  }, 20_000);

  it('a conversation that is not the visitor’s (404) is removed from the list with a notice', async () => {
    const w = await mountWidget({}, 'demo-user-2');
    await openHistory(w);
    const count = w.parts('history-item').length;
    // The listed entry now belongs to nobody this visitor can see (moved to another visitor).
    const conversations = mock.state.visitors.get('demo-user-2')!.conversations;
    const [firstId, first] = [...conversations.entries()].sort((a, b) =>
      b[1].updated_at.localeCompare(a[1].updated_at),
    )[0]!;
    conversations.delete(firstId);
    fireEvent.click(w.parts('history-item')[0]!);
    expect((await w.findNotice('error')).textContent).toMatch(/no longer available/i);
    expect(mock.requests.some((r) => r.path.endsWith(`/conversations/${encodeURIComponent(firstId)}`))).toBe(true);
    expect(w.messages()).toHaveLength(0);
    fireEvent.click(w.part('history-button')!);
    await waitFor(() => expect(w.parts('history-item')).toHaveLength(count));
    expect(w.parts('history-item').map((i) => i.textContent)).not.toContainEqual(expect.stringContaining(first.title));
  });

  it('a new conversation starts fresh: the next message has no conversation_id', async () => {
    const w = await mountWidget();
    await w.send('one');
    await w.settled();
    fireEvent.click(w.part('new-conversation-button')!);
    expect(w.messages()).toHaveLength(0);
    await w.send('two');
    await waitFor(() => expect(w.chatRequests()).toHaveLength(2));
    expect(w.chatRequests()[1]!.body).toEqual({ message: 'two' });
  });

  it('a conversation event adds the new conversation to an open history list live', async () => {
    const w = await mountWidget({}, 'demo-user-1');
    await openHistory(w);
    fireEvent.click(w.part('history-button')!);
    await w.send('brand new question');
    await w.settled();
    fireEvent.click(w.part('history-button')!);
    await waitFor(() => expect(w.parts('history-item')[0]!.textContent).not.toMatch(/Ship order/));
  });
});

describe('confirmations', () => {
  const askForConfirmation = async () => {
    mock.setScenario('confirmation');
    const w = await mountWidget();
    await w.send('Mark order #1042 as shipped');
    await w.findPart('confirmation');
    await w.settled();
    return w;
  };

  it('shows the service’s prompt and sends nothing until the visitor chooses', async () => {
    const w = await askForConfirmation();
    expect(w.part('confirmation')!.textContent).toMatch(/order #1042/);
    // The reply that asked has settled: the only request is the question itself.
    expect(w.chatRequests()).toHaveLength(1);
  });

  it('Confirm posts the decision exactly once, even on a double click, and streams the outcome', async () => {
    const w = await askForConfirmation();
    const confirm = w.part('confirm-button')!;
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(w.messages('assistant')).toHaveLength(2));
    await w.settled();
    const decisions = w.chatRequests().filter((r) => (r.body as { confirmation?: unknown }).confirmation);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.body).toMatchObject({ confirmation: { decision: 'confirm' } });
    expect(decisions[0]!.body).toHaveProperty('conversation_id');
    expect(decisions[0]!.body).not.toHaveProperty('message');
    expect(w.part('confirm-button')).toBeNull();
    expect(w.messages('assistant')[1]!.textContent).toMatch(/shipped/i);
  });

  it('Cancel sends a cancel decision', async () => {
    const w = await askForConfirmation();
    fireEvent.click(w.part('cancel-button')!);
    await waitFor(() => expect(w.messages('assistant')).toHaveLength(2));
    expect(w.chatRequests()[1]!.body).toMatchObject({ confirmation: { decision: 'cancel' } });
  });

  it('409 confirmation_not_pending says the request is no longer open', async () => {
    const w = await askForConfirmation();
    // Decided elsewhere first (another tab), then Confirm is pressed here.
    for (const conv of mock.state.visitors.get('visitor-1')!.conversations.values()) {
      for (const m of conv.messages) if (m.confirmation) m.confirmation.status = 'confirmed';
    }
    fireEvent.click(w.part('confirm-button')!);
    expect((await w.findNotice('error')).textContent).toMatch(/no longer open/i);
  });

  it('a reopened conversation with a pending confirmation shows the buttons again; decided ones do not', async () => {
    const w = await mountWidget({}, 'demo-user-1');
    await openHistory(w);
    const pending = w.parts('history-item').find((i) => /Ship order #1042/.test(i.textContent ?? ''))!;
    fireEvent.click(pending);
    await w.findPart('confirm-button');
    expect(w.part('cancel-button')).not.toBeNull();
  });
});

describe('held by a guardrail', () => {
  it('an approval event shows the approval notice and asks the visitor nothing', async () => {
    mock.setScenario('approval');
    const w = await mountWidget();
    await w.send('delete the test customers');
    const notice = await w.findNotice('approval');
    expect(notice.textContent).toMatch(/approv/i);
    expect(notice.querySelector('button')).toBeNull();
    expect(w.part('confirm-button')).toBeNull();
  });
});

describe('read-only projects', () => {
  it('says the assistant can read but not change data when /config says read_only', async () => {
    mock.setSettings({ readOnly: true });
    const w = await mountWidget();
    await waitFor(() => expect(w.part('message-list')!.textContent).toMatch(/cannot change it/));
  });
});

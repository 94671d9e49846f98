import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/api/types';
import { MESSY_ANSWER, NORMAL_ANSWER, TOOLS_ANSWER, TOOLS_INTRO } from '../../mock/answers';
import { longMarkdownAnswer } from '../../mock/long-answer';
import { mock } from '../msw-server';
import { call, chat, contentOf, named, readSse } from './helpers';

const conversation = async (id: string, sub = 'visitor-1') =>
  (await (await call(`/conversations/${id}`, { sub })).json()) as Conversation;

describe('POST /chat', () => {
  it('streams a markdown answer, names a new conversation and ends with [DONE]', async () => {
    const response = await chat({ message: 'How many orders last week?' });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const id = response.headers.get('x-conversation-id');
    const events = await readSse(response);
    expect(contentOf(events)).toBe(NORMAL_ANSWER);
    expect(named(events, 'conversation')).toEqual([{ id, title: 'How many orders last week?' }]);
    expect(events.at(-1)?.data).toBe('[DONE]');
    const first = JSON.parse(events[0]!.data);
    expect(first).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { role: 'assistant' } }],
    });
  });

  it('continues an existing conversation without a new title event', async () => {
    const id = (await chat({ message: 'first' })).headers.get('x-conversation-id')!;
    const second = await chat({ conversation_id: id, message: 'second' });
    expect(second.headers.get('x-conversation-id')).toBe(id);
    expect(named(await readSse(second), 'conversation')).toEqual([]);
    expect((await conversation(id)).messages.map((m) => m.content.slice(0, 6))).toEqual([
      'first',
      'Here i',
      'second',
      'Here i',
    ]);
  });

  it('refuses a malformed body with 422 and a null conversation_id too', async () => {
    for (const body of [
      {},
      { message: '' },
      { conversation_id: null, message: 'x' },
      { message: 'x', confirmation: { id: 'c', decision: 'confirm' } },
    ]) {
      expect((await chat(body)).status, JSON.stringify(body)).toBe(422);
    }
  });

  it('does not add a second user message for a repeated Idempotency-Key, and replays the answer', async () => {
    const headers = { 'Idempotency-Key': 'same-key' };
    const first = await chat({ message: 'once' }, { headers });
    const id = first.headers.get('x-conversation-id')!;
    await first.text();
    const again = await chat({ message: 'once' }, { headers });
    expect(again.headers.get('x-conversation-id')).toBe(id);
    expect(contentOf(await readSse(again))).toBe(NORMAL_ANSWER);
    expect((await conversation(id)).messages.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(mock.state.visitor('visitor-1').conversations.size).toBe(1);
  });

  it('unavailable: 503 twice, then the third attempt with the same key succeeds', async () => {
    mock.setScenario('unavailable');
    const send = (key: string) => chat({ message: 'hi' }, { headers: { 'Idempotency-Key': key } });
    for (const attempt of [1, 2]) {
      const response = await send('k');
      expect(response.status, `attempt ${attempt}`).toBe(503);
      const body = (await response.json()) as { detail: unknown; request_id: string };
      expect(body.request_id).toMatch(/^req_/);
    }
    const third = await send('k');
    expect(third.status).toBe(200);
    expect(contentOf(await readSse(third))).toBe(NORMAL_ANSWER);
    expect((await send('other-key')).status).toBe(503);
  });

  it.each([
    ['limit-daily', 'daily'],
    ['limit-monthly', 'monthly'],
    ['limit-minute', 'per_minute'],
  ] as const)('%s answers 429 user_limit_reached with period, reset_at and Retry-After', async (scenario, period) => {
    mock.setScenario(scenario);
    const response = await chat({ message: 'hi' });
    expect(response.status).toBe(429);
    const { detail } = (await response.json()) as { detail: { error: string; period: string; reset_at: string } };
    expect(detail).toMatchObject({ error: 'user_limit_reached', period });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(detail.reset_at) - Date.now() - retryAfter * 1000)).toBeLessThan(2000);
  });

  it('down, server-error and llm-not-configured answer with the contract error bodies', async () => {
    mock.setScenario('down');
    const down = await chat({ message: 'hi' });
    expect([down.status, down.headers.get('retry-after')]).toEqual([503, '1']);
    mock.setScenario('server-error');
    const failed = await chat({ message: 'hi' });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({
      detail: 'Internal Server Error',
      request_id: expect.stringMatching(/^req_/),
    });
    mock.setScenario('llm-not-configured');
    const llm = await chat({ message: 'hi' });
    expect(llm.status).toBe(409);
    expect(await llm.json()).toEqual({ detail: { error: 'llm_not_configured' } });
  });
});

describe('confirmation flow', () => {
  it('asks, applies the decision once, stores the status and refuses a second decision with 409', async () => {
    mock.setScenario('confirmation');
    const asked = await chat({ message: 'Mark order #1042 as shipped' });
    const id = asked.headers.get('x-conversation-id')!;
    const [confirmation] = named(await readSse(asked), 'confirmation');
    expect(confirmation).toEqual({ id: expect.any(String), prompt: "Update the status of order #1042 to 'shipped'?" });
    expect((await conversation(id)).messages[1]?.confirmation?.status).toBe('pending');

    mock.setScenario('normal');
    const decided = await chat({ conversation_id: id, confirmation: { id: confirmation!.id, decision: 'confirm' } });
    expect(contentOf(await readSse(decided))).toBe('Done, order #1042 is now shipped.');
    const stored = await conversation(id);
    expect(stored.messages[1]?.confirmation?.status).toBe('confirmed');
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);

    const again = await chat({ conversation_id: id, confirmation: { id: confirmation!.id, decision: 'cancel' } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ detail: { error: 'confirmation_not_pending' } });
  });

  it('cancels a seeded pending confirmation', async () => {
    const seeded = [...mock.state.visitor('demo-user-1').conversations.values()].find((c) =>
      c.messages.some((m) => m.confirmation?.status === 'pending'),
    )!;
    const cf = seeded.messages.find((m) => m.confirmation)!.confirmation!;
    const response = await chat(
      { conversation_id: seeded.id, confirmation: { id: cf.id, decision: 'cancel' } },
      { sub: 'demo-user-1' },
    );
    expect(contentOf(await readSse(response))).toBe('Cancelled, nothing was changed.');
    expect(cf.status).toBe('cancelled');
  });
});

describe('stream scenarios', () => {
  it('tools: tool_calls deltas and a tool_calls finish mid-stream, then content; SQL only in tool_calls', async () => {
    mock.setScenario('tools');
    const events = await readSse(await chat({ message: 'revenue by region' }));
    const chunks = events.filter((e) => !e.event && e.data !== '[DONE]').map((e) => JSON.parse(e.data));
    const finishes = chunks.map((c) => c.choices[0].finish_reason).filter(Boolean);
    expect(finishes).toEqual(['tool_calls', 'stop']);
    const args = chunks
      .flatMap((c) => c.choices[0].delta.tool_calls ?? [])
      .map((t) => t.function.arguments)
      .join('');
    expect(JSON.parse(args).sql).toMatch(/^SELECT/);
    expect(chunks.find((c) => c.choices[0].delta.tool_calls)?.choices[0].delta.tool_calls[0].function.name).toBe(
      'sales_db__run_sql',
    );
    expect(contentOf(events)).toBe(TOOLS_INTRO + TOOLS_ANSWER);
    expect(contentOf(events)).not.toContain('SELECT');
  });

  it('messy: parses to the same answer despite \\r\\n, splits, pings and unknown events', async () => {
    mock.setScenario('messy');
    const response = await chat({ message: 'open orders?' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('\r\n');
    expect(text).toContain(': ping');
    expect(text).toContain('event: progress');
    const events = (await import('./helpers')).parseSse(text);
    expect(contentOf(events)).toBe(MESSY_ANSWER);
    expect(events.at(-1)?.data).toBe('[DONE]');
  });

  it('approval and error-event send their named events', async () => {
    mock.setScenario('approval');
    expect(named(await readSse(await chat({ message: 'raise limit' })), 'approval')).toEqual([
      { status: 'pending', message: expect.any(String) },
    ]);
    mock.setScenario('error-event');
    const events = await readSse(await chat({ message: 'stock?' }));
    expect(named(events, 'error')).toEqual([{ error: 'tool_failed', message: expect.any(String) }]);
    expect(contentOf(events).length).toBeGreaterThan(0);
  });

  it('cut: the body errors after some content, without [DONE]; the service still stored the answer', async () => {
    mock.setScenario('cut');
    const response = await chat({ message: 'top customers' });
    const id = response.headers.get('x-conversation-id')!;
    const reader = response.body!.getReader();
    let received = '';
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += new TextDecoder().decode(value);
        }
      })(),
    ).rejects.toThrow();
    expect(received).toContain('Acme');
    expect(received).not.toContain('[DONE]');
    expect((await conversation(id)).messages[1]?.content).toContain('Umbrella Corp');
  });

  it('long: ~30,000 chars in ~3,000 chunks', async () => {
    mock.setScenario('long');
    const events = await readSse(await chat({ message: 'full report' }));
    expect(contentOf(events)).toBe(longMarkdownAnswer());
    expect(longMarkdownAnswer().length).toBeGreaterThan(28_000);
    expect(events.length).toBeGreaterThan(2_800);
  });

  it('read-only: /config says read_only and the answer explains it', async () => {
    mock.setScenario('read-only');
    expect(await (await call('/config')).json()).toMatchObject({ read_only: true });
    expect(contentOf(await readSse(await chat({ message: 'delete order 5' })))).toMatch(/read-only/);
  });

  it('stops producing when the request is aborted', async () => {
    mock.setScenario('slow');
    const abort = new AbortController();
    const response = await chat({ message: 'hi' }, { signal: abort.signal });
    const reader = response.body!.getReader();
    await reader.read();
    abort.abort();
    await expect(reader.read()).rejects.toThrow();
  });
});

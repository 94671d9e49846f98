// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createChatDecoder } from '../../src/api/sse';
import type { ChatEvent } from '../../src/api/types';
import { chunk, DONE, named } from './helpers';

const SQL = 'SELECT secret_column FROM orders WHERE tenant = 7';
const FN = 'sales_db__run_sql';
const toolArgs = JSON.stringify({ sql: SQL });

// A recorded reply with everything docs/protocol.md "The chat stream" allows, including CRLF frames and noise.
const RECORDED = [
  ': ping\n\n',
  named('conversation', { id: 'conv_1', title: 'Siparişler' }),
  chunk({ role: 'assistant', content: '' }),
  chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: FN, arguments: '' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: toolArgs } }] }),
  chunk({}, 'tool_calls'),
  'event: progress\ndata: {not json\n\n', // unknown event, unparsable: ignored
  'event: progress\r\ndata: {"pct":50}\r\n\r\n', // unknown event: ignored
  'id: 7\nretry: 1000\nfoo: bar\n' + chunk({ content: 'Bugün ğüşıöç 🎉 ' }).replace(/\n/g, '\r\n'),
  'data: {"choices":[{"delta":{"content":"broken"\n\n', // malformed unnamed frame: skipped
  chunk({ content: 'There were **42** orders' }),
  ':comment without space\r\n',
  named('confirmation', { id: 'cf_1', prompt: 'Cancel order 42?' }),
  named('approval', { status: 'pending', message: 'The team must approve.' }),
  named('approval', { status: 'pending' }),
  chunk({ content: 'data: [DONE] inside text' }),
  chunk({}, 'stop'),
  DONE,
  chunk({ content: 'after done' }),
].join('');

const EXPECTED: ChatEvent[] = [
  { type: 'conversation', id: 'conv_1', title: 'Siparişler' },
  { type: 'tool' },
  { type: 'delta', text: 'Bugün ğüşıöç 🎉 ' },
  { type: 'delta', text: 'There were **42** orders' },
  { type: 'confirmation', id: 'cf_1', prompt: 'Cancel order 42?' },
  { type: 'approval', status: 'pending', message: 'The team must approve.' },
  { type: 'approval', status: 'pending' },
  { type: 'delta', text: 'data: [DONE] inside text' },
  { type: 'done' },
];

const BYTES = new TextEncoder().encode(RECORDED);

function decode(chunks: (Uint8Array | string)[]): ChatEvent[] {
  const events: ChatEvent[] = [];
  const d = createChatDecoder((e) => events.push(e));
  for (const c of chunks) d.feed(c);
  d.end();
  return events;
}

describe('createChatDecoder', () => {
  it('decodes the recorded stream', () => {
    expect(decode([BYTES])).toEqual(EXPECTED);
  });

  it('gives the same events for a split at every byte position', () => {
    for (let i = 0; i <= BYTES.length; i++) {
      expect(decode([BYTES.subarray(0, i), BYTES.subarray(i)]), `split at ${i}`).toEqual(EXPECTED);
    }
  }, 30_000);

  it('gives the same events byte by byte', () => {
    expect(decode(Array.from(BYTES, (_, i) => BYTES.subarray(i, i + 1)))).toEqual(EXPECTED);
  });

  it('gives the same events for text chunks split at every character', () => {
    for (let i = 0; i <= RECORDED.length; i++) {
      expect(decode([RECORDED.slice(0, i), RECORDED.slice(i)])).toEqual(EXPECTED);
    }
  });

  it('rebuilds multi-byte characters cut inside their bytes', () => {
    const text = 'Çağrı şöyle: ğüşıöç İĞ 🎉👍🏽';
    const bytes = new TextEncoder().encode(chunk({ content: text }) + DONE);
    for (let i = 0; i <= bytes.length; i++) {
      for (const j of [i + 1, i + 2, i + 3]) {
        const events = decode([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)]);
        expect(events).toEqual([{ type: 'delta', text }, { type: 'done' }]);
      }
    }
  });

  it('never lets a tool name, SQL or arguments out', () => {
    const json = JSON.stringify(decode(Array.from(BYTES, (_, i) => BYTES.subarray(i, i + 1))));
    for (const secret of [FN, 'SELECT', 'secret_column', 'call_1', 'arguments', 'sql']) {
      expect(json).not.toContain(secret);
    }
  });

  it('ends the reply on an error event, even an unreadable one, and ignores the rest', () => {
    expect(decode([chunk({ content: 'Hi' }), named('error', { error: 'llm_failed', message: 'x' }), DONE])).toEqual([
      { type: 'delta', text: 'Hi' },
      { type: 'error', error: 'llm_failed', message: 'x' },
    ]);
    expect(decode(['event: error\ndata: oops\n\n'])).toEqual([{ type: 'error', error: 'unknown' }]);
  });

  it('handles bare CR line ends and a raw U+2028 inside the data, split anywhere', () => {
    const text = 'a\u2028b\u2029c';
    const raw = `data: {"choices":[{"delta":{"content":"${text}"}}]}\r\rdata: [DONE]\r\r`;
    for (let i = 0; i <= raw.length; i++) {
      expect(decode([raw.slice(0, i), raw.slice(i)])).toEqual([{ type: 'delta', text }, { type: 'done' }]);
    }
  });

  it('dispatches a last frame the server left without its blank line', () => {
    expect(decode([chunk({ content: 'a' }), 'data: [DONE]'])).toEqual([{ type: 'delta', text: 'a' }, { type: 'done' }]);
  });

  it('skips named events with missing fields', () => {
    expect(
      decode([
        named('conversation', { title: 'no id' }),
        named('confirmation', { id: 'cf' }),
        named('approval', { status: 'approved' }),
        'event: conversation\ndata: [1,2]\n\n',
        DONE,
      ]),
    ).toEqual([{ type: 'done' }]);
  });
});

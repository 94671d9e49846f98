// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  completionChunks,
  cutFrame,
  doneFrame,
  encodeFrame,
  namedFrame,
  pingFrame,
  sseStream,
  type SseFrame,
} from '../../mock/sse';
import { parseSse } from './helpers';

async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

const join = (chunks: Uint8Array[]) => new TextDecoder().decode(Buffer.concat(chunks));

describe('sseStream', () => {
  const c = completionChunks('cmpl_1', 'm');
  const frames: SseFrame[] = [
    c.role(),
    c.content('Ça va? 👍'),
    namedFrame('conversation', { id: 'x', title: 'T' }),
    pingFrame,
    doneFrame,
  ];

  it('encodes named events, comments and multi-line data', () => {
    expect(encodeFrame(namedFrame('approval', { status: 'pending' }))).toBe(
      'event: approval\ndata: {"status":"pending"}\n\n',
    );
    expect(encodeFrame(pingFrame, '\r\n')).toBe(': ping\r\n\r\n');
    expect(encodeFrame({ kind: 'event', data: 'a\nb', fields: ['id: 1'] })).toBe('id: 1\ndata: a\ndata: b\n\n');
  });

  it('sends one network chunk per frame by default', async () => {
    const chunks = await chunksOf(sseStream(frames));
    expect(chunks).toHaveLength(frames.length);
    expect(parseSse(join(chunks)).map((e) => e.event ?? 'message')).toEqual([
      'message',
      'message',
      'conversation',
      'message',
    ]);
  });

  it('re-cuts at arbitrary bytes with \\r\\n line ends, deterministically, without changing the bytes', async () => {
    const plain = join(await chunksOf(sseStream(frames, { crlf: true })));
    const split = await chunksOf(sseStream(frames, { crlf: true, splitSeed: 7 }));
    expect(split.length).toBeGreaterThan(frames.length);
    expect(join(split)).toBe(plain);
    expect(plain).toContain('\r\n\r\n');
    const again = await chunksOf(sseStream(frames, { crlf: true, splitSeed: 7 }));
    expect(again.map((b) => b.length)).toEqual(split.map((b) => b.length));
  });

  it('errors at a cut frame after sending what came before', async () => {
    const reader = sseStream([c.content('partial'), cutFrame, doneFrame]).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('partial');
    await expect(reader.read()).rejects.toThrow(/connection lost/);
  });

  it('waits delayMs between chunks', async () => {
    const started = Date.now();
    await chunksOf(sseStream([pingFrame, pingFrame, pingFrame], { delayMs: 40 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
  });

  it('stops producing and errors with the abort reason when the signal aborts', async () => {
    const abort = new AbortController();
    const many = Array.from({ length: 100 }, () => pingFrame);
    const reader = sseStream(many, { delayMs: 5, signal: abort.signal }).getReader();
    await reader.read();
    abort.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });
});

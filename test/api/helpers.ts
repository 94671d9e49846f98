// Builders shared by the transport tests: a client aimed at msw, and SSE answers.
import { HttpResponse } from 'msw';
import { createClient, type ClientConfig } from '../../src/api/client';

export const BASE = 'https://svc.test';
export const API = `${BASE}/api/v1/widget`;

export function makeClient(over: Partial<ClientConfig> = {}) {
  return createClient({
    baseUrl: `${BASE}/`,
    publicId: 'pk_test',
    getToken: () => 'h.p.tok',
    locale: () => 'en',
    ...over,
  });
}

/** One `chat.completion.chunk` frame with the given delta. */
export function chunk(delta: object, finish: string | null = null): string {
  const c = {
    id: 'cmpl_1',
    object: 'chat.completion.chunk',
    created: 1764100000,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(c)}\n\n`;
}

export const named = (event: string, data: object): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const DONE = 'data: [DONE]\n\n';

/**
 * An SSE answer whose body yields `parts` one by one; `end: 'error'` fails the body after them and
 * `end: 'open'` never ends it (for abort tests).
 */
export function sse(parts: string[], end: 'close' | 'error' | 'open' = 'close', headers: Record<string, string> = {}) {
  const enc = new TextEncoder();
  const queue = [...parts];
  // An `error` end waits a tick first: error() drops chunks still queued in msw's copy of the body,
  // and a real cut comes after the bytes before it were delivered.
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      const next = queue.shift();
      if (next !== undefined) return c.enqueue(enc.encode(next));
      if (end === 'close') return c.close();
      if (end === 'error') {
        await new Promise((r) => setTimeout(r, 5));
        c.error(new TypeError('connection reset'));
      }
    },
  });
  return new HttpResponse(body, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', ...headers },
  });
}

/** An error answer (docs/protocol.md, "Errors"). */
export const fail = (status: number, detail: unknown, extra: object = {}, headers: Record<string, string> = {}) =>
  HttpResponse.json({ detail, ...extra }, { status, headers });

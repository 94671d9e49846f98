// Helpers for the mock's own tests: call the API like the widget does, read SSE answers.
import { TEST_BASE_URL, TEST_PUBLIC_ID, testToken } from '../msw-server';

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** A token, or a visitor `sub` to mint one for. @default 'visitor-1' */
  sub?: string;
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export const API = `${TEST_BASE_URL}/api/v1/widget`;

export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const token = options.token ?? (await testToken(options.sub ?? 'visitor-1'));
  return fetch(`${API}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Public-Id': TEST_PUBLIC_ID,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
    credentials: 'omit',
  });
}

export const chat = (body: unknown, options: CallOptions = {}) =>
  call('/chat', {
    ...options,
    body,
    headers: { 'Idempotency-Key': crypto.randomUUID(), ...options.headers },
  });

export interface SseEvent {
  event?: string;
  data: string;
}

/** A small spec-following SSE parser (tests only): handles `\r\n`, comments, unknown fields. */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split('\n\n')) {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ ...(event === undefined ? {} : { event }), data: data.join('\n') });
  }
  return events;
}

export const readSse = async (response: Response) => parseSse(await response.text());

/** The assistant text of a stream: all `delta.content` of the unnamed events joined. */
export function contentOf(events: SseEvent[]): string {
  return events
    .filter((e) => e.event === undefined && e.data !== '[DONE]')
    .map((e) => (JSON.parse(e.data) as { choices: [{ delta: { content?: string } }] }).choices[0].delta.content ?? '')
    .join('');
}

export const named = (events: SseEvent[], name: string) =>
  events.filter((e) => e.event === name).map((e) => JSON.parse(e.data) as Record<string, unknown>);

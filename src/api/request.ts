// One logical request to the service: auth per attempt, error classification, automatic retry
// (contract 4 and 4.2). Endpoints live in client.ts.
import { AuthTokenError, HttpError, NetworkError } from './errors';
import { parseRetryAfter, retryDelay, RETRY_AFTER_MAX_MS, sleep } from './retry';
import type { ErrorBody } from './types';

export interface TransportConfig {
  /** Already without its trailing slash. */
  base: string;
  publicId: string;
  getToken: () => string | Promise<string>;
  fetch: typeof fetch;
  random: () => number;
  requestTimeoutMs: number | undefined;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  accept: string;
  body?: unknown;
}

/** Retries after the first attempt (so at most 4 attempts). */
export const MAX_RETRIES = 3;

/**
 * Sends `spec` until an attempt answers 2xx, then hands that answer to `read` (not retried: once
 * the answer began nothing is re-sent). 503 and fetch rejections/timeouts are retried; anything
 * else is thrown at once. POSTs get one `Idempotency-Key` shared by all their attempts.
 */
export async function send<T>(
  cfg: TransportConfig,
  spec: RequestSpec,
  read: (res: Response, signal: AbortSignal | undefined) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const key = spec.method === 'POST' ? uuid() : undefined;
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  for (let attempt = 0; ; attempt++) {
    const link = linkSignal(signal, cfg.requestTimeoutMs);
    let res: Response;
    try {
      res = await sendOnce(cfg, spec, body, key, link);
      if (!res.ok) throw await toHttpError(res, link.signal);
    } catch (e) {
      link.dispose();
      const wait = attempt < MAX_RETRIES ? retryWait(e, attempt, cfg.random) : undefined;
      if (wait === undefined) throw e;
      await sleep(wait, signal);
      continue;
    }
    try {
      return await read(res, link.signal);
    } finally {
      link.dispose();
    }
  }
}

function retryWait(e: unknown, attempt: number, random: () => number): number | undefined {
  if (e instanceof NetworkError) return retryDelay(attempt, undefined, random);
  if (!(e instanceof HttpError) || e.status !== 503) return undefined;
  if ((e.retryAfterMs ?? 0) > RETRY_AFTER_MAX_MS) return undefined;
  return retryDelay(attempt, e.retryAfterMs, random);
}

async function sendOnce(
  cfg: TransportConfig,
  spec: RequestSpec,
  body: string | undefined,
  key: string | undefined,
  link: Link,
): Promise<Response> {
  // Asked right before each attempt and used for it only: the page may rotate tokens any time.
  let token: unknown;
  try {
    token = await cfg.getToken();
  } catch (e) {
    link.signal?.throwIfAborted();
    throw new AuthTokenError(e);
  }
  link.signal?.throwIfAborted();
  if (typeof token !== 'string' || token === '') throw new AuthTokenError();

  const headers: Record<string, string> = {
    Accept: spec.accept,
    Authorization: `Bearer ${token}`,
    'X-Public-Id': cfg.publicId,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;

  link.start();
  try {
    return await cfg.fetch(`${cfg.base}${spec.path}`, {
      method: spec.method,
      headers,
      body,
      credentials: 'omit',
      signal: link.signal,
    });
  } catch (e) {
    if (link.timedOut) throw new NetworkError(true, e);
    link.signal?.throwIfAborted();
    throw new NetworkError(false, e);
  } finally {
    link.stop();
  }
}

async function toHttpError(res: Response, signal: AbortSignal | undefined): Promise<HttpError> {
  // The body is read defensively: proxies answer with HTML, and a 5xx may have no body at all.
  const text = await res.text().catch(() => '');
  signal?.throwIfAborted();
  let parsed: Partial<ErrorBody> | undefined;
  try {
    const v: unknown = JSON.parse(text);
    if (v !== null && typeof v === 'object') parsed = v as Partial<ErrorBody>;
  } catch {
    // not JSON: detail stays null
  }
  const detail = parsed?.detail;
  return new HttpError(
    res.status,
    typeof detail === 'string' || (detail !== null && typeof detail === 'object') ? detail : null,
    typeof parsed?.request_id === 'string' ? parsed.request_id : undefined,
    parseRetryAfter(res.headers.get('Retry-After')),
  );
}

interface Link {
  signal: AbortSignal | undefined;
  timedOut: boolean;
  start(): void;
  stop(): void;
  dispose(): void;
}

/**
 * The caller's signal, plus (with `requestTimeoutMs`) a timer that aborts the attempt if no answer
 * arrives in time. Hand-linked rather than AbortSignal.any/timeout, which older Safari lacks. The
 * caller's reason is forwarded, so a visitor's abort still surfaces as its own AbortError.
 */
function linkSignal(outer: AbortSignal | undefined, timeoutMs: number | undefined): Link {
  if (!timeoutMs) {
    return { signal: outer, timedOut: false, start() {}, stop() {}, dispose() {} };
  }
  const inner = new AbortController();
  const forward = (): void => inner.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const link: Link = {
    signal: inner.signal,
    timedOut: false,
    start() {
      timer = setTimeout(() => {
        link.timedOut = true;
        inner.abort(new DOMException('Request timed out', 'TimeoutError'));
      }, timeoutMs);
    },
    stop: () => clearTimeout(timer),
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
  return link;
}

/** `crypto.randomUUID` needs a secure context; customer pages on plain http still get a v4 UUID. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

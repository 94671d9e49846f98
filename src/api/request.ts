// One logical request to the service (docs/protocol.md "Every request", "Errors" and "Retries and
// idempotency"), in the manner of ky: the token for each attempt, a per-attempt timeout, the retry
// loop, and non-2xx answers turned into HttpError.
// The 2xx answer is returned unread: read.ts reads it (JSON or the chat stream).
import { whyRefused, whyUnanswered, withCause } from './diagnose';
import { HttpError, NetworkError } from './errors';
import { get, parseObject, str } from './fields';
import { parseRetryAfter, retryDelay, sleep } from './timing';
import type { TokenProvider } from './token';
import type { ErrorBody } from './types';

export interface RequestConfig {
  /** The service's origin (or a path prefix); a trailing slash is ignored. */
  baseUrl: string;
  publicId: string;
  tokens: TokenProvider;
  /**
   * The UI locale, read as each request starts: sent as `Accept-Language` so the service answers
   * `/config`'s texts in it (docs/protocol.md, "Every request").
   */
  locale: () => string;
  /** For tests; defaults to the global fetch as it is at call time. */
  fetch?: typeof fetch;
  /** Jitter source for retry backoff; defaults to Math.random. */
  random?: () => number;
  /** Time allowed until the answer's headers arrive, per attempt. Default: no limit. */
  requestTimeoutMs?: number;
  /** The token is the static `authToken` (an expired one is then no deployment mistake). */
  staticToken?: boolean;
}

export interface RequestInit {
  signal?: AbortSignal;
  /** A POST; its attempts all share one `Idempotency-Key`. `[undefined]`: a POST without body. */
  post?: [body: unknown];
  accept?: string;
  /** Called before each automatic retry waits: the visitor is told it is still being tried. */
  onRetry?: () => void;
}

export type Request = (path: string, init?: RequestInit) => Promise<Response>;

const JSON_TYPE = 'application/json';

/**
 * `crypto.randomUUID` needs a secure context; customer pages on plain http still get a v4 UUID.
 * The key only has to be unique, not secret, so Math.random is enough there.
 */
const uuid = (): string =>
  crypto.randomUUID?.() ??
  // Each 0/1 becomes a random hex digit, the 8 one of 8–b (the variant); the 4 (version) stays.
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (+c ^ ((Math.random() * 16) & (15 >> (+c / 4)))).toString(16),
  );

/** Reads a non-2xx answer defensively: proxies answer with HTML, and a 5xx may have no body. */
async function httpError(res: Response): Promise<HttpError> {
  const parsed = parseObject(await res.text().catch(() => ''));
  const detail = get(parsed, 'detail');
  return new HttpError(
    res.status,
    typeof detail === 'string' || typeof detail === 'object' ? (detail as ErrorBody['detail']) : null,
    str(get(parsed, 'request_id')),
    parseRetryAfter(res.headers.get('Retry-After')),
  );
}

export function createRequest(cfg: RequestConfig): Request {
  const base = `${cfg.baseUrl.replace(/\/+$/, '')}/api/v1/widget`;

  /**
   * Sends until an attempt answers 2xx and returns that answer. 503 and fetch rejections/timeouts
   * are retried; anything else is thrown at once. A visitor's abort surfaces as the signal's own
   * AbortError.
   */
  return async (path, { signal, post, accept = JSON_TYPE, onRetry } = {}) => {
    const body = post && JSON.stringify(post[0]);
    // Only Authorization changes between attempts (fetch copies the headers when called).
    const headers: Record<string, string> = {
      Accept: accept,
      'Accept-Language': cfg.locale(),
      'X-Public-Id': cfg.publicId,
    };
    // JSON.stringify gives undefined for no body; Content-Type only goes with one.
    if (body) headers['Content-Type'] = JSON_TYPE;
    if (post) headers['Idempotency-Key'] = uuid();
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      // Asked right before each attempt and used for it only: the page may rotate tokens any time.
      const token = await cfg.tokens.get().catch((e: unknown) => {
        signal?.throwIfAborted();
        throw e;
      });
      signal?.throwIfAborted();
      headers.Authorization = `Bearer ${token}`;

      // Each attempt gets its own controller, so the timeout can abort one attempt. The caller's
      // signal is linked by hand (AbortSignal.any is Safari 17.4+) and its reason forwarded.
      const ctl = new AbortController();
      const forward = (): void => ctl.abort(signal!.reason);
      signal?.addEventListener('abort', forward);
      let err: Error | undefined;
      // The attempt's error is the abort reason: fetch rejects with it, and it has no cause.
      const timer = cfg.requestTimeoutMs
        ? setTimeout(() => ctl.abort((err = new NetworkError(true))), cfg.requestTimeoutMs)
        : undefined;
      let res: Response | undefined;
      try {
        // Called with no `this`: a native fetch bound to another object throws "Illegal invocation".
        res = await (cfg.fetch ?? fetch)(base + path, {
          method: post ? 'POST' : 'GET',
          headers,
          body,
          credentials: 'omit',
          // A 3xx is an error: neither the token nor the visitor's message goes anywhere but baseUrl.
          redirect: 'error',
          signal: ctl.signal,
        });
      } catch (e) {
        signal?.throwIfAborted();
        // Unless the timeout fired (once fetch settled, the clearTimeout below runs before it could).
        err ||= new NetworkError(false, e);
      } finally {
        clearTimeout(timer);
        // Reading the answer watches the signal itself (read.ts).
        signal?.removeEventListener('abort', forward);
      }
      if (res?.ok) return res;
      let wait: number | undefined; // Retry-After in ms, if any
      if (res) {
        err = await httpError(res);
        signal?.throwIfAborted();
        if (res.status === 401 && /^(token_expired|invalid_token)$/.test((err as HttpError).code!)) {
          cfg.tokens.rejected();
          withCause(err, whyRefused(token, !!cfg.staticToken));
        }
        if (res.status !== 503) throw err;
        wait = (err as HttpError).retryAfterMs;
      }
      const delay = retryDelay(attempt, wait, cfg.random ?? Math.random);
      if (delay === undefined) {
        // Given up without an answer: the page's CSP, CORS or mixed content is named, if it was that.
        if (!res && !(err as NetworkError).timedOut) withCause(err!, await whyUnanswered(base, cfg.fetch ?? fetch));
        signal?.throwIfAborted();
        throw err;
      }
      onRetry?.();
      await sleep(delay, signal);
    }
  };
}

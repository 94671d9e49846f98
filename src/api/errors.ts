// Transport errors, classified once where fetch is called (style guide: ky-style classes with a
// fixed `name`, so minification cannot change what callers branch on). A visitor's abort is never
// one of these: it surfaces as the signal's own `AbortError` DOMException.
import type { ErrorBody } from './types';

/** Period named by a 429 `user_limit_reached` answer. */
export type LimitPeriod = 'daily' | 'monthly' | 'per_minute';

const PERIODS: readonly string[] = ['daily', 'monthly', 'per_minute'];

/** A non-2xx answer. `code` is `detail.error` when `detail` is an object. */
export class HttpError extends Error {
  override readonly name = 'HttpError' as const;
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: ErrorBody['detail'];
  readonly requestId: string | undefined;
  /** From the `Retry-After` header (seconds or HTTP date), in ms from when the answer arrived. */
  readonly retryAfterMs: number | undefined;
  /** 429 only: which per-user limit was reached. */
  readonly period: LimitPeriod | undefined;
  /** 429 only: when that limit resets (ISO 8601, as the service sent it). */
  readonly resetAt: string | undefined;

  constructor(
    status: number,
    detail: ErrorBody['detail'],
    requestId?: string,
    retryAfterMs?: number,
  ) {
    const code = detail && typeof detail === 'object' && typeof detail.error === 'string'
      ? detail.error
      : undefined;
    // The message is for developers' consoles: status, code and request id only, never headers.
    super(`HTTP ${status}${code ? ` ${code}` : ''}${requestId ? ` (request ${requestId})` : ''}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.requestId = requestId;
    this.retryAfterMs = retryAfterMs;
    const extra = status === 429 && detail && typeof detail === 'object' ? detail : undefined;
    this.period = extra && PERIODS.includes(extra.period as string)
      ? (extra.period as LimitPeriod)
      : undefined;
    this.resetAt = typeof extra?.reset_at === 'string' ? extra.reset_at : undefined;
  }
}

/** fetch rejected, or `requestTimeoutMs` passed, before any answer arrived. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError' as const;
  readonly timedOut: boolean;

  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'Request timed out' : 'Network request failed', { cause });
    this.timedOut = timedOut;
  }
}

/** The chat stream failed or ended without `[DONE]` after the answer began. Never re-sent. */
export class StreamInterruptedError extends Error {
  override readonly name = 'StreamInterruptedError' as const;

  constructor(message = 'Chat stream interrupted') {
    super(message);
  }
}

/** A 2xx answer the widget cannot read: chat without `text/event-stream`, or non-JSON JSON. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError' as const;
}

/**
 * `getAuthToken` threw, rejected or gave no non-empty string. Kept apart from `HttpError` 401
 * because no request was made: the fault is on the embedding page, and it is not retried (the next
 * user action calls `getAuthToken` again). The page's error is the `cause`; its text is not copied
 * into the message in case it quotes a token.
 */
export class AuthTokenError extends Error {
  override readonly name = 'AuthTokenError' as const;

  constructor(cause?: unknown) {
    super('getAuthToken did not return a token', { cause });
  }
}

export function isHttpError(e: unknown, code?: string): e is HttpError {
  return e instanceof HttpError && (code === undefined || e.code === code);
}

/** The visitor (stop button) or the widget (destroy) aborted: show nothing, retry nothing. */
export function isAbortError(e: unknown): boolean {
  return (e as { name?: unknown } | null)?.name === 'AbortError';
}

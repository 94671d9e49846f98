// Transport errors, classified once where fetch is called: ky-style classes with a fixed `name`,
// so minification cannot change what callers branch on. A visitor's abort is never
// one of these: it surfaces as the signal's own `AbortError` DOMException.
// Fields are `declare`d and set in the constructor: class field declarations would each be emitted.
import { str } from './fields';
import type { ErrorBody } from './types';

/** Period named by a 429 `user_limit_reached` answer. */
export type LimitPeriod = 'daily' | 'monthly' | 'per_minute';

/** A non-2xx answer. `code` is `detail.error` when `detail` is an object. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  declare readonly status: number;
  declare readonly code: string | undefined;
  declare readonly detail: ErrorBody['detail'];
  declare readonly requestId: string | undefined;
  /** From the `Retry-After` header (seconds or HTTP date), in ms from when the answer arrived. */
  declare readonly retryAfterMs: number | undefined;
  /** 429 only: which per-user limit was reached (undefined for one the widget does not know). */
  declare readonly period: LimitPeriod | undefined;
  /** 429 only: when that limit resets (ISO 8601, as the service sent it). */
  declare readonly resetAt: string | undefined;

  constructor(status: number, detail: ErrorBody['detail'], requestId?: string, retryAfterMs?: number) {
    // A string detail has none of these keys, so one lookup object serves both shapes.
    const d = (detail || {}) as Record<string, unknown>;
    const code = str(d.error);
    const limit = status === 429;
    // The message is for developers' consoles: status, code and request id only, never headers.
    super(`HTTP ${status}${code ? ` ${code}` : ''}${requestId ? ` (request ${requestId})` : ''}`);
    Object.assign(this, {
      status,
      code,
      detail,
      requestId,
      retryAfterMs,
      period: limit && ['daily', 'monthly', 'per_minute'].includes(d.period as string) ? d.period : undefined,
      resetAt: str(limit && d.reset_at),
    });
  }
}

/** fetch rejected, or `requestTimeoutMs` passed, before any answer arrived. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  declare readonly timedOut: boolean;

  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'Request timed out' : 'Network request failed', { cause });
    this.timedOut = timedOut;
  }
}

/**
 * The chat stream failed, stalled (60 s without a byte: api/timing.ts) or ended unfinished after the
 * answer began. Never re-sent.
 */
export class StreamInterruptedError extends Error {
  override readonly name = 'StreamInterruptedError';
}

/** A 2xx answer the widget cannot read: chat without `text/event-stream`, or non-JSON JSON. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/**
 * No token to send, so no request was made. `expired`: the static `authToken` was rejected before
 * (only a page reload brings a new one). Otherwise `getAuthToken` threw, rejected or gave no
 * non-empty string: the fault is on the embedding page (often CORS on its token endpoint), and it
 * is not retried (the next user action calls it again). The page's error is the `cause`; its text
 * is not copied into the message in case it quotes a token.
 */
export class AuthTokenError extends Error {
  override readonly name = 'AuthTokenError';
  declare readonly expired: boolean;

  constructor(cause?: unknown, expired = false) {
    super('getAuthToken did not return a token', { cause });
    this.expired = expired;
  }
}

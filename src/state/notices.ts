// One notice model for every part of the widget (chat, history, config, portal, voice, approvals):
// a notice stores what happened (kind, code, parameters), never a sentence, and is put into words
// when rendered (`noticeText`), so `setLocale` re-translates it, dates and numbers included.
import { AuthTokenError, HttpError, NetworkError, StreamInterruptedError, type LimitPeriod } from '../api/errors';
import { messages, resetTime, type Messages } from '../i18n';
import { untilText } from '../i18n/countdown';
import { causeOf } from '../api/diagnose';
import type { ErrorCause, Locale, WidgetErrorCode } from '../types';
import { NOTICE_KINDS } from '../surface';

/** Every notice kind, the `data-kind` of the `notice` part: each has its announcement (ui/announce.ts). */
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export { NOTICE_KINDS };

/** Catalog keys that are plain sentences. */
export type Say = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];

/** A misconfiguration of the embedding page, named once in the console (widget-model.ts). */
export type Cause = 'publicId' | 'getAuthToken' | 'baseUrl';

/** What the page's developer must fix, said once per widget in the console (never a token). */
export const MISCONFIGURED: Record<Cause, string> = {
  publicId: 'the service rejected it',
  getAuthToken: 'it failed or gave no token (CORS on your token endpoint?), so nothing was sent',
  baseUrl: 'the widget API is not there (404)',
};

export interface Notice {
  kind: NoticeKind;
  /** The `error` event's code; approvals and a blocked tab are not failures and fire none. */
  code?: WidgetErrorCode;
  /** What to say: a sentence of the catalog. */
  say: Say;
  /** 429: which limit, and when it resets (ISO 8601, formatted at render). */
  period?: LimitPeriod;
  resetAt?: string;
  /**
   * 429: the moment of the reset on this browser's clock (ms since the epoch), from `Retry-After`
   * when given (a page's clock may be off), else `resetAt`: Send waits for it (ui/limit.ts).
   */
  until?: number;
  /** The service's reference of a 5xx, shown for support. */
  requestId?: string;
  /** The service's own words (an approval's `message`), shown instead of `say`. */
  message?: string;
  /** The portal address, when the browser blocked its tab. */
  link?: string;
  /** The notice's button: `retry` repeats exactly the action that failed, `reload` the conversation. */
  action?: ['retry' | 'reload', () => void];
  cause?: Cause;
  /** A deployment mistake the widget diagnosed: the `error` event's `cause`. */
  fault?: ErrorCause;
}

/** The browser says it is offline: nothing was sent. */
export class OfflineError extends Error {
  override name = 'OfflineError';
}

/** A reply pending when the last page went away was not stored within two minutes (state/resume.ts). */
export class ReplyLateError extends Error {
  override name = 'ReplyLateError';
}

/**
 * Turns any failure of a request into what the visitor is told (docs/protocol.md "Errors").
 * `retry` repeats the failed action; it is offered only where trying again can help.
 */
export function noticeFor(err: unknown, staticToken: boolean, retry?: () => void): Notice {
  const n = noticeOf(err, staticToken, retry);
  // A page or deployment setting (api/diagnose.ts): the code stays, the visitor is not told the
  // service or their network failed.
  const fault = causeOf(err);
  return fault ? { ...n, kind: 'error', say: 'pageSetup', fault } : n;
}

function noticeOf(err: unknown, staticToken: boolean, retry?: () => void): Notice {
  const again = retry && (['retry', retry] as Notice['action']);
  if (err instanceof OfflineError) return { kind: 'offline', code: 'offline', say: 'offline' };
  // Cut after it began: `retry` reloads the conversation; a reply is never sent twice.
  if (err instanceof StreamInterruptedError) {
    return { kind: 'interrupted', code: 'interrupted', say: 'interrupted', action: retry && ['reload', retry] };
  }
  if (err instanceof ReplyLateError) {
    return { kind: 'interrupted', code: 'interrupted', say: 'replyLate', action: retry && ['reload', retry] };
  }
  // A rejected token: with a static one only a reload helps; getAuthToken is asked again next time.
  const auth: Notice = staticToken
    ? { kind: 'auth', code: 'auth', say: 'authExpiredStatic' }
    : { kind: 'auth', code: 'auth', say: 'authExpired', action: again };
  if (err instanceof AuthTokenError) {
    // The page's getAuthToken failed (often CORS on its token endpoint): the session did not expire.
    return err.expired
      ? auth
      : { kind: 'error', code: 'unavailable', say: 'cantConnect', action: again, cause: 'getAuthToken' };
  }
  if (err instanceof NetworkError) return { kind: 'error', code: 'unavailable', say: 'unavailable', action: again };
  if (!(err instanceof HttpError)) return { kind: 'error', code: 'error', say: 'error', action: again };
  switch (err.code) {
    case 'token_expired':
    case 'invalid_token':
      return auth;
    case 'invalid_public_id':
      return { kind: 'error', code: 'invalid_public_id', say: 'invalidPublicId', cause: 'publicId' };
    case 'conversation_not_found':
      return { kind: 'error', code: 'not_found', say: 'notFound' };
    case 'confirmation_not_pending':
      return { kind: 'error', code: 'confirmation_not_pending', say: 'confirmationNotPending' };
    case 'voice_not_configured':
      return { kind: 'voice', code: 'voice_not_configured', say: 'voiceNotConfigured' };
    case 'llm_not_configured':
      return { kind: 'error', code: 'llm_not_configured', say: 'llmNotConfigured' };
    case 'user_limit_reached': {
      const until = err.retryAfterMs === undefined ? Date.parse(err.resetAt!) : Date.now() + err.retryAfterMs;
      const limit: Notice = {
        kind: 'limit',
        code: 'limit',
        say: 'error',
        period: err.period ?? 'daily',
        resetAt: err.resetAt,
      };
      if (until > 0) limit.until = until;
      return limit;
    }
  }
  // A 404 that names nothing: the widget's API is not at `baseUrl`.
  if (err.status === 404)
    return { kind: 'error', code: 'unavailable', say: 'cantConnect', action: again, cause: 'baseUrl' };
  const down = err.status === 503;
  return {
    kind: 'error',
    code: down ? 'unavailable' : 'error',
    say: down ? 'unavailable' : 'error',
    requestId: err.requestId,
    action: again,
  };
}

/**
 * An `error` event inside a stream (or a voice error frame): the same notices, by code. `retry`
 * (a typed message) sends it again: a notice that says "Please try again" offers to.
 */
export const noticeForStreamError = (error: string, staticToken: boolean, retry?: () => void): Notice =>
  noticeFor(new HttpError(200, { error }), staticToken, retry);

/**
 * The notice in words, in `locale`, at `now`: its sentence and an optional second line. A limit
 * counts down to its reset (i18n/countdown.ts) and then says the visitor can write again.
 */
export function noticeText(n: Notice, locale: Locale, now = Date.now()): [text: string, detail?: string] {
  const t = messages(locale);
  if (n.until !== undefined && n.until <= now) return [t.limitOver];
  const when = n.until === undefined ? resetTime(locale, n.resetAt) : untilText(locale, n.until, now);
  return [
    n.message || (n.period ? t.limit[n.period] : t[n.say]),
    when ? t.limitResets(when) : n.requestId && t.reference(n.requestId),
  ];
}

import { AuthTokenError, HttpError, NetworkError, StreamInterruptedError } from '../api/errors';
import { resetTime, type Messages } from '../i18n';
import type { Locale, WidgetErrorCode } from '../types';

export type NoticeKind = 'approval' | 'limit' | 'auth' | 'error' | 'offline' | 'voice' | 'interrupted';

export interface Notice {
  kind: NoticeKind;
  code: WidgetErrorCode;
  text: string;
  /** A second line: when a limit resets, a request reference. */
  detail?: string;
  action?: 'retry' | 'reload';
}

/** The browser says it is offline: nothing was sent. */
export class OfflineError extends Error {
  override name = 'OfflineError';
}

interface Context {
  t: Messages;
  locale: Locale;
  staticToken: boolean;
}

/** Turns any failure of a request into what the visitor is told (contract 4.2). */
export function noticeFor(err: unknown, { t, locale, staticToken }: Context): Notice {
  if (err instanceof OfflineError) return { kind: 'offline', code: 'offline', text: t.offline };
  if (err instanceof StreamInterruptedError) {
    return { kind: 'interrupted', code: 'interrupted', text: t.interrupted, action: 'reload' };
  }
  // A rejected token: with a static one only a reload helps; getAuthToken is asked again next time.
  const auth: Notice = staticToken
    ? { kind: 'auth', code: 'auth', text: t.authExpiredStatic }
    : { kind: 'auth', code: 'auth', text: t.authExpired, action: 'retry' };
  if (err instanceof AuthTokenError) return auth;
  if (err instanceof NetworkError) {
    return { kind: 'error', code: 'unavailable', text: t.unavailable, action: 'retry' };
  }
  if (!(err instanceof HttpError)) {
    return { kind: 'error', code: 'error', text: t.error, action: 'retry' };
  }
  const ref = err.requestId ? t.reference(err.requestId) : undefined;
  switch (err.code) {
    case 'token_expired':
    case 'invalid_token':
      return auth;
    case 'invalid_public_id':
      return { kind: 'error', code: 'invalid_public_id', text: t.invalidPublicId };
    case 'conversation_not_found':
      return { kind: 'error', code: 'not_found', text: t.notFound };
    case 'confirmation_not_pending':
      return { kind: 'error', code: 'confirmation_not_pending', text: t.confirmationNotPending };
    case 'voice_not_configured':
      return { kind: 'voice', code: 'voice_not_configured', text: t.voiceNotConfigured };
    case 'llm_not_configured':
      return { kind: 'error', code: 'llm_not_configured', text: t.llmNotConfigured };
    case 'user_limit_reached': {
      const period = err.period && err.period in t.limit ? (err.period as keyof Messages['limit']) : 'daily';
      const when = resetTime(locale, err.resetAt);
      return { kind: 'limit', code: 'limit', text: t.limit[period], detail: when ? t.limitResets(when) : undefined };
    }
  }
  const down = err.status === 503;
  return { kind: 'error', code: down ? 'unavailable' : 'error', text: down ? t.unavailable : t.error, detail: ref, action: 'retry' };
}

/** An `error` event inside a stream (or a voice error frame): same notices, by code. */
export function noticeForStreamError(error: string, ctx: Context): Notice {
  const notice = noticeFor(new HttpError(200, { error }), ctx);
  // The partial reply stays; sending the message again would duplicate it.
  return { ...notice, action: undefined };
}

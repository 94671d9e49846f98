// Response helpers shared by the handlers: JSON, the error body of docs/protocol.md "Errors", CORS.
import { HttpResponse } from 'msw';
import type { ErrorAnswer } from './scenarios';
import { randomHex } from './state';

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'X-Conversation-Id, Retry-After',
};

const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, X-Public-Id, Idempotency-Key, Content-Type',
  'Access-Control-Max-Age': '600',
};

export const preflight = () => new HttpResponse(null, { status: 204, headers: PREFLIGHT_HEADERS });

export function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

/** `{ detail, request_id? }`; 5xx answers always carry a `request_id`. */
export function errorResponse({ status, detail, headers }: ErrorAnswer): Response {
  const body = status >= 500 ? { detail, request_id: `req_${randomHex(8)}` } : { detail };
  const extra: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return HttpResponse.json(body, { status, headers: { ...extra, ...headers } });
}

export const jsonResponse = (data: unknown) => HttpResponse.json(data as Record<string, unknown>);

export const refuse = (status: number, error: string, more: Record<string, unknown> = {}) =>
  errorResponse({ status, detail: { error, ...more } });

/** 422, as a validating framework answers a malformed body or query. */
export const unprocessable = (message: string) => errorResponse({ status: 422, detail: message });

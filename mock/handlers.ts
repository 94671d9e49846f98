// msw handlers for every endpoint under {baseUrl}/api/v1/widget (docs/protocol.md).
import { http, type HttpResponseResolver, type RequestHandler } from 'msw';
import type { PortalCode, ServiceConfig, VoiceSession } from '../src/api/types';
import { handleChat } from './chat';
import { errorResponse, jsonResponse, preflight, refuse, unprocessable, withCors } from './http';
import { verifyJwt } from './jwt';
import { localizedTexts, uiLanguage, type UiLanguage } from './languages';
import { authScenarioError, type ErrorAnswer } from './scenarios';
import { PAGE_SIZE, randomHex } from './state';
import type { MockContext, RecordedRequest, Visit } from './types';

/** A request that passed the door: the visitor's `sub`, the parsed body. */

type Route = (visit: Visit) => Response | Promise<Response>;

export function createHandlers(baseUrl: string, ctx: MockContext): RequestHandler[] {
  const api = `${baseUrl.replace(/\/+$/, '')}/api/v1/widget`;
  const guarded = (route: Route): HttpResponseResolver => guard(ctx, route);
  return [
    http.options(`${api}/*`, preflight),
    http.get(
      `${api}/config`,
      guarded(({ request }) => jsonResponse(config(ctx, uiLanguage(request)))),
    ),
    http.get(`${api}/conversations`, guarded(listConversations(ctx))),
    http.get(`${api}/conversations/:id`, guarded(getConversation(ctx))),
    http.post(
      `${api}/chat`,
      guarded((visit) => handleChat(ctx, visit)),
    ),
    http.post(`${api}/voice/session`, guarded(voiceSession(ctx))),
    http.post(`${api}/portal/code`, guarded(portalCode(ctx))),
    http.all(
      `${api}/*`,
      guarded(() => errorResponse({ status: 404, detail: 'Not Found' })),
    ),
  ];
}

/** Records the request, applies the auth scenarios, checks X-Public-Id and the JWT, adds CORS. */
function guard(ctx: MockContext, route: Route): HttpResponseResolver {
  return async ({ request, params }) => {
    const url = new URL(request.url);
    const body = await readBody(request.clone());
    ctx.requests.push(record(request, url, body));
    const door = authScenarioError(ctx.scenario()) ?? (await authenticate(request, ctx));
    if ('status' in door) return withCors(errorResponse(door));
    return withCors(await route({ request, url, params, sub: door.sub, body }));
  };
}

async function authenticate(request: Request, ctx: MockContext): Promise<ErrorAnswer | { sub: string }> {
  if (request.headers.get('x-public-id') !== ctx.publicId) {
    return { status: 401, detail: { error: 'invalid_public_id' } };
  }
  const token = /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return { status: 401, detail: { error: 'invalid_token' } };
  const result = await verifyJwt(token, ctx.secret);
  return result.ok ? { sub: result.claims.sub } : { status: 401, detail: { error: result.error } };
}

/** `/config` in the UI language the request names (`Accept-Language`). */
function config(ctx: MockContext, language: UiLanguage): ServiceConfig {
  const s = ctx.settings();
  return {
    ...(localizedTexts(s, language) as Pick<ServiceConfig, 'title' | 'welcome' | 'suggestions'>),
    read_only: s.readOnly || ctx.scenario() === 'read-only',
    voice: { configured: s.voiceConfigured },
    connected_accounts: { enabled: s.connectedAccounts },
  };
}

const listConversations =
  (ctx: MockContext): Route =>
  ({ url, sub }) => {
    const rawLimit = url.searchParams.get('limit');
    const limit = rawLimit === null ? PAGE_SIZE : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1) return unprocessable('limit must be a positive integer');
    const page = ctx.state.page(sub, Math.min(limit, PAGE_SIZE), url.searchParams.get('cursor'));
    return page ? jsonResponse(page) : refuse(422, 'invalid_cursor');
  };

const getConversation =
  (ctx: MockContext): Route =>
  ({ params, sub }) => {
    const found = ctx.state.conversation(sub, String(params.id));
    if (!found) return refuse(404, 'conversation_not_found');
    const { id, title, created_at, messages } = found;
    return jsonResponse({ id, title, created_at, messages });
  };

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const voiceSession =
  (ctx: MockContext): Route =>
  ({ url, sub, body }) => {
    if (!ctx.settings().voiceConfigured) return refuse(409, 'voice_not_configured');
    const conversationId = isRecord(body) ? body.conversation_id : undefined;
    if (conversationId !== undefined && !ctx.state.conversation(sub, String(conversationId))) {
      return refuse(404, 'conversation_not_found');
    }
    const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const session: VoiceSession = {
      token: `vs_${randomHex(16)}`,
      url: `${scheme}//${url.host}/api/v1/widget/voice/ws`,
      expires_at: inMinutes(2),
    };
    ctx.state.voiceSessions.set(session.token, {
      sub,
      ...(conversationId === undefined ? {} : { conversationId: String(conversationId) }),
      expiresAt: session.expires_at,
    });
    return jsonResponse(session);
  };

const portalCode =
  (ctx: MockContext): Route =>
  ({ url, sub }) => {
    if (!ctx.settings().connectedAccounts) return refuse(409, 'connected_accounts_not_enabled');
    const code = randomHex(16);
    const answer: PortalCode = {
      code,
      url: `${url.origin}/demo/portal.html?code=${code}`,
      expires_at: inMinutes(5),
    };
    ctx.state.portalCodes.set(code, { sub, expiresAt: answer.expires_at });
    return jsonResponse(answer);
  };

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function record(request: Request, url: URL, body: unknown): RecordedRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { method: request.method, path: url.pathname + url.search, url: request.url, headers, body };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

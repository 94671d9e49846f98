// Deployment faults (docs/troubleshooting.md): the mock answering the way a misconfigured deployment
// does, one mistake at a time, so that the widget's console line and `service-widget doctor` can be
// seen and tested against each. Applied by the Node server (mock/node-server.ts) to the answers of
// the widget API, after the mock's own handlers wrote them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mintToken } from './jwt';
import type { MockService } from './service';

export const FAULTS = [
  { name: 'none', label: 'Healthy deployment' },
  {
    name: 'cors-origin',
    label: 'CORS: the page’s origin is not allowed (Access-Control-Allow-Origin names another site)',
  },
  { name: 'cors-header', label: 'CORS: the preflight does not allow the Idempotency-Key header (every POST fails)' },
  { name: 'no-expose', label: 'CORS: X-Conversation-Id is not exposed (Access-Control-Expose-Headers missing)' },
  { name: 'buffered', label: 'A buffering proxy: the whole reply arrives at once, late' },
  { name: 'json-content-type', label: 'POST /chat answered as application/json instead of text/event-stream' },
  { name: 'token-clock', label: 'The backend’s clock is an hour ahead: its tokens’ iat is in the future (401)' },
  { name: 'token-lifetime', label: 'The backend signs 48-hour tokens; the service allows 24 h (401)' },
  { name: 'csp', label: 'The page’s CSP (GET /__mock/page) does not allow the service in connect-src' },
] as const;

export type FaultName = (typeof FAULTS)[number]['name'];
export const FAULT_NAMES: readonly FaultName[] = FAULTS.map((f) => f.name);
export const isFaultName = (name: unknown): name is FaultName => FAULT_NAMES.includes(name as FaultName);

/** The origin `cors-origin` allows instead of the page's. */
export const OTHER_ORIGIN = 'https://other-site.example';
/**
 * How long `buffered` holds a reply at least: a proxy waits for its buffer to fill or the reply to
 * end. Well over the widget's 1 s, so that a loaded machine's own delays never hide it.
 */
export const BUFFERED_HOLD_MS = 2500;
const HOUR = 3600;

/** A mutable fault: `POST /__mock/fault {name}` switches it while the server runs. */
export interface FaultSwitch {
  get(): FaultName;
  set(name: FaultName): void;
}

export function faultSwitch(initial: FaultName = 'none'): FaultSwitch {
  let fault = initial;
  return { get: () => fault, set: (name) => void (fault = name) };
}

const API = '/api/v1/widget/';

/** As mock/node-server.ts's: resolves true when it answered. */
type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * Rewrites one answer of the widget API as the faulty deployment would send it. `startedAt`: when
 * the request arrived (`buffered` holds the reply until it is whole and at least BUFFERED_HOLD_MS old).
 */
export async function applyFault(
  fault: FaultName,
  request: Request,
  response: Response,
  startedAt: number,
): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (fault === 'none' || !pathname.startsWith(API)) return response;
  const chat = request.method === 'POST' && pathname === `${API}chat` && response.ok;
  const headers = new Headers(response.headers);
  let body: BodyInit | null = response.body;
  switch (fault) {
    case 'cors-origin':
      headers.set('Access-Control-Allow-Origin', OTHER_ORIGIN);
      break;
    case 'cors-header':
      if (request.method === 'OPTIONS')
        headers.set('Access-Control-Allow-Headers', 'Authorization, X-Public-Id, Content-Type');
      break;
    case 'no-expose':
      headers.delete('Access-Control-Expose-Headers');
      break;
    case 'json-content-type':
      if (chat) headers.set('Content-Type', 'application/json');
      break;
    case 'buffered':
      // As nginx's proxy_buffering: the headers go at once, the frames when the reply is whole.
      if (chat) {
        const whole = response.arrayBuffer();
        body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const bytes = new Uint8Array(await whole);
            const left = BUFFERED_HOLD_MS - (Date.now() - startedAt);
            if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
            controller.enqueue(bytes);
            controller.close();
          },
        });
      }
      break;
    case 'token-clock':
      // The service refuses a token not yet valid, as JWT libraries do (PyJWT: "iat" in the future).
      if (request.method !== 'OPTIONS' && issuedInFuture(request.headers.get('authorization'))) {
        const refusal = { detail: { error: 'invalid_token' } };
        void response.body?.cancel().catch(() => {});
        headers.delete('Content-Length');
        return new Response(JSON.stringify(refusal), {
          status: 401,
          headers: { ...Object.fromEntries(headers), 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' },
        });
      }
      break;
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function issuedInFuture(authorization: string | null): boolean {
  const payload = /^Bearer [\w-]+\.([\w-]+)\./i.exec(authorization ?? '')?.[1];
  if (!payload) return false;
  try {
    const { iat } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat?: unknown };
    return typeof iat === 'number' && iat > Date.now() / 1000 + 60;
  } catch {
    return false;
  }
}

/** The token a faulty backend signs (`token-clock`, `token-lifetime`), else undefined. */
export function faultyToken(fault: FaultName, mock: MockService, sub: string): Promise<string> | undefined {
  const now = Math.floor(Date.now() / 1000);
  if (fault === 'token-clock') return mintToken({ sub, secret: mock.secret, iat: now + HOUR, ttlSeconds: 900 });
  if (fault === 'token-lifetime') return mintToken({ sub, secret: mock.secret, iat: now, ttlSeconds: 48 * HOUR });
  return undefined;
}

/** The Content-Security-Policy of `GET /__mock/page`: what the widget needs, or (`csp`) a wrong API host. */
export function pageCsp(fault: FaultName): string {
  const connect = fault === 'csp' ? 'https://api.example.com' : "'self'";
  return `default-src 'self'; script-src 'self'; connect-src ${connect}; img-src 'self' data:`;
}

/**
 * The routes a fault adds: `POST /__mock/fault {name}`, `GET /__mock/page` (a page with a CSP, for
 * `doctor --page`), and with a token fault, the token endpoints (`POST /api/widget-token` → text,
 * `POST /__mock/token {sub}` → `{token}`) signing the faulty token.
 */
export function faultRoutes(fault: FaultSwitch, mock: MockService): { tokens: NodeHandler; control: NodeHandler } {
  const control: NodeHandler = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    if (route === 'POST /__mock/fault') {
      const name = (await readJson(req))?.name;
      const ok = isFaultName(name);
      if (ok) fault.set(name);
      send(
        res,
        ok ? 200 : 400,
        'application/json',
        JSON.stringify(ok ? { fault: name } : { error: `unknown fault: ${String(name)}` }),
      );
      return true;
    }
    if (route === 'GET /__mock/page') {
      res.setHeader('Content-Security-Policy', pageCsp(fault.get()));
      send(res, 200, 'text/html; charset=utf-8', PAGE);
      return true;
    }
    return false;
  };
  const tokens: NodeHandler = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    const tokenRoute = route === 'POST /api/widget-token' || route === 'POST /__mock/token';
    if (!tokenRoute || !fault.get().startsWith('token-')) return false;
    const body = url.pathname === '/__mock/token' ? await readJson(req) : (req.resume(), undefined);
    const sub = typeof body?.sub === 'string' ? body.sub : url.searchParams.get('sub') || 'demo-user-1';
    const token = (await faultyToken(fault.get(), mock, sub))!;
    if (url.pathname === '/__mock/token') send(res, 200, 'application/json', JSON.stringify({ token }));
    else {
      // As `npm run mock`'s own token endpoint: credentialed CORS for pages on this machine only.
      const origin = req.headers.origin;
      if (origin && /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/.test(origin)) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Access-Control-Allow-Credentials', 'true');
      }
      send(res, 200, 'text/plain; charset=utf-8', token);
    }
    return true;
  };
  return { tokens, control };
}

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>A page with a Content-Security-Policy</title>
<p>The mock's page for <code>service-widget doctor --page</code>: its CSP header is what is checked.</p>
`;

function send(res: ServerResponse, status: number, type: string, text: string): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

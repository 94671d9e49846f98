// The mock behind a real localhost HTTP server (browser tests), plus a small static file server.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getResponse } from 'msw';
import { mintToken } from './jwt';
import { isScenarioName } from './scenarios';
import { serveStatic } from './static-files';
import { createMockService, type MockService, type MockServiceOptions } from './service';
import { attachVoiceSocket } from './voice-node'; // voice: the WebSocket of docs/protocol.md
import { applyFault, faultRoutes, faultSwitch, type FaultName } from './faults';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

/**
 * Serves the mock's handlers (and the `/__mock/*` control routes) to Node requests.
 * Resolves false when no handler matched, so the caller can serve something else.
 */
export function createNodeHandler(
  mock: MockService,
  /** Rewrites each answer (a deployment fault, mock/faults.ts); `startedAt`: when the request arrived. */
  transform?: (request: Request, response: Response, startedAt: number) => Promise<Response>,
): NodeHandler {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    if (url.pathname.startsWith('/__mock/')) {
      await control(mock, req, res, url);
      return true;
    }
    const startedAt = Date.now();
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await readAll(req));
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name))
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const request = new Request(url, { method, headers, body, signal: aborted.signal });
    const response = await getResponse(mock.handlers, request);
    if (!response) return false;
    await pipeResponse(transform ? await transform(request, response, startedAt) : response, res);
    return true;
  };
}

/** Writes status and headers at once, then each body chunk as it comes; an erroring body drops the connection. */
async function pipeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.socket?.setNoDelay(true);
  res.writeHead(response.status, headers);
  res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } catch {
    // The mock's `cut` scenario: what was written still reaches the browser, then the connection
    // drops without the final chunk (destroying at once would discard unsent chunks).
    res.write('', () => res.destroy());
  }
}

const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    res.once('drain', resolve);
    res.once('close', resolve);
  });

async function control(mock: MockService, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const route = `${req.method ?? 'GET'} ${url.pathname}`;
  const body = req.method === 'POST' ? parseJson(await readAll(req)) : undefined;
  const field = (name: string): unknown => (isObject(body) ? body[name] : undefined);
  switch (route) {
    case 'POST /__mock/scenario': {
      const name = field('name');
      if (!isScenarioName(name)) return sendJson(res, 400, { error: `unknown scenario: ${String(name)}` });
      mock.setScenario(name);
      return sendJson(res, 200, { scenario: mock.scenario });
    }
    case 'POST /__mock/settings': {
      if (!isObject(body)) return sendJson(res, 400, { error: 'expected a JSON object' });
      const { chunkDelayMs, ...settings } = body;
      if (typeof chunkDelayMs === 'number') mock.chunkDelayMs = chunkDelayMs;
      mock.setSettings(settings);
      return sendJson(res, 200, { ...mock.settings, chunkDelayMs: mock.chunkDelayMs });
    }
    case 'POST /__mock/hold':
      mock.hold();
      return sendJson(res, 200, { held: true });
    case 'POST /__mock/release':
      mock.release();
      return sendJson(res, 200, { held: false });
    case 'POST /__mock/finish':
      mock.finish();
      return sendJson(res, 200, { ok: true });
    case 'POST /__mock/reset':
      mock.reset();
      return sendJson(res, 200, { ok: true });
    case 'GET /__mock/requests':
      return sendJson(res, 200, mock.requests);
    case 'POST /__mock/token': {
      // Mints a visitor token with the mock's secret: { sub, ttlSeconds?, iat? } → { token }.
      const sub = field('sub');
      if (typeof sub !== 'string') return sendJson(res, 400, { error: 'sub is required' });
      const ttlSeconds = field('ttlSeconds');
      const iat = field('iat');
      const token = await mintToken({
        sub,
        secret: mock.secret,
        ...(typeof ttlSeconds === 'number' ? { ttlSeconds } : {}),
        ...(typeof iat === 'number' ? { iat } : {}),
      });
      return sendJson(res, 200, { token });
    }
    default:
      return sendJson(res, 404, { error: `no control route ${route}` });
  }
}

export interface StartMockServerOptions {
  /** @default 0 (a free port) */
  port?: number;
  /** Directory served for every path the mock does not answer. Omitted: those paths answer 404. */
  staticRoot?: string;
  /** Headers added to static file answers, e.g. a CSP for a test page. */
  extraHeaders?: (path: string) => Record<string, string>;
  /** Asked first for every request (the browser tests' canned answers); resolves true when it answered. */
  intercept?: NodeHandler;
  /** Options for the mock; `baseUrl` defaults to `*` (any origin, so localhost and 127.0.0.1 both work). */
  mock?: Partial<MockServiceOptions>;
  /** Routes tried before the mock's own (e.g. `npm run mock`'s token endpoint); false passes the request on. */
  before?: (mock: MockService) => NodeHandler;
  /**
   * A deployment fault (mock/faults.ts) the widget API answers with; `POST /__mock/fault {name}`
   * switches it while running. @default 'none'
   */
  fault?: FaultName;
}

export interface RunningMockServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  mock: MockService;
  close(): Promise<void>;
}

export async function startMockServer(options: StartMockServerOptions = {}): Promise<RunningMockServer> {
  const mock = createMockService({ baseUrl: '*', ...options.mock });
  const fault = faultSwitch(options.fault);
  const mockHandler = createNodeHandler(mock, (request, response, startedAt) =>
    applyFault(fault.get(), request, response, startedAt),
  );
  const before = options.before?.(mock);
  const faults = faultRoutes(fault, mock);
  // A faulty token endpoint wins over `before`'s; the fault's control routes get `before`'s CORS.
  const handle: NodeHandler = async (req, res) =>
    (await faults.tokens(req, res)) ||
    (await before?.(req, res)) ||
    (await faults.control(req, res)) ||
    mockHandler(req, res);
  const root = options.staticRoot === undefined ? undefined : path.resolve(options.staticRoot);
  const server = createServer((req, res) => {
    (options.intercept ?? (async () => false))(req, res)
      .then((answered) => answered || handle(req, res))
      .then(async (handled) => {
        if (handled) return;
        if (root) await serveStatic(root, req, res, options.extraHeaders);
        else sendJson(res, 404, { detail: 'Not Found' });
      })
      .catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { detail: String(error) });
        else res.destroy();
      });
  });
  const detachVoice = attachVoiceSocket(server, mock); // voice: /api/v1/widget/voice/ws (mock/voice-node.ts)
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mock,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        detachVoice(); // voice
        server.closeAllConnections();
      }),
  };
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(buffer: Buffer): unknown {
  try {
    return JSON.parse(buffer.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sendJson(res: ServerResponse, status: number, data: unknown): void {
  const text = JSON.stringify(data);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

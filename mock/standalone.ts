// `npm run mock` (scripts/mock-server.mjs): the mock service as a local HTTP server for an
// integrator's own page. Next to the widget API it serves dist/widget.js (and the lazy runtimes),
// a token endpoint standing in for the customer's backend, and CORS for pages on this machine.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FaultName } from './faults';
import { mintToken } from './jwt';
import { startMockServer, type NodeHandler, type RunningMockServer } from './node-server';
import { SCENARIO_NAMES, type ScenarioName } from './scenarios';
import type { MockService } from './service';
import { serveStatic } from './static-files';

/** The port `npm run mock` listens on unless `PORT` or `--port` says otherwise. */
export const DEFAULT_MOCK_PORT = 8787;
/** The path of the token endpoint, the same as the README's snippets give the customer's backend. */
export const TOKEN_PATH = '/api/widget-token';
/** Visitor whose token the endpoint signs by default: the mock seeds 45 conversations for `demo*` visitors. */
export const DEFAULT_VISITOR = 'demo-user-1';

export interface StandaloneOptions {
  /** 0: any free port. */
  port: number;
  /** The repository root: `dist/` is served at `/`, `demo/portal.*` for the connected-accounts portal. */
  root: string;
  scenario: ScenarioName;
  chunkDelayMs: number;
  /** A deployment fault to answer with (mock/faults.ts). @default 'none' */
  fault?: FaultName;
}

export async function startStandaloneMock(options: StandaloneOptions): Promise<RunningMockServer> {
  const dist = path.join(options.root, 'dist');
  const server = await startMockServer({
    port: options.port,
    staticRoot: dist,
    mock: { chunkDelayMs: options.chunkDelayMs },
    fault: options.fault ?? 'none',
    before: (mock) => integratorRoutes(mock, options.root),
    // A page may load widget.js with `crossorigin` (Subresource Integrity): static files allow any origin.
    extraHeaders: () => ({ 'Access-Control-Allow-Origin': '*' }),
  });
  server.mock.setScenario(options.scenario);
  return server;
}

/**
 * Pages on this machine only (http or https, `localhost`, `127.x.x.x` or `[::1]`, any port). The
 * control routes hand out every recorded request, Authorization headers included, and the token
 * endpoint signs a token for whoever asks: a page from anywhere else must get neither.
 */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const { protocol, hostname } = new URL(origin);
    return /^https?:$/.test(protocol) && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(hostname);
  } catch {
    return false;
  }
}

/**
 * A request with no Origin (curl, the page's own same-origin GET) passes; a cross-origin one from a
 * loopback page gets CORS for that origin; any other origin is refused outright, not merely left
 * without CORS, since a form POST needs no CORS to switch a scenario.
 */
function loopbackOnly(req: IncomingMessage, res: ServerResponse, credentials: boolean): boolean {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (!origin) return true;
  if (!isLoopbackOrigin(origin)) {
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('The mock answers pages on this machine only (localhost, 127.0.0.1, [::1]).\n');
    return false;
  }
  res.setHeader('Access-Control-Allow-Origin', origin);
  if (credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
  return true;
}

/** CORS for the control routes, the token endpoint, and the demo portal page the mock's codes point at. */
function integratorRoutes(mock: MockService, root: string): NodeHandler {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    if (url.pathname === TOKEN_PATH) return !loopbackOnly(req, res, true) || tokenEndpoint(mock, req, res, url);
    if (url.pathname.startsWith('/__mock/')) {
      if (!loopbackOnly(req, res, false)) return true;
      if (req.method === 'OPTIONS') return preflight(res, 'GET, POST', 'Content-Type');
      return false; // the mock's own control routes answer
    }
    if (url.pathname === '/demo/portal.html' || url.pathname === '/demo/portal.js') {
      await serveStatic(root, req, res, undefined);
      return true;
    }
    if (url.pathname === '/' && req.method === 'GET') {
      const text = `${describeMock(`http://${req.headers.host ?? '127.0.0.1'}`, mock.scenario, mock.publicId)}\n`;
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
      res.end(text);
      return true;
    }
    return false;
  };
}

/**
 * POST /api/widget-token[?sub=visitor] → a 15-minute demo JWT as text, like the customer's backend
 * in the README, for loopback pages (the README's snippet sends `credentials: 'include'`).
 */
async function tokenEndpoint(mock: MockService, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (req.method === 'OPTIONS') return preflight(res, 'POST', 'Content-Type');
  if (req.method !== 'POST') {
    res.writeHead(405, { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('POST for a token\n');
    return true;
  }
  req.resume(); // the body is not used
  const sub = url.searchParams.get('sub') || DEFAULT_VISITOR;
  const token = await mintToken({ sub, secret: mock.secret, ttlSeconds: 15 * 60 });
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(token);
  return true;
}

function preflight(res: ServerResponse, methods: string, headers: string): true {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': headers,
    'Access-Control-Max-Age': '600',
  });
  res.end();
  return true;
}

/**
 * The embed snippet: the README's "Embed it" (`embedSnippet()`, for the customer's own service and
 * backend) and what `npm run mock` prints (`mockSnippet`, pointed at the mock) are this one text,
 * so the one that the browser tests paste into a page is the one the README shows.
 */
export function embedSnippet(
  { src, publicId, tokenUrl, comment }: { src: string; publicId: string; tokenUrl: string; comment: string } = {
    src: 'https://YOUR-SERVICE-HOST/widget.js',
    publicId: 'YOUR_PUBLIC_ID',
    tokenUrl: TOKEN_PATH,
    comment: 'Called before every request; return a short-lived JWT your backend signed for this visitor.',
  },
): string {
  return [
    `<script src="${src}" defer></script>`,
    `<script type="module">`,
    `  ServiceWidget.init({`,
    `    publicId: '${publicId}',`,
    `    // ${comment}`,
    `    getAuthToken: () =>`,
    `      fetch('${tokenUrl}', { method: 'POST', credentials: 'include' }).then((r) => {`,
    '        if (!r.ok) throw new Error(`widget token: HTTP ${r.status}`); // an error page is not a token',
    `        return r.text();`,
    `      }),`,
    `  });`,
    `</script>`,
  ].join('\n');
}

/** The snippet `npm run mock` prints: the embed snippet pointed at the mock. */
export function mockSnippet(url: string, publicId: string): string {
  const comment = 'Called before every request; the mock signs a demo JWT (your backend does this in production).';
  return embedSnippet({ src: `${url}/widget.js`, publicId, tokenUrl: `${url}${TOKEN_PATH}`, comment });
}

/** What `npm run mock` prints (and `GET /` answers). */
export function describeMock(url: string, scenario: ScenarioName, publicId = 'demo-public-id'): string {
  return [
    `Mock data query service: ${url}`,
    ``,
    `  publicId   ${publicId}`,
    `  widget.js  ${url}/widget.js (this repository's dist/; \`npm run build\` refreshes it)`,
    `  token      POST ${url}${TOKEN_PATH} → a 15-minute demo JWT for ${DEFAULT_VISITOR} (?sub=… for another visitor)`,
    `  scenario   ${scenario}; switch it while running with`,
    `               curl -X POST ${url}/__mock/scenario -H 'Content-Type: application/json' -d '{"name":"cut"}'`,
    `             or start with \`npm run mock -- --scenario cut\`. Scenarios:`,
    ...wrap(SCENARIO_NAMES, 90).map((line) => `               ${line}`),
    ``,
    `Paste into a page served from this machine (http://localhost:… or http://127.0.0.1:…):`,
    ``,
    mockSnippet(url, publicId),
  ].join('\n');
}

function wrap(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line}, ${word}` : word;
    if (next.length > width && line) {
      lines.push(`${line},`);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

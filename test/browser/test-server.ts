// Each browser test gets a mock service of its own: a real localhost HTTP server on a free port,
// started before the test and closed after it (test/browser/setup.ts), in the test's own worker.
// Its scenario, settings, recorded requests and canned answers belong to that test alone, so
// files run side by side in several workers and engines without seeing each other's state
// (as ky's tests each start their own server). The server also serves the repo root as static
// files: the test's pages, this run's copy of dist/, the fixtures.
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { mintToken } from '../../mock/jwt';
import { startMockServer, type NodeHandler, type RunningMockServer } from '../../mock/node-server';
import { BROWSER_WORK_DIR, REPO_ROOT, urlPath } from './paths';

/** Pages written by the tests may ask for response headers (e.g. a CSP) through a `headers.json` beside them. */
function pageHeaders(pathname: string): Record<string, string> {
  if (!pathname.startsWith(`${urlPath(BROWSER_WORK_DIR)}/`) || !pathname.endsWith('.html')) return {};
  try {
    return JSON.parse(readFileSync(path.join(REPO_ROOT, path.dirname(pathname), 'headers.json'), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += String(c)));
    req.on('end', () => resolve(text));
  });

interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The answer waits until the test releases it (`POST /__canned/release`): a slow service without a clock. */
  held: boolean;
}

/**
 * The test's own routes, asked before the mock:
 * - `POST /__canned` `{ path, status, headers, body, held }`: answers every request to that path
 *   (query ignored) with this answer; `held` ones wait for `POST /__canned/release`, which waits for the first of them to come.
 * - `POST /__test/token` `{ sub }`: a visitor token from the mock's secret, per call (the pages'
 *   getAuthToken, fixtures/harness.js; CORS-open for pages on another origin, fault-server.ts);
 * - `/favicon.ico`: no content, rather than a 404 the page's console would show.
 */
function testRoutes(): NodeHandler {
  const canned = new Map<string, Canned>();
  let release!: () => void;
  let released = new Promise<void>((resolve) => (release = resolve));
  // Held requests waiting now, and a wake-up for a release that came before any of them.
  let waiting = 0;
  let arrived: (() => void) | undefined;
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/__canned') {
      const {
        path: p,
        status = 200,
        headers = {},
        body = '',
        held = false,
      } = JSON.parse(await readBody(req)) as {
        path: string;
      } & Partial<Canned>;
      canned.set(p, { status, headers, body, held });
      res.writeHead(204).end();
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/__canned/release') {
      // The page may not have asked yet (a request sent on the next frame, a loaded machine):
      // the release waits for the first held request, so it never frees nothing.
      if (!waiting) await new Promise<void>((resolve) => (arrived = resolve));
      release();
      released = new Promise<void>((resolve) => (release = resolve));
      res.writeHead(204).end();
      return true;
    }
    if (url.pathname === '/favicon.ico') {
      // Every test's page has an origin of its own, so the browser asks each one for its icon:
      // a 404 there would be a console error on every page.
      res.writeHead(204).end();
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/__test/token') {
      const { sub } = JSON.parse(await readBody(req)) as { sub: string };
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify({ token: await mintToken({ sub }) }));
      return true;
    }
    const answer = canned.get(url.pathname);
    if (!answer || req.method === 'OPTIONS') return false;
    await readBody(req);
    if (answer.held) {
      waiting++;
      arrived?.();
      arrived = undefined;
      // A client that goes away meanwhile (its page closed) ends the wait.
      await new Promise<void>((resolve) => {
        void released.then(resolve);
        res.on('close', resolve);
      });
      waiting--;
    }
    if (res.destroyed) return true;
    res.writeHead(answer.status, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': '*',
      ...answer.headers,
    });
    res.end(answer.body);
    return true;
  };
}

/**
 * Replies stream a frame a millisecond apart, each written on its own, not all in one network chunk:
 * on a loaded machine a reply that came late and whole would pass for a buffering proxy's
 * (src/api/read.ts: fewer than three reads, and its first frame over a second late). The `long`
 * scenario's 3,000 chunks take 1 ms each too. A test waits for a reply's end, not for its pace: at
 * 4 ms a frame, the pace was idle time of every test that sends (docs/testing.md, "Where the time
 * goes"). Tests that watch a reply while it streams set a slower `chunkDelayMs` or
 * `longChunkDelayMs`.
 */
const CHUNK_DELAY_MS = 1;

export const startTestServer = (): Promise<RunningMockServer> =>
  startMockServer({
    port: 0,
    staticRoot: REPO_ROOT,
    extraHeaders: pageHeaders,
    intercept: testRoutes(),
    mock: { chunkDelayMs: CHUNK_DELAY_MS, settings: { longChunkDelayMs: 1 } },
  });

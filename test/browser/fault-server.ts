// A tiny service on 127.0.0.1 for fault injection on the real network path (no msw, no
// page.route): it serves the repo root as static files (so test pages, the fixtures and this
// run's dist copy load from it, same origin as the API), answers `/api/v1/widget/config`
// normally and `/api/v1/widget/chat` according to the current fault. Used by
// test/browser/hardening/faults.test.ts, lifecycle-leaks.test.ts and test-isolation.test.ts,
// started per test file.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveStatic } from '../../mock/static-files';
import { closeServer } from './close-server';
import { REPO_ROOT } from './paths';

export type Fault =
  /** A normal streamed reply. */
  | 'normal'
  /** 2 s before the headers, then a normal reply. */
  | 'latency'
  /** The connection is destroyed before any byte of the answer. */
  | 'reset-before-headers'
  /** 200 + SSE headers are sent, then the connection is destroyed. */
  | 'reset-after-headers'
  /** Headers and part of the reply are sent, then the connection is destroyed. */
  | 'reset-after-content'
  /** A reply with binary junk, invalid JSON in data lines and lines without a colon mixed in. */
  | 'garbage'
  /** 200 with an HTML page instead of an event stream (a captive portal, a proxy's page). */
  | 'html'
  /** 500 with a plain-text body (not the service's JSON error). */
  | 'server-error-text'
  /** Never answers: no headers, no close. */
  | 'hang';

export interface FaultRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: string;
  /** ms since the server started. */
  at: number;
  /** Set when the client went away before the answer was complete (aborted, timed out). */
  clientClosedAt?: number;
}

export interface FaultServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  fault: Fault;
  /** Delay before `/config` answers (ms); 0 by default. */
  configDelayMs: number;
  /** Every /api request, oldest first. */
  requests: FaultRequest[];
  chatRequests(): FaultRequest[];
  /** Clears the request log and sets the fault. */
  reset(fault?: Fault): void;
  close(): Promise<void>;
}

/** What the reply says, in pieces (the first three come before a `reset-after-content` cut). */
export const REPLY_PIECES = ['The **answer** ', 'streams in ', 'piece by piece, ', 'and ends ', 'here.'];
export const REPLY_TEXT = REPLY_PIECES.join('').replace(/\*\*/g, '');
export const PARTIAL_TEXT = REPLY_PIECES.slice(0, 3).join('').replace(/\*\*/g, '');
export const LATENCY_MS = 2_000;

const CONFIG = { read_only: false, voice: { configured: false }, connected_accounts: { enabled: false } };

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'cmpl_fault',
    object: 'chat.completion.chunk',
    created: 1764100000,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Conversation-Id': 'conv_fault',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFaultServer(): Promise<FaultServer> {
  const started = Date.now();
  const state: FaultServer = {
    url: '',
    fault: 'normal',
    configDelayMs: 0,
    requests: [],
    chatRequests: () => state.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/widget/chat'),
    reset(fault = 'normal') {
      state.fault = fault;
      state.configDelayMs = 0;
      state.requests.length = 0;
    },
    close: () => closeServer(server),
  };

  /** Writes frames one by one with a small pause, as a real stream arrives. */
  async function stream(res: ServerResponse, frames: (string | Buffer)[], pauseMs = 15): Promise<boolean> {
    for (const f of frames) {
      if (res.destroyed) return false;
      res.write(f);
      await sleep(pauseMs);
    }
    return !res.destroyed;
  }

  const replyFrames = (pieces = REPLY_PIECES) => [
    chunk({ role: 'assistant', content: '' }),
    ...pieces.map((p) => chunk({ content: p })),
  ];
  const endFrames = [chunk({}, 'stop'), 'data: [DONE]\n\n'];

  async function chat(req: IncomingMessage, res: ServerResponse, record: FaultRequest): Promise<void> {
    const fault = state.fault;
    res.socket?.setNoDelay(true);
    switch (fault) {
      case 'normal':
      case 'latency': {
        if (fault === 'latency') await sleep(LATENCY_MS);
        if (record.clientClosedAt !== undefined) return;
        res.writeHead(200, SSE_HEADERS);
        if (await stream(res, [...replyFrames(), ...endFrames])) res.end();
        return;
      }
      case 'reset-before-headers':
        req.socket.destroy();
        return;
      case 'reset-after-headers':
        res.writeHead(200, SSE_HEADERS);
        res.flushHeaders();
        await sleep(100);
        res.socket?.destroy();
        return;
      case 'reset-after-content':
        res.writeHead(200, SSE_HEADERS);
        await stream(res, replyFrames(REPLY_PIECES.slice(0, 3)), 30);
        // Let what was written reach the browser, then drop the connection mid-reply.
        await sleep(150);
        res.socket?.destroy();
        return;
      case 'garbage': {
        res.writeHead(200, SSE_HEADERS);
        const [role, ...content] = replyFrames();
        const frames: (string | Buffer)[] = [
          role!,
          content[0]!,
          // Binary junk (NUL, invalid UTF-8, control bytes) on a line of its own.
          Buffer.concat([
            Buffer.from([0x00, 0xff, 0xfe, 0xc3, 0x28, 0x80, 0x01, 0x7f, 0xe2, 0x82]),
            Buffer.from('\n\n'),
          ]),
          content[1]!,
          'data: {"choices": [{"delta": {"content": "unterminated\n\n',
          'data: not json at all\n\n',
          'data: {"choices": "not an array"}\n\n',
          content[2]!,
          'this line has no colon\n\n',
          'event: mystery\ndata: {"whatever": 1}\n\n',
          ': a comment\nretry: 10\nid: 7\n\n',
          content[3]!,
          'data\n\n',
          content[4]!,
          ...endFrames,
        ];
        if (await stream(res, frames)) res.end();
        return;
      }
      case 'html':
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><body><h1>Welcome to the hotel Wi-Fi</h1><p>Please log in.</p></body></html>');
        return;
      case 'server-error-text':
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error (upstream proxy)');
        return;
      case 'hang':
        // Nothing: the socket stays open until the client gives up or the server closes.
        return;
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith('/api/')) {
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      void serveStatic(REPO_ROOT, req, res, undefined);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record: FaultRequest = {
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        authorization: req.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now() - started,
      };
      state.requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.clientClosedAt ??= Date.now() - started;
      });
      if (req.method === 'GET' && url.pathname === '/api/v1/widget/config') {
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(CONFIG));
        }, state.configDelayMs);
      } else if (req.method === 'POST' && url.pathname === '/api/v1/widget/chat') {
        void chat(req, res, record).catch(() => res.destroy());
      } else {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ detail: { error: 'not_found' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

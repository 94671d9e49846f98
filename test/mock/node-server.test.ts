// @vitest-environment node
// Node's own fetch: happy-dom's would apply CORS to these real cross-origin requests.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NORMAL_ANSWER } from '../../mock/answers';
import { mintToken } from '../../mock/jwt';
import { startMockServer, type RunningMockServer } from '../../mock/node-server';
import { server as msw } from '../msw-server';
import { contentOf, parseSse } from './helpers';

let running: RunningMockServer;
let root: string;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'mock-server-'));
  root = path.join(dir, 'root');
  await mkdir(path.join(root, 'pages', 'empty'), { recursive: true });
  await writeFile(path.join(root, 'pages', 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(path.join(root, 'app.mjs'), 'export {};');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the root');
  running = await startMockServer({
    staticRoot: root,
    extraHeaders: (p): Record<string, string> =>
      p.endsWith('.html') || p.endsWith('/') ? { 'Content-Security-Policy': "default-src 'self'" } : {},
  });
});
afterAll(() => running.close());
// The unit project's msw server refuses unhandled requests: let these reach the real server.
beforeEach(() => {
  msw.use(http.all(`${running.url}/*`, () => passthrough()));
  running.mock.reset();
});

const control = (route: string, body?: unknown) =>
  fetch(`${running.url}/__mock/${route}`, { method: body === undefined ? 'GET' : 'POST', body: JSON.stringify(body) });

const chat = async (message: string) =>
  fetch(`${running.url}/api/v1/widget/chat`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await mintToken({ sub: 'visitor-1' })}`,
      'X-Public-Id': 'demo-public-id',
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({ message }),
  });

describe('startMockServer', () => {
  it('streams the chat answer chunk by chunk, not buffered', async () => {
    await control('settings', { chunkDelayMs: 15 });
    const started = Date.now();
    const response = await chat('orders?');
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-conversation-id')).toMatch(/^conv_/);
    const reader = response.body!.getReader();
    const arrivals: number[] = [];
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arrivals.push(Date.now() - started);
      text += new TextDecoder().decode(value, { stream: true });
    }
    expect(arrivals.length).toBeGreaterThan(10);
    expect(arrivals[0]!).toBeLessThan(arrivals[arrivals.length - 1]! - 200);
    expect(contentOf(parseSse(text))).toBe(NORMAL_ANSWER);
  });

  it('is driven by the /__mock control routes and records requests', async () => {
    expect((await control('scenario', { name: 'limit-daily' })).status).toBe(200);
    const limited = await chat('hi');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const recorded = (await (await control('requests')).json()) as Array<{ path: string; body: unknown }>;
    expect(recorded).toMatchObject([{ path: '/api/v1/widget/chat', body: { message: 'hi' } }]);
    expect((await control('scenario', { name: 'nope' })).status).toBe(400);
    await control('reset', {});
    expect(running.mock.scenario).toBe('normal');
    expect(running.mock.requests).toEqual([]);
  });

  it('mints tokens the mock accepts through /__mock/token', async () => {
    const { token } = (await (await control('token', { sub: 'demo-user-1' })).json()) as { token: string };
    const response = await fetch(`${running.url}/api/v1/widget/conversations`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Public-Id': 'demo-public-id' },
    });
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(20);
  });

  it('drops the connection in the cut scenario', async () => {
    await control('scenario', { name: 'cut' });
    const response = await chat('top customers');
    await expect(response.text()).rejects.toThrow();
  });

  it('serves static files with content types and extra headers, index.html for a directory, no listing', async () => {
    const page = await fetch(`${running.url}/pages/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    const script = await fetch(`${running.url}/app.mjs`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await fetch(`${running.url}/pages/empty/`)).status).toBe(404);
    expect((await fetch(`${running.url}/missing.js`)).status).toBe(404);
  });

  it('refuses path traversal', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const { port } = new URL(running.url);
      httpRequest({ host: '127.0.0.1', port, path: '/..%2fsecret.txt' }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });
});

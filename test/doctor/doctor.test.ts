// @vitest-environment node
// `service-widget doctor` (bin/doctor.mjs) against the mock on a real port: a healthy deployment
// passes, and each deployment fault of the mock (mock/faults.ts) fails with its own ✗ and fix.
import { execFile } from 'node:child_process';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doctor } from '../../bin/doctor.mjs';
import type { FaultName } from '../../mock/faults';
import { DEMO_PUBLIC_ID, mintToken } from '../../mock/jwt';
import { startMockServer, type RunningMockServer } from '../../mock/node-server';
import { server as msw } from '../msw-server';

let server: RunningMockServer;
let token: string;

beforeAll(async () => {
  server = await startMockServer({ mock: { chunkDelayMs: 15 } });
  token = await mintToken({ sub: 'doctor-visitor' });
});
afterAll(() => server.close());
// The unit project's msw server refuses unhandled requests: let these reach the real server.
beforeEach(() => {
  msw.use(http.all(`${server.url}/*`, () => passthrough()));
});

async function setFault(name: FaultName): Promise<void> {
  const res = await fetch(`${server.url}/__mock/fault`, { method: 'POST', body: JSON.stringify({ name }) });
  expect(res.status).toBe(200);
}

async function run(...extra: string[]): Promise<{ status: number; out: string }> {
  const lines: string[] = [];
  const args = [server.url, '--public-id', DEMO_PUBLIC_ID, '--page', `${server.url}/__mock/page`, '--send'];
  const status = await doctor(
    [...args, ...(extra.some((a) => a.startsWith('--token')) ? [] : ['--token', token]), ...extra],
    {
      print: (line: string) => lines.push(line),
    },
  );
  return { status, out: lines.join('\n') };
}

/** The ✗ line holding `cause` and the fix printed under it. */
function failure(out: string, cause: string): string {
  const lines = out.split('\n');
  const at = lines.findIndex((line) => line.startsWith('✗') && line.includes(`[${cause}]`));
  expect(at, `no ✗ [${cause}] in:\n${out}`).toBeGreaterThanOrEqual(0);
  expect(lines[at + 1]).toMatch(/^ {4}fix: /);
  return `${lines[at]}\n${lines[at + 1]}`;
}

// Each doctor run must finish in under 10 s against the local mock (issue #38), on a loaded machine too.
describe('service-widget doctor', { timeout: 10_000 }, () => {
  it('passes a healthy deployment, every check a ✓ and a summary', async () => {
    await setFault('none');
    const { status, out } = await run();
    expect(out).not.toContain('✗');
    expect(out).toMatch(/✓ CORS preflight POST \/chat/);
    expect(out).toMatch(/✓ POST \/chat: streamed/);
    expect(out).toMatch(/✓ page CSP allows/);
    expect(out).toMatch(/✓ doctor: \d+ passed, 0 failed \(/);
    expect(status).toBe(0);
  });

  const faults: [FaultName, string, RegExp][] = [
    ['cors-origin', 'cors-origin', /fix: allow the origin http:\/\/127\.0\.0\.1:\d+ \(or \*/],
    [
      'cors-header',
      'cors-header',
      /lacks Idempotency-Key[\s\S]*fix: add Idempotency-Key to Access-Control-Allow-Headers/,
    ],
    ['no-expose', 'cors-expose', /fix: send Access-Control-Expose-Headers: X-Conversation-Id, Retry-After/],
    ['buffered', 'buffered', /fix: turn off buffering .*proxy_buffering off/],
    [
      'json-content-type',
      'content-type',
      /"application\/json"[\s\S]*fix: answer POST \/chat with Content-Type: text\/event-stream/,
    ],
    [
      'csp',
      'csp',
      /connect-src does not allow http:\/\/127\.0\.0\.1:\d+[\s\S]*fix: add http:\/\/127\.0\.0\.1:\d+ to connect-src/,
    ],
  ];
  for (const [fault, cause, fix] of faults) {
    it(`names --fault=${fault} with its fix and exits 1`, async () => {
      await setFault(fault);
      const { status, out } = await run();
      expect(failure(out, cause)).toMatch(fix);
      expect(out).toMatch(/✗ doctor: \d+ passed, [1-9]\d* failed/);
      expect(status).toBe(1);
    });
  }

  it('names a backend clock ahead (--fault=token-clock) from the token endpoint', async () => {
    await setFault('token-clock');
    const { status, out } = await run('--token-url', `${server.url}/api/widget-token`);
    expect(failure(out, 'token-clock')).toMatch(
      /iat is 3\d{3} s in the future[\s\S]*fix: sync the token backend's clock/,
    );
    expect(status).toBe(1);
  });

  it('names a 48-hour token (--fault=token-lifetime)', async () => {
    await setFault('token-lifetime');
    const { status, out } = await run('--token-url', `${server.url}/api/widget-token`);
    expect(failure(out, 'token-lifetime')).toMatch(/lives 48\.0 h[\s\S]*fix: sign `exp` at most 86400 s after `iat`/);
    expect(status).toBe(1);
  });

  it('names an expired token and a baseUrl that doubles /api/v1/widget or is http on an https page', async () => {
    await setFault('none');
    const old = await mintToken({ sub: 'v', iat: Math.floor(Date.now() / 1000) - 7200, ttlSeconds: 900 });
    expect(failure((await run('--token', old)).out, 'token-clock')).toMatch(/expired \d+ s ago/);
    const doubled = await doctor([`${server.url}/api/v1/widget/`, '--public-id', DEMO_PUBLIC_ID, '--token', token], {
      print: () => {},
    });
    expect(doubled).toBe(1);
    const lines: string[] = [];
    await doctor([`${server.url}/api/v1/widget/`, '--public-id', 'p', '--token', token], {
      print: (l: string) => lines.push(l),
    });
    expect(failure(lines.join('\n'), 'base-url')).toMatch(
      new RegExp(`fix: set baseUrl to ${server.url} \\(docs/troubleshooting\\.md#base-url\\)$`),
    );
    lines.length = 0;
    await doctor([server.url, '--public-id', 'p', '--token', token, '--page', 'https://shop.example/'], {
      print: (l: string) => lines.push(l),
    });
    expect(failure(lines.join('\n'), 'mixed-content')).toMatch(/fix: serve the service over https/);
  });

  it('runs as `service-widget doctor` and exits non-zero on a ✗', async () => {
    await setFault('cors-origin');
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['bin/service-widget.mjs', 'doctor', server.url, '--public-id', DEMO_PUBLIC_ID, '--token', token],
        (_e, stdout) => resolve({ code: child.exitCode, stdout }),
      );
    });
    expect(result.stdout).toContain('[cors-origin]');
    expect(result.code).toBe(1);
  });
});

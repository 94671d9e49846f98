// @vitest-environment node
// `npm run mock` is a development tool: its control routes (which hand out every recorded request,
// Authorization headers included) and its token endpoint answer pages on this machine only.
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../mock/node-server';
import { isLoopbackOrigin, startStandaloneMock, TOKEN_PATH } from '../../mock/standalone';
import { server as msw } from '../msw-server';
import { REPO } from '../esm/snippet';

let running: RunningMockServer;
beforeAll(async () => {
  running = await startStandaloneMock({ port: 0, root: REPO, scenario: 'normal', chunkDelayMs: 0 });
});
afterAll(() => running.close());
beforeEach(() => {
  msw.use(http.all(`${running.url}/*`, () => passthrough()));
});

const from = (origin: string | undefined, route: string, method = 'GET') =>
  fetch(`${running.url}${route}`, { method, headers: origin ? { Origin: origin } : {} });

describe('npm run mock: loopback pages only', () => {
  it.each(['https://evil.example', 'http://192.168.1.20:3000', 'http://localhost.evil.example', 'null'])(
    'refuses %s on /__mock/requests, /__mock/scenario and the token endpoint',
    async (origin) => {
      for (const [route, method] of [
        ['/__mock/requests', 'GET'],
        ['/__mock/scenario', 'POST'],
        [TOKEN_PATH, 'POST'],
      ]) {
        const res = await from(origin, route!, method);
        expect(res.status, `${method} ${route}`).toBe(403);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(await res.text()).not.toMatch(/eyJ|authorization/i);
      }
    },
  );

  it.each(['http://localhost:3000', 'http://127.0.0.1:5173', 'https://[::1]:8443'])(
    'answers %s with CORS for it',
    async (origin) => {
      const token = await from(origin, TOKEN_PATH, 'POST');
      expect(token.status).toBe(200);
      expect(token.headers.get('access-control-allow-origin')).toBe(origin);
      expect(token.headers.get('access-control-allow-credentials')).toBe('true');
      expect((await token.text()).split('.')).toHaveLength(3);
      const requests = await from(origin, '/__mock/requests');
      expect(requests.status).toBe(200);
      expect(requests.headers.get('access-control-allow-origin')).toBe(origin);
    },
  );

  it('answers tools that send no Origin (curl)', async () => {
    expect((await from(undefined, '/__mock/requests')).status).toBe(200);
  });

  it('tells loopback origins from look-alikes', () => {
    expect(isLoopbackOrigin('http://127.1.2.3:80')).toBe(true);
    expect(isLoopbackOrigin('http://127.0.0.1.nip.io')).toBe(false);
    expect(isLoopbackOrigin('file://')).toBe(false);
  });
});

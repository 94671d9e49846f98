// `npm run mock` for an integrator's own page (README "Try it in your own page"): the real command
// runs as a child process; a plain page on ANOTHER origin (a second tiny server) holds the snippet
// the command printed, which is the README's; in Chromium, Firefox and WebKit the visitor gets an answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUrl, WAIT, type TestPage } from './engines';
import { closeServer } from './close-server';
import { REPO_ROOT } from './paths';

const DEFAULT_PORT = 8787; // what the README documents

let child: ChildProcess | undefined;
let output = '';
let mockUrl = '';
let snippet = '';
let pageServer: Server | undefined;
let pageUrl = '';

/** Starts `npm run mock` on a free port and waits for what it prints. */
async function startMock(): Promise<void> {
  // Its own process group, so that closing it stops npm's child node too.
  child = spawn('npm', ['run', 'mock'], { cwd: REPO_ROOT, env: { ...process.env, PORT: '0' }, detached: true });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child!.once('exit', (code) => reject(new Error(`npm run mock exited (${code}):\n${output}`))),
  );
  const printed = new Promise<void>((resolve) => {
    const check = () => (output.includes('Ctrl+C stops it.') ? resolve() : setTimeout(check, 100));
    check();
  });
  await Promise.race([printed, exited]);
  mockUrl = /Mock data query service: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
  snippet = /\n(<script src=[\s\S]*?<\/script>\n<script type="module">[\s\S]*?<\/script>)\n/.exec(output)![1]!;
}

/** The integrator's own page, on a different origin from the mock: the snippet pasted in. */
async function startPageServer(): Promise<void> {
  // early.js first: it records errors and console output where the driver cannot (WebKit).
  const early = readFileSync(path.join(REPO_ROOT, 'test', 'browser', 'fixtures', 'early.js'), 'utf8');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><script>${early}</script><title>My own page</title></head>
<body>
<h1>My own page</h1>
${snippet}
</body>
</html>
`;
  pageServer = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => pageServer!.listen(0, '127.0.0.1', resolve));
  // localhost, another port: another origin than the mock's 127.0.0.1:<port>.
  pageUrl = `http://localhost:${(pageServer.address() as AddressInfo).port}/`;
}

beforeAll(async () => {
  await startMock();
  await startPageServer();
}, 60_000);

afterAll(async () => {
  if (child?.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  if (pageServer) await closeServer(pageServer);
});

/** The integrator's page in a fresh tab (closed when the test finishes); `errors()`: uncaught and console errors. */
async function openOwnPage(): Promise<{ page: TestPage; errors(): Promise<string[]> }> {
  const own = await openUrl(pageUrl);
  return {
    page: own.page,
    errors: async () => [
      ...(await own.pageErrors()),
      ...(await own.consoleMessages()).filter((m) => m.type === 'error').map((m) => m.text),
    ],
  };
}

async function ask(page: TestPage, question: string): Promise<void> {
  await page.locator('[part~="launcher"]').click();
  const input = page.locator('[part~="composer-input"]');
  await input.waitFor();
  await input.fill(question);
  await input.press('Enter');
}

describe('npm run mock', () => {
  it('prints its address, the publicId and the README snippet', () => {
    expect(output).toContain('publicId   demo-public-id');
    expect(output).toContain('/__mock/scenario');
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const origin = new URL(mockUrl).origin;
    expect(readme).toContain(snippet.replaceAll(origin, `http://127.0.0.1:${DEFAULT_PORT}`));
  });

  it('answers a page on another origin that pasted the snippet', async () => {
    const { page, errors } = await openOwnPage();
    expect(new URL(await page.url()).origin).not.toBe(new URL(mockUrl).origin);
    await ask(page, 'How many orders last week?');
    const reply = page.locator('[part~="message"][data-role="assistant"]').last();
    await expect.poll(() => reply.textContent(), { timeout: WAIT }).toContain('There were 42 orders');
    await page.locator('[part~="send-button"]').waitFor({ timeout: WAIT }); // the reply finished
    expect(await errors()).toEqual([]);
  });

  it('switches scenarios from the page through /__mock/scenario', async () => {
    const { page } = await openOwnPage();
    const switched = await page.evaluate(async (url) => {
      const r = await fetch(`${url}/__mock/scenario`, {
        method: 'POST',
        body: JSON.stringify({ name: 'limit-daily' }),
      });
      return r.json();
    }, mockUrl);
    expect(switched).toEqual({ scenario: 'limit-daily' });
    try {
      await ask(page, 'And this week?');
      await page.locator('[part~="notice"][data-kind="limit"]').waitFor({ timeout: WAIT });
    } finally {
      await page.evaluate((url) => fetch(`${url}/__mock/reset`, { method: 'POST' }).then(() => undefined), mockUrl);
    }
  });
});

// @vitest-environment node
// docs/backend-jwt.md: every signing example whose runtime is installed is run as written, and the
// mock service (the service's rules: HS256, sub/iat/exp, lifetime ≤ 24 h) must accept its token.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIFETIME_SECONDS, verifyJwt } from '../../mock/jwt';
import { mock, TEST_BASE_URL, TEST_PUBLIC_ID } from '../msw-server';
import { REPO } from '../esm/snippet';

const DOC = readFileSync(path.join(REPO, 'docs', 'backend-jwt.md'), 'utf8');
const DIR = path.join(REPO, 'artifacts', 'docs-jwt');
const SECRET = mock.secret;

/** The ```lang title=file blocks: the runnable examples. */
const examples = new Map(
  [...DOC.matchAll(/^```(\w+) title=(\S+)\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, { file: m[2]!, code: m[3]! }]),
);

// On a developer's machine an example whose toolchain is missing is skipped (its title says so);
// CI installs every toolchain (.ci/run), so there a missing one fails instead of hiding.
const has = (cmd: string, ...args: string[]) =>
  !!process.env.CI || spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

function write(lang: string): string {
  const example = examples.get(lang);
  if (!example) throw new Error(`docs/backend-jwt.md has no \`\`\`${lang} title=… example`);
  const file = path.join(DIR, lang, example.file);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, example.code);
  return file;
}

/** Runs an example as its "Try it" comment says and returns the token it printed. */
function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, WIDGET_JWT_SECRET: SECRET },
    timeout: 60_000,
  }).trim();
}

/** What the service checks, plus the doc's own advice (15–30 minutes, the given sub). */
async function expectAccepted(token: string, sub = 'user-42') {
  const result = await verifyJwt(token, SECRET);
  expect(result).toMatchObject({ ok: true, claims: { sub } });
  if (!result.ok) return;
  const { iat, exp } = result.claims;
  expect(Math.abs(iat - Date.now() / 1000)).toBeLessThan(60);
  expect(exp - iat).toBeGreaterThanOrEqual(15 * 60);
  expect(exp - iat).toBeLessThanOrEqual(30 * 60);
  expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  expect((await verifyJwt(token, 'another-secret')).ok).toBe(false);
}

beforeAll(() => {
  rmSync(DIR, { recursive: true, force: true });
});

describe('docs/backend-jwt.md examples', () => {
  it('has an example for Node, Python, Go, Java and PHP', () => {
    expect([...examples.keys()].sort()).toEqual(['go', 'java', 'js', 'php', 'python']);
  });

  it('Node: the token is accepted by verifyJwt and by the mock service over HTTP', async () => {
    const { widgetToken } = (await import(pathToFileURL(write('js')).href)) as {
      widgetToken(userId: string, secret: string, o?: { ttlSeconds?: number; extra?: Record<string, unknown> }): string;
    };
    const token = widgetToken('user-42', SECRET);
    await expectAccepted(token);

    const withClaims = widgetToken('user-42', SECRET, { ttlSeconds: 30 * 60, extra: { source_ids: ['crm'] } });
    const verified = await verifyJwt(withClaims, SECRET);
    expect(verified).toMatchObject({ ok: true, claims: { sub: 'user-42', source_ids: ['crm'] } });

    const res = await fetch(`${TEST_BASE_URL}/api/v1/widget/config`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Public-Id': TEST_PUBLIC_ID },
    });
    expect(res.status).toBe(200);

    // The limits the doc states are the service's: over 24 h is refused, expired is token_expired.
    const tooLong = widgetToken('user-42', SECRET, { ttlSeconds: MAX_LIFETIME_SECONDS + 1 });
    expect(await verifyJwt(tooLong, SECRET)).toEqual({ ok: false, error: 'invalid_token' });
    const expired = widgetToken('user-42', SECRET, { ttlSeconds: 900 });
    expect(await verifyJwt(expired, SECRET, Math.floor(Date.now() / 1000) + 901)).toEqual({
      ok: false,
      error: 'token_expired',
    });
  });

  it.skipIf(!has('python3', '--version'))('Python (stdlib): python3 widget_token.py', async () => {
    const file = write('python');
    await expectAccepted(run('python3', [path.basename(file), 'user-42'], path.dirname(file)));
  });

  it.skipIf(!has('java', '-version'))(
    'Java (stdlib): java WidgetToken.java',
    async () => {
      const file = write('java');
      await expectAccepted(run('java', [path.basename(file), 'user-42'], path.dirname(file)));
    },
    60_000,
  );

  it.skipIf(!has('go', 'version'))(
    'Go (stdlib): go run widgettoken.go — skipped when Go is not installed',
    async () => {
      const file = write('go');
      await expectAccepted(run('go', ['run', path.basename(file), 'user-42'], path.dirname(file)));
    },
    120_000,
  );

  it.skipIf(!has('php', '--version'))('PHP: php widget_token.php — skipped when PHP is not installed', async () => {
    const file = write('php');
    await expectAccepted(run('php', [path.basename(file), 'user-42'], path.dirname(file)));
  });
});

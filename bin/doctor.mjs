// `service-widget doctor`: checks a deployment of the data query service from outside a browser,
// with the widget's own request shapes (docs/protocol.md), and names each mistake with its fix
// (docs/troubleshooting.md). Plain Node 20, no dependencies: it ships in the npm package.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

const API = '/api/v1/widget';
const GUIDE = 'docs/troubleshooting.md';
/** What the service allows at most between `iat` and `exp` (docs/backend-jwt.md). */
const MAX_LIFETIME_S = 24 * 3600;
/** Clock difference tolerated before a token's `iat` counts as in the future. */
const SKEW_S = 60;
const TIMEOUT_MS = 8000;
/** The widget's request headers a preflight must allow (Accept-Language is CORS-safelisted for tr/en). */
const CHAT_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'x-public-id'];
const GET_HEADERS = ['authorization', 'x-public-id'];

export const USAGE = `Usage: service-widget doctor <baseUrl> --public-id <id> (--token <jwt> | --token-url <url>) [--page <url>] [--send]

  <baseUrl>          the widget's baseUrl option: the service's origin (the widget adds ${API})
  --public-id <id>   the project's public id (X-Public-Id)
  --token <jwt>      a visitor token your backend signed, or
  --token-url <url>  your token endpoint: POSTed to, its answer (text, or JSON {"token"}) is the token
  --page <url>       a page that embeds the widget: CORS is checked for its origin, its CSP against the widget's needs
  --widget-src <url> where the page loads widget.js from (default: <baseUrl>/widget.js)
  --send             also POST /chat once (costs a model call): content type and streaming
  --language <tr|en> Accept-Language of the requests (default en)

Each check prints ✓ or ✗ and, for ✗, the fix; the exit status is 1 when any check failed.`;

/**
 * Runs the checks and resolves with the exit status (0 all passed, 1 a check failed, 2 usage).
 * `print` receives each line; `fetch` is injectable for tests.
 */
export async function doctor(
  argv,
  { print = (line) => process.stdout.write(`${line}\n`), fetch = globalThis.fetch } = {},
) {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'public-id': { type: 'string' },
        token: { type: 'string' },
        'token-url': { type: 'string' },
        page: { type: 'string' },
        'widget-src': { type: 'string' },
        send: { type: 'boolean', default: false },
        language: { type: 'string', default: 'en' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    print(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { values: opt, positionals } = args;
  if (opt.help) {
    print(USAGE);
    return 0;
  }
  const problems = [
    positionals.length !== 1 ? 'give exactly one <baseUrl>' : '',
    !opt['public-id'] ? '--public-id is required' : '',
    !opt.token === !opt['token-url'] ? 'give one of --token and --token-url' : '',
  ].filter(Boolean);
  if (problems.length) {
    print(`${problems.join('\n')}\n\n${USAGE}`);
    return 2;
  }

  const results = [];
  const report = (ok, title, fix) => {
    results.push(ok);
    print(`${ok === null ? '-' : ok ? '✓' : '✗'} ${title}`);
    // A named cause (`  [cors-origin]`) points at its entry of the guide.
    const entry = / {2}\[([a-z-]+)\]/.exec(title)?.[1];
    if (ok === false && fix) print(`    fix: ${fix}${entry ? ` (${GUIDE}#${entry})` : ''}`);
  };
  const ctx = { opt, fetch, report, baseText: positionals[0] };
  const started = Date.now();

  const base = checkBaseUrl(ctx);
  const token = await checkToken(ctx);
  if (base) {
    ctx.base = base;
    ctx.origin = opt.page ? safeOrigin(opt.page) : 'https://example.com';
    if (!opt.page) print(`  (no --page: CORS is checked for the origin ${ctx.origin})`);
    await checkPreflight(ctx, 'GET', '/config', GET_HEADERS);
    await checkPreflight(ctx, 'POST', '/chat', CHAT_HEADERS);
    if (token !== undefined) {
      await checkConfig(ctx, token);
      await checkConversations(ctx, token);
      if (opt.send) await checkChat(ctx, token);
      else
        report(null, 'POST /chat not sent (add --send to check its content type and streaming; it costs a model call)');
    }
    if (opt.page) await checkPage(ctx);
  }

  const failed = results.filter((r) => r === false).length;
  const passed = results.filter((r) => r === true).length;
  const skipped = results.length - failed - passed;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  print(
    `\n${failed ? '✗' : '✓'} doctor: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${seconds} s)` +
      (failed ? `; each cause is explained in ${GUIDE}` : ''),
  );
  return failed ? 1 : 0;
}

function safeOrigin(text) {
  try {
    return new URL(text).origin;
  } catch {
    return 'null';
  }
}

/** baseUrl: a URL, http(s), no query, not ending in /api/v1/widget, not http under an https page. */
function checkBaseUrl({ baseText, opt, report }) {
  let url;
  try {
    url = new URL(baseText);
  } catch {
    report(
      false,
      `baseUrl ${JSON.stringify(baseText)} is not an absolute URL`,
      "give the service's origin, e.g. https://chat.example.com",
    );
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) {
    report(false, `baseUrl ${baseText}: only http(s) without a query or fragment`, `use ${url.origin}`);
    return undefined;
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/api\/v1\/widget$/i.test(path)) {
    const fixed = `${url.origin}${path.replace(/\/api\/v1\/widget$/i, '')}`;
    report(
      false,
      `baseUrl ${baseText} ends in ${API}: the widget adds it again (${fixed}${API}${API}/…)  [base-url]`,
      `set baseUrl to ${fixed}`,
    );
    return undefined;
  }
  const page = opt.page ? new URL(opt.page) : undefined;
  if (page?.protocol === 'https:' && url.protocol === 'http:') {
    report(
      false,
      `baseUrl ${baseText} is http: on the https: page ${page.origin}: the browser blocks it (mixed content)  [mixed-content]`,
      `serve the service over https and set baseUrl to https://${url.host}${path}`,
    );
    return undefined;
  }
  report(true, `baseUrl ${baseText}: the widget calls ${url.origin}${path}${API}/…`);
  return `${url.origin}${path}`;
}

/** The token: fetched like the page's getAuthToken, decoded (never verified), its claims and lifetime. */
async function checkToken({ opt, fetch, report }) {
  let token = opt.token;
  if (opt['token-url']) {
    try {
      const res = await fetch(opt['token-url'], {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = (await res.text()).trim();
      if (!res.ok) {
        report(
          false,
          `token endpoint ${opt['token-url']} answered HTTP ${res.status}`,
          'make it answer 2xx with the bare token (or JSON {"token": …})',
        );
        return undefined;
      }
      token = text.startsWith('{') ? JSON.parse(text).token : text;
    } catch (error) {
      report(
        false,
        `token endpoint ${opt['token-url']} failed: ${error.message}`,
        'check the URL, and that it answers a POST',
      );
      return undefined;
    }
  }
  const parts = typeof token === 'string' ? token.split('.') : [];
  let claims;
  try {
    if (parts.length !== 3) throw new Error('not three parts');
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null) throw new Error('not an object');
  } catch {
    report(
      false,
      'the token is not a JWT (three base64url parts separated by dots)',
      'answer the bare token, not an HTML page or JSON',
    );
    return undefined;
  }
  const now = Math.floor(Date.now() / 1000);
  const { sub, iat, exp } = claims;
  const bad = (title, fix) => (report(false, title, fix), token);
  if (typeof sub !== 'string' || !sub)
    return bad('the token has no `sub` (the visitor)', "sign `sub` with the signed-in user's id");
  if (typeof iat !== 'number' || typeof exp !== 'number')
    return bad(
      'the token lacks a numeric `iat` or `exp`',
      'sign `iat` (now, in seconds) and `exp` (iat + at most 86400)',
    );
  if (exp - iat > MAX_LIFETIME_S)
    return bad(
      `the token lives ${hours(exp - iat)} (exp - iat = ${exp - iat} s); the service refuses over 24 h  [token-lifetime]`,
      'sign `exp` at most 86400 s after `iat` (15 minutes is plenty: the widget asks for a token before every request)',
    );
  if (iat > now + SKEW_S)
    return bad(
      `the token's iat is ${iat - now} s in the future of this machine's clock: the backend's clock is ahead  [token-clock]`,
      "sync the token backend's clock (NTP); the service refuses a token issued in the future",
    );
  if (exp <= now)
    return bad(
      `the token expired ${now - exp} s ago (exp ${new Date(exp * 1000).toISOString()})  [token-clock]`,
      "sign a fresh token for every getAuthToken call; if it was fresh, the backend's clock is behind: sync it (NTP)",
    );
  report(
    true,
    `token for sub ${JSON.stringify(sub)}: issued ${now - iat} s ago, valid ${exp - now} s more, lifetime ${hours(exp - iat)}`,
  );
  return token;
}

const hours = (s) => (s >= 3600 ? `${(s / 3600).toFixed(1)} h` : `${Math.round(s / 60)} min`);

const listOf = (header) =>
  (header ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

function originAllowed(res, origin) {
  const allowed = res.headers.get('access-control-allow-origin');
  return allowed === '*' || allowed === origin ? null : allowed;
}

/** The preflight a browser sends before the widget's request: every header it carries. */
async function checkPreflight({ base, origin, fetch, report }, method, path, headers) {
  const title = `CORS preflight ${method} ${path} from ${origin}`;
  let res;
  try {
    res = await fetch(`${base}${API}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': ['accept-language', ...headers].sort().join(','),
      },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    report(false, `${title}: no answer (${error.cause?.code ?? error.message})`, `check that ${base} is reachable`);
    return;
  }
  if (!res.ok) {
    report(
      false,
      `${title}: HTTP ${res.status}  [cors-origin]`,
      'answer OPTIONS for every path under /api/v1/widget with 204 and the CORS headers (docs/protocol.md "CORS")',
    );
    return;
  }
  const wrongOrigin = originAllowed(res, origin);
  if (wrongOrigin !== null) {
    report(
      false,
      `${title}: Access-Control-Allow-Origin is ${wrongOrigin ? JSON.stringify(wrongOrigin) : 'missing'}, not ${origin} or *  [cors-origin]`,
      `allow the origin ${origin} (or *: the widget sends no credentials)`,
    );
    return;
  }
  const allowed = listOf(res.headers.get('access-control-allow-headers'));
  // `*` covers every header but Authorization, which must be named (Fetch standard).
  const missing = headers.filter((h) => !allowed.includes(h) && !(allowed.includes('*') && h !== 'authorization'));
  if (missing.length) {
    const names = missing.map((h) => h.replace(/(^|-)\w/g, (c) => c.toUpperCase())).join(', ');
    report(
      false,
      `${title}: Access-Control-Allow-Headers lacks ${names}  [cors-header]`,
      `add ${names} to Access-Control-Allow-Headers (all of: Authorization, X-Public-Id, Idempotency-Key, Content-Type)`,
    );
    return;
  }
  report(true, `${title}: origin and headers allowed`);
}

/** One of the widget's requests, as it sends it. */
function widgetRequest({ base, origin, opt, fetch }, token, path, post) {
  const headers = {
    Origin: origin,
    Accept: post ? 'text/event-stream' : 'application/json',
    'Accept-Language': opt.language,
    Authorization: `Bearer ${token}`,
    'X-Public-Id': opt['public-id'],
  };
  if (post) Object.assign(headers, { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() });
  return fetch(`${base}${API}${path}`, {
    method: post ? 'POST' : 'GET',
    headers,
    body: post ? JSON.stringify(post) : undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

/** A non-2xx answer named: its cause and fix. */
async function refusal(res, title, report) {
  const text = await res.text().catch(() => '');
  let code;
  try {
    code = JSON.parse(text)?.detail?.error;
  } catch {
    // not JSON: an HTML error page of a proxy
  }
  const fixes = {
    invalid_public_id: "pass the project's public id (--public-id, the widget's publicId option)",
    token_expired: "sign a fresh token for every request; check the backend's clock (see the token check)",
    invalid_token:
      "sign with the project's secret (HS256) and the claims sub, iat, exp ≤ 24 h after iat; check the backend's clock",
  };
  if (res.status >= 300 && res.status < 400)
    return report(
      false,
      `${title}: a redirect to ${res.headers.get('location')}`,
      'serve the API at its final address: the widget does not follow redirects',
    );
  if (res.status === 404)
    return report(
      false,
      `${title}: HTTP 404: the widget API is not at this baseUrl  [base-url]`,
      "set baseUrl to the service's origin, without /api/v1/widget",
    );
  report(
    false,
    `${title}: HTTP ${res.status}${code ? ` ${code}` : ''}`,
    fixes[code] ?? "see the service's logs for this request",
  );
}

async function checkConfig(ctx, token) {
  const { report, origin } = ctx;
  const title = 'GET /config';
  let res;
  try {
    res = await widgetRequest(ctx, token, '/config');
  } catch (error) {
    report(false, `${title}: no answer (${error.cause?.code ?? error.message})`, `check that ${ctx.base} is reachable`);
    return;
  }
  if (!res.ok) return refusal(res, title, report);
  const wrongOrigin = originAllowed(res, origin);
  if (wrongOrigin !== null)
    report(
      false,
      `${title}: Access-Control-Allow-Origin is ${wrongOrigin ? JSON.stringify(wrongOrigin) : 'missing'} on the answer, not ${origin} or *  [cors-origin]`,
      `send Access-Control-Allow-Origin: ${origin} (or *) on every answer, errors included`,
    );
  const exposed = listOf(res.headers.get('access-control-expose-headers'));
  const hidden = ['x-conversation-id', 'retry-after'].filter((h) => !exposed.includes(h) && !exposed.includes('*'));
  if (hidden.length)
    report(
      false,
      `answers do not expose ${hidden.join(', ')} (Access-Control-Expose-Headers): every reply would start a new conversation  [cors-expose]`,
      'send Access-Control-Expose-Headers: X-Conversation-Id, Retry-After on every answer',
    );
  else report(true, 'answers expose X-Conversation-Id and Retry-After');
  const body = await readJsonBody(res);
  const problems = body
    ? [
        ['read_only', typeof body.read_only === 'boolean'],
        ['voice.configured', typeof body.voice?.configured === 'boolean'],
        ['connected_accounts.enabled', typeof body.connected_accounts?.enabled === 'boolean'],
        ['title', body.title == null || typeof body.title === 'string'],
        ['welcome', body.welcome == null || typeof body.welcome === 'string'],
        [
          'suggestions',
          body.suggestions == null ||
            (Array.isArray(body.suggestions) && body.suggestions.every((s) => typeof s === 'string')),
        ],
      ]
        .filter(([, ok]) => !ok)
        .map(([name]) => name)
    : ['the body is not a JSON object'];
  if (problems.length)
    report(
      false,
      `${title}: answer shape: ${problems.join(', ')}`,
      'answer the fields of docs/protocol.md "GET /config" with their types',
    );
  else report(true, `${title}: 200, the shape of docs/protocol.md`);
}

async function checkConversations(ctx, token) {
  const title = 'GET /conversations?limit=20';
  let res;
  try {
    res = await widgetRequest(ctx, token, '/conversations?limit=20');
  } catch (error) {
    ctx.report(
      false,
      `${title}: no answer (${error.cause?.code ?? error.message})`,
      `check that ${ctx.base} is reachable`,
    );
    return;
  }
  if (!res.ok) return refusal(res, title, ctx.report);
  const body = await readJsonBody(res);
  const ok =
    body &&
    Array.isArray(body.data) &&
    body.data.every((c) => c && typeof c.id === 'string') &&
    (body.next_cursor === null || typeof body.next_cursor === 'string');
  if (ok) ctx.report(true, `${title}: 200, ${body.data.length} conversation(s), the shape of docs/protocol.md`);
  else
    ctx.report(
      false,
      `${title}: answer shape: expected { data: [{ id, … }], next_cursor: string | null }`,
      'answer docs/protocol.md "GET /conversations"',
    );
}

async function readJsonBody(res) {
  try {
    const value = JSON.parse(await res.text());
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** POST /chat once: the content type, X-Conversation-Id, and whether frames arrive as written. */
async function checkChat(ctx, token) {
  const { report } = ctx;
  const title = 'POST /chat';
  const sent = Date.now();
  let res;
  try {
    res = await widgetRequest(ctx, token, '/chat', { message: 'service-widget doctor: reply with a short sentence.' });
  } catch (error) {
    report(false, `${title}: no answer (${error.cause?.code ?? error.message})`, `check that ${ctx.base} is reachable`);
    return;
  }
  if (!res.ok) return refusal(res, title, report);
  const type = res.headers.get('content-type') ?? '';
  if (!/^text\/event-stream\b/i.test(type)) {
    void res.body?.cancel().catch(() => {});
    report(
      false,
      `${title}: Content-Type is ${JSON.stringify(type)}, not text/event-stream: the widget cannot read it  [content-type]`,
      'answer POST /chat with Content-Type: text/event-stream (the chat stream of docs/protocol.md)',
    );
    return;
  }
  report(true, `${title}: Content-Type ${type}`);
  if (res.headers.get('x-conversation-id'))
    report(true, `${title}: X-Conversation-Id ${res.headers.get('x-conversation-id')}`);
  else
    report(
      false,
      `${title}: no X-Conversation-Id header`,
      'name the conversation in X-Conversation-Id on every /chat answer',
    );

  // Frames per read: a proxy that buffers delivers the whole reply in one or two reads, late.
  const reads = [];
  const decoder = new TextDecoder();
  let text = '';
  let frames = 0;
  try {
    for await (const chunk of res.body) {
      text += decoder.decode(chunk, { stream: true });
      const parts = text.split(/\r?\n\r?\n/);
      text = parts.pop();
      const count = parts.filter((p) => /^(data|event):/m.test(p)).length;
      if (count) reads.push({ at: Date.now() - sent, count });
      frames += count;
    }
  } catch (error) {
    report(
      false,
      `${title}: the stream broke after ${frames} frame(s): ${error.message}`,
      "see the service's and the proxy's logs",
    );
    return;
  }
  const encoding = res.headers.get('content-encoding');
  const first = reads[0]?.at ?? 0;
  if (frames >= 4 && reads.length <= 2) {
    report(
      false,
      `${title}: the stream is buffered: ${frames} frames arrived in ${reads.length} read(s), the first after ${first} ms  [buffered]` +
        (encoding ? ` (Content-Encoding: ${encoding})` : ''),
      'turn off buffering for text/event-stream in the proxy or CDN (nginx: proxy_buffering off, or the header X-Accel-Buffering: no) and do not compress it',
    );
  } else report(true, `${title}: streamed: ${frames} frames in ${reads.length} reads, the first after ${first} ms`);
}

/** The page's CSP (header and meta) against what the widget needs. */
async function checkPage(ctx) {
  const { opt, base, report, fetch } = ctx;
  let res;
  try {
    res = await fetch(opt.page, { redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    report(false, `page ${opt.page}: no answer (${error.cause?.code ?? error.message})`, 'check the --page URL');
    return;
  }
  const html = await res.text().catch(() => '');
  const policies = [];
  const header = res.headers.get('content-security-policy');
  if (header) policies.push(...header.split(/,(?=\s*[a-z-]+\s)/i));
  for (const m of html.matchAll(/<meta\s[^>]*http-equiv=["']?content-security-policy["']?[^>]*>/gi)) {
    const content = /content=(["'])(.*?)\1/i.exec(m[0])?.[2];
    if (content) policies.push(content.replaceAll('&#39;', "'").replaceAll('&quot;', '"'));
  }
  if (!policies.length) {
    report(true, `page ${opt.page}: no Content-Security-Policy: nothing to allow`);
    return;
  }
  const page = new URL(res.url || opt.page);
  const api = new URL(`${base}${API}/chat`);
  const socket = new URL(api.href.replace(/^http/, 'ws'));
  const script = new URL(opt['widget-src'] ?? `${new URL(base).origin}/widget.js`);
  const failures = [];
  for (const policy of policies) {
    const d = parsePolicy(policy);
    const connect = d['connect-src'] ?? d['default-src'];
    const scripts = d['script-src-elem'] ?? d['script-src'] ?? d['default-src'];
    if (connect && !allows(connect, api, page))
      failures.push([`connect-src does not allow ${api.origin}  [csp]`, `add ${api.origin} to connect-src`]);
    if (connect && !allows(connect, socket, page))
      failures.push([
        `connect-src does not allow ${socket.protocol}//${socket.host} (the voice socket)  [csp]`,
        `add ${socket.protocol}//${socket.host} to connect-src (the host of the url POST /voice/session answers)`,
      ]);
    const nonce = scripts?.some((s) => /^'(nonce-|strict-dynamic')/.test(s));
    if (scripts && !nonce && !allows(scripts, script, page))
      failures.push([
        `script-src does not allow ${script.origin} (widget.js, widget-voice.js, widget-chart.js)  [csp]`,
        `add ${script.origin} to script-src, or a nonce passed to the widget's nonce option`,
      ]);
  }
  if (failures.length) for (const [title, fix] of failures) report(false, `page CSP: ${title}`, fix);
  else
    report(
      true,
      `page CSP allows the API, the voice socket and the widget's scripts${policies.some((p) => /'nonce-/.test(p)) ? ' (pass its nonce to the nonce option)' : ''}`,
    );
}

function parsePolicy(policy) {
  const directives = {};
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !(name.toLowerCase() in directives)) directives[name.toLowerCase()] = sources;
  }
  return directives;
}

const DEFAULT_PORT = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };

/** CSP3 "scheme-part match": the source's scheme A against the URL's B. */
function schemeMatches(a, b) {
  return (
    a === b ||
    (a === 'http:' && b === 'https:') ||
    (a === 'ws:' && /^(wss|https?):$/.test(b)) ||
    (a === 'wss:' && b === 'https:')
  );
}

/** Whether a source list allows `url` on `page` (CSP3 §6.7.2, the parts a widget deployment meets). */
export function allows(sources, url, page) {
  for (const raw of sources) {
    const src = raw.toLowerCase();
    if (src === "'none'") continue;
    if (src === '*') {
      if (/^(https?|wss?):$/.test(url.protocol)) return true;
      continue;
    }
    if (src === "'self'") {
      const pageWs = page.protocol.replace('http', 'ws');
      const sameHost =
        url.hostname === page.hostname &&
        (url.port || DEFAULT_PORT[url.protocol]) === (page.port || DEFAULT_PORT[page.protocol]);
      if (
        sameHost &&
        (url.protocol === page.protocol ||
          url.protocol === pageWs ||
          (page.protocol === 'http:' && /^(https|wss):$/.test(url.protocol)))
      )
        return true;
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:$/.test(src)) {
      if (schemeMatches(src, url.protocol)) return true;
      continue;
    }
    const m = /^(?:([a-z][a-z0-9+.-]*:)\/\/)?(\*\.)?([^:/]+|\*)(?::(\d+|\*))?(\/.*)?$/.exec(src);
    if (!m || src.startsWith("'")) continue;
    const [, scheme, wildcard, host, port, path] = m;
    if (scheme ? !schemeMatches(scheme, url.protocol) : !schemeMatches(page.protocol, url.protocol)) continue;
    if (host !== '*' && (wildcard ? !url.hostname.endsWith(`.${host}`) : url.hostname !== host)) continue;
    const urlPort = url.port || DEFAULT_PORT[url.protocol];
    const srcPort = port ?? DEFAULT_PORT[scheme ?? url.protocol];
    if (port !== '*' && srcPort !== urlPort && !(srcPort === '80' && urlPort === '443')) continue;
    if (path && path !== '/' && !(path.endsWith('/') ? url.pathname.startsWith(path) : url.pathname === path)) continue;
    return true;
  }
  return false;
}

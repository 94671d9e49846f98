// Deployment mistakes named to the page's developer (docs/troubleshooting.md): the page's CSP, CORS,
// mixed content, a buffering proxy, the wrong content type, a token backend's clock or lifetime.
// Each is told once per page, as one console line with the value to change. Nothing here runs
// before a request failed or a reply ended: the happy path only counts reads.
import type { ErrorCause } from '../types';
import { get, parseObject } from './fields';

const told = new Set<string>();

/** One console line per cause and entry and page, naming the troubleshooting entry (`entry`: a finer one than the cause). */
export function tell(cause: ErrorCause, what: string, entry: string = cause): void {
  if (told.has(`${cause}#${entry}`)) return;
  told.add(`${cause}#${entry}`);
  console.error(`ServiceWidget: ${what} (README, Troubleshooting: docs/troubleshooting.md#${entry}).`);
}

/** For tests: every cause may be told again. */
export const forget = (): void => told.clear();

/** The error carries the cause it was diagnosed with (read by state/notices.ts). */
export const withCause = <E extends Error>(err: E, cause: ErrorCause | undefined): E =>
  Object.assign(err, cause && { diagnosis: cause });

export const causeOf = (err: unknown): ErrorCause | undefined => (err as { diagnosis?: ErrorCause } | null)?.diagnosis;

let violations: string[] | undefined;

/**
 * The URLs the page's CSP blocked since the first call, which sets the one listener: called when a
 * request failed or a runtime is loaded, never at start-up.
 */
function blocked(): readonly string[] {
  if (!violations) {
    violations = [];
    document.addEventListener('securitypolicyviolation', (e) => violations!.push(e.blockedURI));
  }
  return violations;
}

/** After the next task, or `ms` later. */
const later = (ms?: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a failure waits for the violation event that explains it. The event may come before
 * the failure (Chromium), or after it: Firefox throws from `new WebSocket` first and queues the
 * event, which on a loaded machine came after the next task (a CSP-blocked voice socket was then
 * told as a plain drop). A failure with no violation behind it waits that long for its notice.
 */
const LATE_VIOLATION_MS = 300;

/** The first URL the page's CSP blocked that `matches`: after a task, or else LATE_VIOLATION_MS later. */
async function blockedURL(matches: (uri: string) => boolean): Promise<string | undefined> {
  const find = () => blocked().find((u) => u && matches(u));
  await later();
  return find() ?? (await later(LATE_VIOLATION_MS), find());
}

/** Starts listening for the page's CSP before a runtime's script is added (runtime/load.ts). */
export const watchPolicy = (): void => void blocked();

/** Why the runtime at `url` did not run: the page's CSP (script-src), or undefined when it was not that. */
export async function whyNotRun(url: string): Promise<ErrorCause | undefined> {
  if (!(await blockedURL((uri) => url.startsWith(uri)))) return undefined;
  tell(
    'csp',
    `this page's Content-Security-Policy blocks ${url}: add ${new URL(url).origin} to script-src, or give init() the page's nonce (the nonce option)`,
    'csp-script',
  );
  return 'csp';
}

/** Why the voice socket dropped: the page's CSP (connect-src) blocked its ws: or wss: host, or undefined. */
export async function whyDropped(): Promise<ErrorCause | undefined> {
  const uri = await blockedURL((u) => /^wss?:/.test(u));
  if (!uri) return undefined;
  tell(
    'csp',
    `this page's Content-Security-Policy blocks the voice socket at ${new URL(uri).origin}: add it to connect-src`,
    'csp-voice',
  );
  return 'csp';
}

/**
 * Why a request to the service at `base` got no answer: mixed content, the page's CSP, or CORS;
 * undefined for a network that is down, a redirect, or a browser that tells nothing. Checked after
 * the failure with GETs of /config that carry nothing of the visitor's (no token, credentials or
 * referrer), never another send:
 * 1. a simple GET that does not follow a redirect: a redirect shows as such (not CORS); any other
 *    answer means the origin is allowed, so the widget's request headers were refused;
 * 2. else a `no-cors` GET: an answer means the service is there and refused this origin.
 */
export async function whyUnanswered(base: string, doFetch: typeof fetch): Promise<ErrorCause | undefined> {
  const { origin } = new URL(base);
  const page = location.origin;
  if (location.protocol === 'https:' && origin.startsWith('http:')) {
    tell('mixed-content', `baseUrl ${origin} is http: on this https: page, so the browser blocks it: use https://`);
    return 'mixed-content';
  }
  if (!navigator.onLine) return undefined;
  // The failed request's own violation event may come before or after its rejection: the probe is
  // blocked by the same policy and gives the listener its event.
  blocked();
  const bare: RequestInit = { credentials: 'omit', referrerPolicy: 'no-referrer' };
  const simple = await doFetch(`${base}/config`, { ...bare, redirect: 'manual' }).then(
    (res) => (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400) ? 'redirect' : 'answered'),
    () => 'refused' as const,
  );
  if (simple === 'redirect') return undefined;
  // `no-cors` follows a redirect of /config, if the service has one: nothing of the visitor's goes.
  const reached =
    simple === 'answered' ||
    (await doFetch(`${base}/config`, { ...bare, mode: 'no-cors' }).then(
      () => true,
      () => false,
    ));
  await later();
  if (blocked().some((uri) => uri.startsWith(origin))) {
    tell('csp', `this page's Content-Security-Policy blocks ${origin}: add it to connect-src`);
    return 'csp';
  }
  if (!reached) return undefined;
  const originAllowed = simple === 'answered';
  tell(
    'cors',
    originAllowed
      ? `the service at ${origin} refused the widget's request headers (CORS preflight): allow Authorization, ` +
          'X-Public-Id, Idempotency-Key, Content-Type in Access-Control-Allow-Headers'
      : `the service at ${origin} refused this page's origin ${page} (CORS): allow ${page} in Access-Control-Allow-Origin`,
    originAllowed ? 'cors-header' : 'cors-origin',
  );
  return 'cors';
}

/** A 401 for a token: is it the backend's clock or the token's lifetime (decoded only, never verified)? */
export function whyRefused(token: string, staticToken: boolean): ErrorCause | undefined {
  let payload = '';
  try {
    payload = atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    // not base64url: not a JWT, nothing to read
  }
  const claims = parseObject(payload);
  const iat = get(claims, 'iat');
  const exp = get(claims, 'exp');
  if (typeof iat !== 'number' || typeof exp !== 'number') return undefined;
  const now = Date.now() / 1e3;
  if (exp - iat > 86400) {
    tell(
      'token-lifetime',
      `the token lives ${Math.round((exp - iat) / 3600)} h; the service allows 24: sign exp ≤ iat + 86400`,
    );
    return 'token-lifetime';
  }
  const ahead = iat - now > 60;
  // An expired static authToken is an ordinary end of session; a fresh one from getAuthToken is not.
  if (ahead || (exp < now && !staticToken)) {
    tell(
      'token-clock',
      ahead
        ? `the token's iat is ${Math.round(iat - now)} s ahead of this page's clock: sync the token backend's clock (NTP)`
        : `getAuthToken gave a token that expired ${Math.round(now - exp)} s ago: sign a fresh one each call, sync the backend's clock`,
    );
    return 'token-clock';
  }
  return undefined;
}

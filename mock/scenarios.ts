// The scenario list (names + labels for the demo's select box) and the error answers some of them give.

export const SCENARIOS = [
  { name: 'normal', label: 'Normal markdown answer' },
  { name: 'long', label: 'Long answer (~30k chars, ~3,000 chunks)' },
  { name: 'tools', label: 'Tool calls mid-stream, then the answer' },
  { name: 'messy', label: 'Messy stream (split frames, \\r\\n, pings, unknown events)' },
  { name: 'confirmation', label: 'Asks for confirmation (order #1042)' },
  { name: 'approval', label: 'Action held for team approval' },
  { name: 'error-event', label: 'Stream ends with an error event' },
  { name: 'cut', label: 'Network cut mid-stream' },
  { name: 'limit-daily', label: '429 daily limit reached' },
  { name: 'limit-monthly', label: '429 monthly limit reached' },
  { name: 'limit-minute', label: '429 per-minute limit reached' },
  { name: 'token-expired', label: '401 token expired (every endpoint)' },
  { name: 'bad-public-id', label: '401 invalid public id (every endpoint)' },
  { name: 'unavailable', label: '503 twice, then success (per Idempotency-Key)' },
  { name: 'down', label: '503 always (Retry-After: 1)' },
  { name: 'server-error', label: '500 with request_id' },
  { name: 'llm-not-configured', label: '409 LLM not configured' },
  { name: 'slow', label: 'Slow normal answer (300 ms per chunk)' },
  { name: 'read-only', label: 'Read-only project' },
  { name: 'tables', label: 'Data answer: tables to chart, sort, download and copy' },
  { name: 'long-table', label: 'Data answer: a 250-row table (200 shown, then Show all)' },
  { name: 'hostile-tables', label: 'Hostile data answer: formula cells, invisible text, a bidi override in code' },
  {
    name: 'units-and-dates',
    label: 'Data answer: sizes in several units, dates written out or with slashes, two currencies',
  },
  { name: 'big-table', label: 'One table of 25,000 rows ("130000 rows" in the question for more)' },
  {
    name: 'many-blocks',
    label: 'A long data answer: 300 sections of a paragraph, a list, a table and code ("2000 sections" for more)',
  },
  { name: 'slow-start', label: 'Slow start: 4 s before the first token' },
  { name: 'limit-short', label: '429 per-minute limit that resets in 8 s (the next send after it is answered)' },
  { name: 'reload-mid-reply', label: 'Slow reply stored when written: reload the page while it streams' },
  { name: 'rtl', label: 'Right-to-left answers: Arabic or Hebrew by the question, else Arabic and English mixed' },
  { name: 'citations', label: 'A long answer citing 31 sources, their link definitions at the end' },
] as const;

export type ScenarioName = (typeof SCENARIOS)[number]['name'];

export const SCENARIO_LABELS = Object.fromEntries(SCENARIOS.map((s) => [s.name, s.label])) as Record<
  ScenarioName,
  string
>;

export const SCENARIO_NAMES: readonly ScenarioName[] = SCENARIOS.map((s) => s.name);

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (SCENARIO_NAMES as readonly string[]).includes(value);
}

/** A non-2xx answer as the service gives it: `{ detail, request_id? }` plus headers. */
export interface ErrorAnswer {
  status: number;
  detail: string | { error: string; [key: string]: unknown } | null;
  headers?: Record<string, string>;
}

/** Scenarios that refuse every endpoint at the door. */
export function authScenarioError(scenario: ScenarioName): ErrorAnswer | undefined {
  if (scenario === 'token-expired') return { status: 401, detail: { error: 'token_expired' } };
  if (scenario === 'bad-public-id') return { status: 401, detail: { error: 'invalid_public_id' } };
  return undefined;
}

/**
 * Scenarios that refuse POST /chat. `attempt` counts sends with the same Idempotency-Key
 * (1 = first), so `unavailable` lets the third attempt through.
 */
export function chatScenarioError(scenario: ScenarioName, attempt: number, now = new Date()): ErrorAnswer | undefined {
  switch (scenario) {
    case 'limit-daily':
      return limitReached('daily', nextUtcDay(now), now);
    case 'limit-monthly':
      return limitReached('monthly', nextUtcMonth(now), now);
    case 'limit-minute':
      return limitReached('per_minute', new Date(Math.ceil((now.getTime() + 1) / 60_000) * 60_000), now);
    case 'unavailable':
      return attempt <= 2 ? { status: 503, detail: { error: 'service_unavailable' } } : undefined;
    case 'down':
      return { status: 503, detail: { error: 'service_unavailable' }, headers: { 'Retry-After': '1' } };
    case 'server-error':
      // A string detail, as a framework's default 500 handler gives, to exercise that branch too.
      return { status: 500, detail: 'Internal Server Error' };
    case 'llm-not-configured':
      return { status: 409, detail: { error: 'llm_not_configured' } };
    default:
      return undefined;
  }
}

function limitReached(period: 'daily' | 'monthly' | 'per_minute', reset: Date, now: Date): ErrorAnswer {
  const seconds = Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 1000));
  return {
    status: 429,
    detail: { error: 'user_limit_reached', period, reset_at: reset.toISOString() },
    headers: { 'Retry-After': String(seconds) },
  };
}

/** How long the `limit-short` scenario's limit lasts. */
export const SHORT_LIMIT_MS = 8_000;

/**
 * `limit-short`: the first send is refused for 8 s, every send until then too (same reset); the
 * first send after the reset is answered, and the one after that starts a new window.
 * `windows` holds each visitor's reset time (ms), forgotten once a send got through.
 */
export function shortLimitError(windows: Map<string, number>, key: string, now = new Date()): ErrorAnswer | undefined {
  // The widget holds the next send until the reset itself, on the page's clock (which a test may
  // move: test/browser/fixtures/test-clock.js), so the mock answers that send whenever it comes.
  if (windows.delete(key)) return undefined;
  const reset = now.getTime() + SHORT_LIMIT_MS;
  windows.set(key, reset);
  return limitReached('per_minute', new Date(reset), now);
}

const nextUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
const nextUtcMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

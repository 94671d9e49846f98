// @vitest-environment node
// docs/protocol.md against the mock service and the widget's own code, so the three cannot drift:
// - every ```http request block is sent (in document order, one visitor's session) to the mock and
//   its answer is compared with the ```http response block after it: status, the listed headers,
//   and the body's shape (same keys and JSON types at every depth; streams decoded by src/api/sse.ts);
// - the ```ws session block is played against the mock's voice session;
// - the error codes the doc lists are exactly the ones src/state/notices.ts branches on, and every
//   code the mock sends is documented; the named SSE events are exactly the ones src/api/sse.ts decodes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createChatDecoder } from '../../src/api/sse';
import type { ChatEvent } from '../../src/api/types';
import { isScenarioName } from '../../mock/scenarios';
import type { MockSettings } from '../../mock/types';
import { createVoiceSession } from '../../mock/voice';
import { mock, TEST_BASE_URL, TEST_PUBLIC_ID, testToken } from '../msw-server';
import { REPO } from '../esm/snippet';

const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');
// The protocol is two pages, the second continuing the first's visitor session.
const DOC_FILE = 'docs/protocol.md + docs/protocol-errors.md';
const DOC = `${read('docs/protocol.md')}\n${read('docs/protocol-errors.md')}`;
/** The public id the doc's examples use; the mock expects TEST_PUBLIC_ID. */
const DOC_PUBLIC_ID = 'pub_acme_sales';
const DEFAULT_SUB = 'user-42';
/** Keys whose string values name something a later request may use (learned doc value → actual). */
const LEARNED_KEYS = new Set(['id', 'conversation_id', 'next_cursor', 'token', 'code']);

interface Fence {
  lang: string;
  kind: string;
  attrs: Record<string, string>;
  text: string;
  line: number;
}

function fences(markdown: string): Fence[] {
  const out: Fence[] = [];
  const re = /^```([^\n]*)\n([\s\S]*?)^```$/gm;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) {
    const [lang = '', kind = '', ...rest] = m[1]!.trim().split(/\s+/);
    const attrs = Object.fromEntries(rest.map((a) => a.split('=') as [string, string]));
    out.push({
      lang,
      kind,
      attrs,
      text: m[2]!.replace(/\n$/, ''),
      line: markdown.slice(0, m.index).split('\n').length,
    });
  }
  return out;
}

interface HttpMessage {
  start: string;
  headers: [string, string][];
  body: string;
}

function parseHttp(text: string): HttpMessage {
  const split = text.indexOf('\n\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 2).trim();
  const [start = '', ...lines] = head.split('\n');
  const headers = lines.map((l): [string, string] => {
    const colon = l.indexOf(':');
    return [l.slice(0, colon).trim(), l.slice(colon + 1).trim()];
  });
  return { start, headers, body };
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function sameShape(doc: unknown, actual: unknown): boolean {
  if (kindOf(doc) !== kindOf(actual)) return false;
  if (Array.isArray(doc)) return (actual as unknown[]).every((a) => doc.some((d) => sameShape(d, a)));
  if (kindOf(doc) === 'object') {
    const d = doc as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const keys = Object.keys(d).sort();
    if (keys.join() !== Object.keys(a).sort().join()) return false;
    return keys.every((k) => sameShape(d[k], a[k]));
  }
  return true;
}

/** Where `actual` differs in shape from `doc` (empty when the shapes agree). */
function shapeProblems(doc: unknown, actual: unknown, at = 'body'): string[] {
  if (kindOf(doc) !== kindOf(actual))
    return [
      `${at}: documented as ${kindOf(doc)}, the mock sent ${kindOf(actual)} ${JSON.stringify(actual)?.slice(0, 80)}`,
    ];
  if (Array.isArray(doc)) {
    if (doc.length === 0) return (actual as unknown[]).length ? [`${at}: documented empty`] : [];
    return (actual as unknown[]).flatMap((a, i) =>
      doc.some((d) => sameShape(d, a))
        ? []
        : [
            `${at}[${i}] matches no documented element: ${shapeProblems(doc[Math.min(i, doc.length - 1)], a, `${at}[${i}]`).join('; ')}`,
          ],
    );
  }
  if (kindOf(doc) !== 'object') return [];
  const d = doc as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  const problems = [
    ...Object.keys(d)
      .filter((k) => !(k in a))
      .map((k) => `${at}.${k}: documented, not sent by the mock`),
    ...Object.keys(a)
      .filter((k) => !(k in d))
      .map((k) => `${at}.${k}: sent by the mock, not documented`),
  ];
  for (const k of Object.keys(d)) if (k in a) problems.push(...shapeProblems(d[k], a[k], `${at}.${k}`));
  return problems;
}

/** The doc's ids, cursors and tokens → the mock's, learned from aligned answers. */
const learned = new Map<string, string>();
const idempotencyKeys = new Map<string, string>();

function learn(doc: unknown, actual: unknown): void {
  if (!sameShape(doc, actual)) return;
  if (Array.isArray(doc)) {
    doc.forEach((d, i) => learn(d, (actual as unknown[])[i]));
    return;
  }
  if (kindOf(doc) !== 'object') return;
  const a = actual as Record<string, unknown>;
  for (const [k, v] of Object.entries(doc as Record<string, unknown>)) {
    if (typeof v === 'string' && LEARNED_KEYS.has(k) && typeof a[k] === 'string') learned.set(v, a[k] as string);
    else learn(v, a[k]);
  }
}

function substitute(text: string): string {
  for (const [doc, actual] of [...learned].sort((x, y) => y[0].length - x[0].length))
    text = text.split(doc).join(actual);
  return text;
}

interface SseFrame {
  event: string;
  data: string;
}

function sseFrames(text: string): SseFrame[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      return { event, data: data.join('\n') };
    })
    .filter((f) => f.data !== '');
}

function decode(text: string): ChatEvent[] {
  const events: ChatEvent[] = [];
  const decoder = createChatDecoder((e) => events.push(e));
  decoder.feed(text);
  decoder.end();
  return events;
}

/** Event types with runs collapsed (a reply's text arrives in any number of deltas). */
const collapse = (types: string[]) => types.filter((t, i) => t !== types[i - 1]);

function compareStream(doc: string, actual: string): string[] {
  const problems: string[] = [];
  const docTypes = collapse(decode(doc).map((e) => e.type));
  const actualTypes = collapse(decode(actual).map((e) => e.type));
  if (docTypes.join() !== actualTypes.join())
    problems.push(`stream events: documented ${docTypes.join(' → ')}, the mock sent ${actualTypes.join(' → ')}`);
  const docFrames = sseFrames(doc);
  const seen = new Map<string, number>();
  for (const frame of sseFrames(actual)) {
    if (frame.data === '[DONE]') continue;
    const candidates = docFrames
      .filter((f) => f.event === frame.event && f.data !== '[DONE]')
      .map((f) => JSON.parse(f.data) as unknown);
    const value = JSON.parse(frame.data) as unknown;
    if (!candidates.some((c) => sameShape(c, value))) {
      problems.push(`${frame.event} frame ${frame.data.slice(0, 120)} matches no documented ${frame.event} frame`);
      continue;
    }
    if (frame.event !== 'message') {
      const n = seen.get(frame.event) ?? 0;
      seen.set(frame.event, n + 1);
      if (candidates[n] !== undefined) learn(candidates[n], value);
    }
  }
  return problems;
}

async function tokenFor(placeholder: string, sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  if (placeholder === '<visitor JWT>') return testToken(sub);
  if (placeholder === '<expired visitor JWT>') return testToken(sub, { iat: now - 3600, ttlSeconds: 900 });
  return placeholder;
}

function parseSettings(value: string | undefined): Partial<MockSettings> {
  if (!value) return {};
  return Object.fromEntries(
    value.split(',').map((pair) => {
      const [k, v] = pair.split(':') as [string, string];
      return [k, v === 'true' ? true : v === 'false' ? false : v];
    }),
  );
}

async function exchange(request: Fence, response: Fence): Promise<string[]> {
  const req = parseHttp(request.text);
  const res = parseHttp(response.text);
  const [method = '', target = ''] = req.start.split(' ');
  const sub = request.attrs.sub ?? DEFAULT_SUB;
  const headers = new Headers();
  for (const [name, value] of req.headers) {
    const lower = name.toLowerCase();
    if (lower === 'host') continue;
    if (lower === 'authorization') headers.set(name, `Bearer ${await tokenFor(value.replace(/^Bearer /, ''), sub)}`);
    else if (lower === 'x-public-id') headers.set(name, value === DOC_PUBLIC_ID ? TEST_PUBLIC_ID : value);
    else if (lower === 'idempotency-key') {
      if (!idempotencyKeys.has(value)) idempotencyKeys.set(value, crypto.randomUUID());
      headers.set(name, idempotencyKeys.get(value)!);
    } else headers.set(name, substitute(value));
  }

  const scenario = request.attrs.scenario ?? 'normal';
  if (!isScenarioName(scenario)) return [`unknown mock scenario ${scenario}`];
  const settingsBefore = { ...mock.settings };
  mock.setScenario(scenario);
  mock.setSettings(parseSettings(request.attrs.settings));
  let answer: Response;
  let text: string;
  try {
    answer = await fetch(`${TEST_BASE_URL}${substitute(target)}`, {
      method,
      headers,
      body: req.body ? substitute(req.body) : undefined,
    });
    text = await answer.text();
  } finally {
    mock.setScenario('normal');
    mock.setSettings(settingsBefore);
  }

  const problems: string[] = [];
  const status = Number(res.start.split(' ')[1]);
  if (answer.status !== status)
    problems.push(`status: documented ${status}, the mock answered ${answer.status} ${text.slice(0, 200)}`);
  for (const [name, value] of res.headers) {
    const got = answer.headers.get(name);
    if (got === null) problems.push(`header ${name}: documented, not sent`);
    else if (name.toLowerCase() === 'x-conversation-id') {
      // One doc id is one conversation: a follow-up, or a replayed Idempotency-Key, must name it again.
      const before = learned.get(value);
      if (before !== undefined && before !== got)
        problems.push(
          `header X-Conversation-Id: documented as ${value} (the mock's ${before}) again, the mock sent ${got}`,
        );
      learned.set(value, got);
    } else if (name.toLowerCase() === 'retry-after') {
      if (!/^\d+$/.test(got) || !/^\d+$/.test(value)) problems.push(`header Retry-After: ${value} vs ${got}`);
    } else if (got !== value)
      problems.push(`header ${name}: documented ${JSON.stringify(value)}, sent ${JSON.stringify(got)}`);
  }
  if (problems.length) return problems;

  const type = res.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '';
  if (type.startsWith('text/event-stream')) return compareStream(res.body, text);
  if (res.body === '') return text === '' ? [] : [`body: documented empty, the mock sent ${text.slice(0, 120)}`];
  const docBody = JSON.parse(res.body) as unknown;
  const actualBody = JSON.parse(text) as unknown;
  const shape = shapeProblems(docBody, actualBody);
  if (!shape.length) learn(docBody, actualBody);
  return shape;
}

async function voiceSession(block: Fence): Promise<string[]> {
  const lines = block.text.split('\n').map((l) => [l.slice(0, 1), l.slice(2)] as const);
  const BINARY = '(binary)';
  const received: string[] = [];
  const session = createVoiceSession(
    { ...mock.context, chunkDelayMs: () => 0 },
    { send: (d) => received.push(typeof d === 'string' ? d : BINARY), close: () => undefined },
    new URL(`${TEST_BASE_URL.replace(/^http/, 'ws')}/api/v1/widget/voice/ws`),
  );
  for (const [dir, frame] of lines) {
    if (dir !== '>') continue;
    session.onMessage(frame.startsWith('(binary') ? new Uint8Array(2048) : substitute(frame));
  }
  await vi.waitFor(() => {
    if (!received.some((f) => /"type":"(reply\.done|error)"/.test(f))) throw new Error('no reply.done yet');
  });
  const typeOf = (f: string) => (f.startsWith('(binary') ? 'binary' : (JSON.parse(f) as { type: string }).type);
  const docFrames = lines.filter(([dir]) => dir === '<').map(([, f]) => f);
  const docTypes = collapse(docFrames.map(typeOf));
  const actualTypes = collapse(received.map(typeOf));
  const problems: string[] = [];
  if (docTypes.join() !== actualTypes.join())
    problems.push(`voice frames: documented ${docTypes.join(' → ')}, the mock sent ${actualTypes.join(' → ')}`);
  for (const frame of received) {
    if (frame === BINARY) continue;
    const value = JSON.parse(frame) as { type: string };
    const candidates = docFrames
      .filter((f) => !f.startsWith('(binary') && typeOf(f) === value.type)
      .map((f) => JSON.parse(f) as unknown);
    if (!candidates.some((c) => sameShape(c, value)))
      problems.push(`voice frame ${frame} matches no documented ${value.type} frame`);
  }
  return problems;
}

/** The backticked codes in the second column of the table between `<!-- protocol:name -->` markers. */
function tableCodes(name: string, column = 1): string[] {
  const section = new RegExp(`<!-- protocol:${name} -->\\n([\\s\\S]*?)<!-- /protocol:${name} -->`).exec(DOC)?.[1];
  if (!section) throw new Error(`${DOC_FILE}: no <!-- protocol:${name} --> table`);
  return section
    .split('\n')
    .filter((row) => row.startsWith('|') && !/^\|\s*(status|event|-)/.test(row))
    .map((row) => /`([a-z_.]+)`/.exec(row.split('|')[column + 1] ?? '')?.[1] ?? `(no code in row ${row})`);
}

const matches = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]!);
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

describe('docs/protocol.md', () => {
  it('every example exchange answers as documented by the mock service', async () => {
    const blocks = fences(DOC).filter(
      (f) =>
        (f.lang === 'http' && (f.kind === 'request' || f.kind === 'response')) ||
        (f.lang === 'ws' && f.kind === 'session'),
    );
    expect(blocks.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let exchanges = 0;
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i]!;
      const where = `${DOC_FILE}:${block.line}`;
      if (block.lang === 'ws') {
        failures.push(...(await voiceSession(block)).map((p) => `${where} (ws session): ${p}`));
        continue;
      }
      const next = blocks[i + 1];
      if (block.kind !== 'request' || next?.kind !== 'response') {
        failures.push(`${where}: an http ${block.kind} block must be an http request followed by its http response`);
        continue;
      }
      exchanges++;
      const problems = await exchange(block, next);
      failures.push(...problems.map((p) => `${where} (${parseHttp(block.text).start}): ${p}`));
      i++;
    }
    expect(failures).toEqual([]);
    expect(exchanges).toBeGreaterThanOrEqual(20);
  });

  it('lists exactly the error codes the widget branches on, and documents every code the mock sends', () => {
    const widgetCodes = sorted(matches(read('src/state/notices.ts'), /case '([a-z_]+)':/g));
    const docWidget = sorted(tableCodes('widget-codes'));
    const docOther = sorted(tableCodes('other-codes'));
    expect(docWidget).toEqual(widgetCodes);
    expect(docOther.filter((c) => docWidget.includes(c))).toEqual([]);

    const mockSource = ['handlers.ts', 'chat.ts', 'scenarios.ts', 'replies.ts', 'voice.ts', 'jwt.ts']
      .map((f) => read(`mock/${f}`))
      .join('\n');
    const mockCodes = sorted([
      ...matches(mockSource, /refuse\(\d+, '([a-z_]+)'/g),
      ...matches(mockSource, /\brefuse\('([a-z_]+)'/g),
      ...matches(mockSource, /\bfail\('([a-z_]+)'/g),
      ...matches(mockSource, /error: '([a-z_]+)'/g),
      ...matches(mockSource, /error: '[a-z_]+' \| '([a-z_]+)'/g),
    ]);
    expect(mockCodes.filter((c) => !docWidget.includes(c) && !docOther.includes(c))).toEqual([]);
    // Nothing invented: every documented code is one the widget knows or the mock sends.
    expect(docOther.filter((c) => !mockCodes.includes(c))).toEqual([]);
    // The codes in the example bodies are all in the tables.
    const exampleCodes = sorted(matches(DOC, /"error": ?"([a-z_]+)"/g));
    expect(exampleCodes.filter((c) => !docWidget.includes(c) && !docOther.includes(c))).toEqual([]);
  });

  it('lists exactly the named stream events src/api/sse.ts decodes, and each documented one decodes', () => {
    const decoded = sorted(matches(read('src/api/sse.ts'), /case '([a-z_]+)':/g));
    const documented = sorted(tableCodes('sse-events', 0));
    expect(documented).toEqual(decoded);

    // Named events the mock sends ('progress' is its deliberately unknown event, which must be ignored).
    const mockEvents = sorted(matches(read('mock/replies.ts'), /namedFrame\('([a-z_]+)'/g)).filter(
      (e) => e !== 'progress',
    );
    expect(mockEvents.filter((e) => !documented.includes(e))).toEqual([]);
    expect(decode('event: progress\ndata: {"step":"planning"}\n\n')).toEqual([]);

    const examples = fences(DOC)
      .filter((f) => f.lang === 'http' && f.kind === 'response')
      .flatMap((f) => sseFrames(parseHttp(f.text).body).filter((fr) => fr.event !== 'message'));
    expect(sorted(examples.map((f) => f.event))).toEqual(documented);
    for (const frame of examples) {
      expect(decode(`event: ${frame.event}\ndata: ${frame.data}\n\n`), `event: ${frame.event}`).toHaveLength(1);
    }
  });

  it('documents only voice frames the widget sends or handles', () => {
    const turn = read('src/voice/turn.ts');
    // Frames of its own (turn.ts), `reply.delta`, and the events it shares with the chat stream (sse.ts).
    const handled = sorted([
      ...matches(turn, /case '([a-z_.]+)':/g),
      ...matches(turn, /\btype ={2,3} '([a-z_.]+)'/g),
      ...matches(read('src/api/sse.ts'), /case '([a-z_.]+)':/g),
    ]);
    const session = fences(DOC).find((f) => f.lang === 'ws' && f.kind === 'session');
    expect(session).toBeDefined();
    const frames = session!.text.split('\n').filter((l) => !l.slice(2).startsWith('(binary'));
    const types = (dir: string) =>
      sorted(frames.filter((l) => l.startsWith(dir)).map((l) => (JSON.parse(l.slice(2)) as { type: string }).type));
    expect(types('<').filter((t) => !handled.includes(t))).toEqual([]);
    expect(types('>')).toEqual(['start', 'stop']);
    expect(turn).toContain("type: 'start'");
    expect(turn).toContain('{"type":"stop"}');
    // The start frame's fields are the ones the widget sends.
    const start = JSON.parse(frames.find((l) => l.includes('"start"'))!.slice(2)) as Record<string, unknown>;
    for (const key of Object.keys(start).filter((k) => k !== 'type'))
      expect(turn, key).toMatch(new RegExp(`\\b${key}\\b`));
  });
});

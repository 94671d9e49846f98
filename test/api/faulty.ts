// Generators of faulty service answers (fast-check): a valid answer of docs/protocol.md where any field,
// at any depth, may be kept, left out, null, or replaced by a value of another type, and where the
// whole answer may be something else entirely.
import fc from 'fast-check';

/** A value of some JSON type (the wrong one, mostly). */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom('', '.', '..', '/', 'x', '<b>x</b>'),
  fc.string({ maxLength: 8 }),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }),
);

const MISSING = Symbol('missing');

/** `valid` with each field (recursively) kept, faulty, or left out. */
export function faulty(valid: unknown, depth = 0): fc.Arbitrary<unknown> {
  const field = (v: unknown): fc.Arbitrary<unknown> =>
    fc.oneof(
      { weight: 3, arbitrary: faulty(v, depth + 1) },
      { weight: 1, arbitrary: fc.constant(MISSING) },
      { weight: 1, arbitrary: wrongValue },
    );
  let same: fc.Arbitrary<unknown>;
  if (Array.isArray(valid)) {
    same = valid.length ? fc.array(faulty(valid[0], depth + 1), { maxLength: 3 }) : fc.constant([]);
  } else if (valid && typeof valid === 'object') {
    const keys = Object.keys(valid);
    same = fc.tuple(...keys.map((k) => field((valid as Record<string, unknown>)[k]))).map((values) => {
      const out: Record<string, unknown> = {};
      keys.forEach((k, i) => {
        if (values[i] !== MISSING) out[k] = values[i];
      });
      return out;
    });
  } else {
    same = fc.constant(valid);
  }
  // The top level is mostly the answer's own shape; deeper, a field is wrong often.
  return depth ? same : fc.oneof({ weight: 5, arbitrary: same }, { weight: 1, arbitrary: wrongValue });
}

const message = (role: string) => ({
  id: `m_${role}`,
  role,
  content: 'There were **42** orders',
  created_at: '2026-11-20T10:00:00Z',
  confirmation: { id: 'cf_1', prompt: 'Delete 3 orders?', status: 'pending' },
  approval: { status: 'pending' },
});

/** One valid answer of each kind (docs/protocol.md), the seeds of the generators. */
export const ANSWERS = {
  config: {
    title: 'Acme data',
    welcome: 'Ask about your orders',
    suggestions: ['How many orders?'],
    read_only: false,
    voice: { configured: true },
    connected_accounts: { enabled: true },
  },
  page: {
    data: [{ id: 'conv_1', title: 'Orders', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-21T10:00:00Z' }],
    next_cursor: 'cur_2',
  },
  conversation: {
    id: 'conv_1',
    title: 'Orders',
    created_at: '2026-11-20T10:00:00Z',
    messages: [message('user'), message('assistant')],
  },
  voice: { token: 'vs_1', url: 'wss://voice.test/ws', expires_at: '2026-11-20T10:02:00Z' },
  portal: { code: 'pc_1', url: 'https://portal.test/connect', expires_at: '2026-11-20T10:05:00Z' },
  /** One chat stream frame's data: a chunk (the named events have their own seeds below). */
  chunk: {
    id: 'cmpl_1',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { content: 'Hello', tool_calls: [{ index: 0 }] }, finish_reason: null }],
  },
  events: {
    conversation: { id: 'conv_9', title: 'New' },
    confirmation: { id: 'cf_9', prompt: 'Delete?' },
    approval: { status: 'pending', message: 'Held for approval' },
    error: { error: 'llm_not_configured', message: 'x' },
  },
} as const;

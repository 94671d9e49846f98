// @vitest-environment node
// The service's answers (docs/protocol.md): every field of every answer may be missing, null or of
// the wrong type. The readers of src/api/answers.ts accept every valid answer as sent; a faulty one
// is read with defaults for what the widget can do without, and is a ProtocolError (which the
// widget shows as an error notice) exactly when it lacks what it cannot; never anything else.
// Generated with fast-check over the shape of each answer; test/ui/faulty-answers.test.tsx serves
// such answers to the mounted widget.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readConfig,
  readConversation,
  readConversationPage,
  readPortalCode,
  readVoiceSession,
} from '../../src/api/answers';
import { ProtocolError } from '../../src/api/errors';
import { isSafeId } from '../../src/api/ids';
import { ANSWERS, faulty } from './faulty';

type Obj = Record<string, unknown>;
const isStr = (v: unknown): v is string => typeof v === 'string';
/** `o[key]` when `o` is an object that has it as its own property (what the service sent). */
const own = (o: unknown, key: string): unknown =>
  o && typeof o === 'object' && Object.hasOwn(o, key) ? (o as Obj)[key] : undefined;
const str = (v: unknown, fallback: string) => (isStr(v) ? v : fallback);
const nonEmpty = (v: unknown): v is string => isStr(v) && v !== '';

/** `read(answer)`: the value, or the ProtocolError it threw (anything else thrown fails the test). */
function outcome<T>(read: () => T): { value: T } | { rejected: ProtocolError } {
  try {
    return { value: read() };
  } catch (e) {
    expect(e).toBeInstanceOf(ProtocolError);
    return { rejected: e as ProtocolError };
  }
}

/**
 * The rule of each reader (docs/protocol.md): an answer is rejected exactly when it lacks what the
 * widget cannot do without, and otherwise read, faulty fields getting their defaults. `expected`
 * returns null for an answer that must be rejected, else what the reader must return. A reader that
 * rejected everything fails (the generators give usable answers most of the time), and so does
 * one that accepted an unusable answer or dropped a usable field.
 */
function holdsRule<T>(read: () => T, expected: T | null): void {
  const got = outcome(read);
  if (expected === null) expect(got, 'an unusable answer is a ProtocolError').toHaveProperty('rejected');
  else expect(got, 'a usable answer is read, its usable fields kept').toEqual({ value: expected });
}

const expectedConfig = (v: unknown) => {
  const [suggestions, title, welcome] = [own(v, 'suggestions'), own(v, 'title'), own(v, 'welcome')];
  const flag = (x: unknown, fallback: boolean) => (typeof x === 'boolean' ? x : fallback);
  return {
    title: nonEmpty(title) ? title : undefined,
    welcome: nonEmpty(welcome) ? welcome : undefined,
    suggestions: Array.isArray(suggestions) ? suggestions.filter((x): x is string => isStr(x) && x.trim() !== '') : [],
    read_only: flag(own(v, 'read_only'), false),
    voice: { configured: flag(own(own(v, 'voice'), 'configured'), true) },
    connected_accounts: { enabled: flag(own(own(v, 'connected_accounts'), 'enabled'), false) },
  };
};

const expectedPage = (v: unknown) => {
  const [data, cursor] = [own(v, 'data'), own(v, 'next_cursor')];
  if (!Array.isArray(data)) return null;
  return {
    data: data.flatMap((item) => {
      const [id, created] = [own(item, 'id'), str(own(item, 'created_at'), '')];
      return isSafeId(id)
        ? [
            {
              id,
              title: str(own(item, 'title'), ''),
              created_at: created,
              updated_at: str(own(item, 'updated_at'), created),
            },
          ]
        : [];
    }),
    next_cursor: nonEmpty(cursor) ? cursor : null,
  };
};

const expectedVoice = (v: unknown) => {
  const [token, url] = [own(v, 'token'), own(v, 'url')];
  return nonEmpty(token) && nonEmpty(url) && /^wss?:\/\//i.test(url)
    ? { token, url, expires_at: str(own(v, 'expires_at'), '') }
    : null;
};

const expectedPortal = (v: unknown) => {
  const code = own(v, 'code');
  return nonEmpty(code) ? { code, url: str(own(v, 'url'), ''), expires_at: str(own(v, 'expires_at'), '') } : null;
};

/** Answers exactly as docs/protocol.md describes them, with generated values. */
const safeId = fc.string({ minLength: 1, maxLength: 12 }).filter(isSafeId);
const text = fc.string({ maxLength: 12 });
const VALID = {
  config: fc.record({
    title: fc.string({ minLength: 1 }),
    welcome: fc.string({ minLength: 1 }),
    suggestions: fc.array(
      fc.string({ minLength: 1 }).filter((x) => x.trim() !== ''),
      { maxLength: 3 },
    ),
    read_only: fc.boolean(),
    voice: fc.record({ configured: fc.boolean() }),
    connected_accounts: fc.record({ enabled: fc.boolean() }),
  }),
  page: fc.record({
    data: fc.array(fc.record({ id: safeId, title: text, created_at: text, updated_at: text }), { maxLength: 4 }),
    next_cursor: fc.oneof(fc.constant(null), fc.string({ minLength: 1 })),
  }),
  conversation: fc.record({
    id: safeId,
    title: text,
    created_at: text,
    messages: fc.array(
      fc.record({
        id: fc.string({ minLength: 1 }),
        role: fc.constantFrom('user', 'assistant'),
        content: fc.string({ minLength: 1 }),
        created_at: text,
      }),
      { maxLength: 4 },
    ),
  }),
  voice: fc.record({
    token: fc.string({ minLength: 1 }),
    url: fc.webUrl().map((u) => u.replace(/^https?/, 'wss')),
    expires_at: text,
  }),
  portal: fc.record({ code: fc.string({ minLength: 1 }), url: fc.webUrl(), expires_at: text }),
};

describe('answer readers over valid answers: every one is accepted as sent', () => {
  it('/config, /conversations, /conversations/{id}, /voice/session, /portal/code', () => {
    fc.assert(
      fc.property(
        VALID.config,
        VALID.page,
        VALID.conversation,
        VALID.voice,
        VALID.portal,
        (config, page, conv, voice, portal) => {
          expect(readConfig(config)).toEqual(config);
          expect(readConversationPage(page)).toEqual(page);
          expect(readConversation(conv, 'conv_asked')).toEqual(conv);
          expect(readVoiceSession(voice)).toEqual(voice);
          expect(readPortalCode(portal)).toEqual(portal);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('answer readers over generated faulty answers', () => {
  it('/config: never rejected; each usable field kept, a default for each unusable one', () => {
    fc.assert(
      fc.property(faulty(ANSWERS.config), (answer) => holdsRule(() => readConfig(answer), expectedConfig(answer))),
      { numRuns: 300 },
    );
  });

  it('/config without connected_accounts (or with nulls) uses the defaults', () => {
    expect(readConfig({ title: 'Acme' })).toEqual({
      title: 'Acme',
      welcome: undefined,
      suggestions: [],
      read_only: false,
      voice: { configured: true },
      connected_accounts: { enabled: false },
    });
    expect(readConfig(null).connected_accounts.enabled).toBe(false);
    expect(readConfig({ voice: null, connected_accounts: 'yes', read_only: 'true' })).toMatchObject({
      read_only: false,
      voice: { configured: true },
    });
  });

  it('/conversations: rejected exactly when `data` is not a list; else every entry with a safe id, its fields or defaults', () => {
    let accepted = 0;
    fc.assert(
      fc.property(faulty(ANSWERS.page), (answer) => {
        const expected = expectedPage(answer);
        if (expected) accepted++;
        holdsRule(() => readConversationPage(answer), expected);
      }),
      { numRuns: 300 },
    );
    expect(accepted, 'usable answers among the generated ones').toBeGreaterThan(50);
  });

  it('/conversations whose data is not a list is a ProtocolError (not a list stuck on Loading…)', () => {
    for (const data of [undefined, null, {}, 'x', 3])
      expect(() => readConversationPage({ data, next_cursor: null })).toThrow(ProtocolError);
    // Entries without a usable id are dropped: they could not be opened.
    const page = readConversationPage({
      data: [{ id: '..' }, { id: '' }, { id: 7 }, { id: 'a/b' }, { id: 'conv_1', title: null }],
      next_cursor: 5,
    });
    expect(page).toEqual({ data: [{ id: 'conv_1', title: '', created_at: '', updated_at: '' }], next_cursor: null });
  });

  it('/conversations/{id}: rejected exactly when `messages` is not a list; else every shown message, with string content and known roles', () => {
    let accepted = 0;
    fc.assert(
      fc.property(faulty(ANSWERS.conversation), (answer) => {
        const messages = own(answer, 'messages');
        const got = outcome(() => readConversation(answer, 'conv_asked'));
        if (!Array.isArray(messages)) return void expect(got).toHaveProperty('rejected');
        accepted++;
        expect(got).toHaveProperty('value');
        const conv = (got as { value: ReturnType<typeof readConversation> }).value;
        const id = own(answer, 'id');
        expect(conv.id).toBe(isSafeId(id) ? id : 'conv_asked');
        expect(conv.title).toBe(str(own(answer, 'title'), ''));
        // A message with a known role and its own text is always shown, with that text.
        const texts = messages
          .filter((m) => ['user', 'assistant'].includes(own(m, 'role') as string) && nonEmpty(own(m, 'content')))
          .map((m) => own(m, 'content'));
        expect(conv.messages.map((m) => m.content).filter((c) => c !== '')).toEqual(texts);
        for (const m of conv.messages) {
          expect(['user', 'assistant']).toContain(m.role);
          expect([m.id, m.content, m.created_at].every(isStr)).toBe(true);
          if (m.confirmation) expect(['pending', 'confirmed', 'cancelled', 'expired']).toContain(m.confirmation.status);
        }
      }),
      { numRuns: 300 },
    );
    expect(accepted, 'usable answers among the generated ones').toBeGreaterThan(50);
  });

  it('a stored tool-call turn (`content: null`) is left out; other roles too', () => {
    const conv = readConversation(
      {
        id: 'conv_1',
        messages: [
          { id: 'm1', role: 'user', content: 'hi', created_at: 'x' },
          { id: 'm2', role: 'assistant', content: null },
          { id: 'm3', role: 'tool', content: 'SELECT 1' },
          { id: 'm4', role: 'assistant', content: null, confirmation: { id: 'c1', prompt: 'Delete?', status: 'odd' } },
        ],
      },
      'conv_1',
    );
    expect(conv.messages.map((m) => m.id)).toEqual(['m1', 'm4']);
    expect(conv.messages[1]).toMatchObject({
      content: '',
      confirmation: { id: 'c1', prompt: 'Delete?', status: 'expired' },
    });
  });

  it('/voice/session and /portal/code: rejected exactly without a token and ws(s) URL (a code); else read', () => {
    let accepted = 0;
    fc.assert(
      fc.property(faulty(ANSWERS.voice), faulty(ANSWERS.portal), (voice, portal) => {
        const [v, p] = [expectedVoice(voice), expectedPortal(portal)];
        if (v && p) accepted++;
        holdsRule(() => readVoiceSession(voice), v);
        holdsRule(() => readPortalCode(portal), p);
      }),
      { numRuns: 300 },
    );
    expect(accepted, 'usable answers among the generated ones').toBeGreaterThan(30);
  });

  it('a polluted Object.prototype does not fill in what the service left out', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.title = 'Injected title';
    proto.connected_accounts = { enabled: true };
    try {
      expect(readConfig({})).toMatchObject({ title: undefined, connected_accounts: { enabled: false } });
    } finally {
      delete proto.title;
      delete proto.connected_accounts;
    }
  });
});

describe('ids from the service', () => {
  it.each(['', '.', '..', 'a/b', '../x', 'a\\b', 'a\nb', 7, null, undefined, {}, 'x'.repeat(257)])(
    'refuses %o',
    (id) => {
      expect(isSafeId(id)).toBe(false);
    },
  );

  it.each(['conv_1', 'c.1', '...', 'a b', 'ü', 'x'.repeat(256)])('accepts %o', (id) => {
    expect(isSafeId(id)).toBe(true);
  });
});

// Faulty service answers (issue 10.5, contract 4): every field of every answer may be missing, null
// or of the wrong type. The readers of src/api/answers.ts either return the typed shape or throw a
// ProtocolError (which the widget shows as an error notice); never anything else. Generated with
// fast-check over the shape of each answer; test/ui/faulty-answers.test.tsx serves such answers to
// the mounted widget.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConfig, readConversation, readConversationPage, readPortalCode, readVoiceSession } from '../../src/api/answers';
import { ProtocolError } from '../../src/api/errors';
import { isSafeId } from '../../src/api/ids';
import { ANSWERS, faulty } from './faulty';

/** Calls `read`; a ProtocolError is an allowed outcome (returned as null), anything else fails. */
const attempt = <T>(read: () => T): T | null => {
  try {
    return read();
  } catch (e) {
    expect(e).toBeInstanceOf(ProtocolError);
    return null;
  }
};

const isStr = (v: unknown) => typeof v == 'string';

describe('answer readers over generated faulty answers', () => {
  it('/config: always the typed shape, defaults where a field is unusable', () => {
    fc.assert(
      fc.property(faulty(ANSWERS.config), (answer) => {
        const c = readConfig(answer);
        expect(typeof c.read_only).toBe('boolean');
        expect(typeof c.voice.configured).toBe('boolean');
        expect(typeof c.connected_accounts.enabled).toBe('boolean');
        expect(c.title === undefined || isStr(c.title)).toBe(true);
        expect(c.welcome === undefined || isStr(c.welcome)).toBe(true);
        expect(c.suggestions!.every(isStr)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('/config without connected_accounts (or with nulls) uses the defaults', () => {
    expect(readConfig({ title: 'Acme' })).toEqual({
      title: 'Acme', welcome: undefined, suggestions: [], read_only: false, voice: { configured: true }, connected_accounts: { enabled: false },
    });
    expect(readConfig(null).connected_accounts.enabled).toBe(false);
    expect(readConfig({ voice: null, connected_accounts: 'yes', read_only: 'true' })).toMatchObject({ read_only: false, voice: { configured: true } });
  });

  it('/conversations: a list of openable entries, or a ProtocolError', () => {
    fc.assert(
      fc.property(faulty(ANSWERS.page), (answer) => {
        const page = attempt(() => readConversationPage(answer));
        if (!page) return;
        expect(Array.isArray(page.data)).toBe(true);
        for (const item of page.data) {
          expect(isSafeId(item.id)).toBe(true);
          expect([item.title, item.created_at, item.updated_at].every(isStr)).toBe(true);
        }
        expect(page.next_cursor === null || (isStr(page.next_cursor) && page.next_cursor !== '')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('/conversations whose data is not a list is a ProtocolError (not a list stuck on Loading…)', () => {
    for (const data of [undefined, null, {}, 'x', 3]) expect(() => readConversationPage({ data, next_cursor: null })).toThrow(ProtocolError);
    // Entries without a usable id are dropped: they could not be opened.
    const page = readConversationPage({ data: [{ id: '..' }, { id: '' }, { id: 7 }, { id: 'a/b' }, { id: 'conv_1', title: null }], next_cursor: 5 });
    expect(page).toEqual({ data: [{ id: 'conv_1', title: '', created_at: '', updated_at: '' }], next_cursor: null });
  });

  it('/conversations/{id}: messages with string content and known roles, or a ProtocolError', () => {
    fc.assert(
      fc.property(faulty(ANSWERS.conversation), (answer) => {
        const conv = attempt(() => readConversation(answer, 'conv_asked'));
        if (!conv) return;
        expect(isSafeId(conv.id)).toBe(true);
        expect(isStr(conv.title)).toBe(true);
        for (const m of conv.messages) {
          expect(['user', 'assistant']).toContain(m.role);
          expect([m.id, m.content, m.created_at].every(isStr)).toBe(true);
          if (m.confirmation) expect(['pending', 'confirmed', 'cancelled', 'expired']).toContain(m.confirmation.status);
        }
      }),
      { numRuns: 300 },
    );
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
    expect(conv.messages[1]).toMatchObject({ content: '', confirmation: { id: 'c1', prompt: 'Delete?', status: 'expired' } });
  });

  it('/voice/session and /portal/code: the fields the widget needs, or a ProtocolError', () => {
    fc.assert(
      fc.property(faulty(ANSWERS.voice), faulty(ANSWERS.portal), (voice, portal) => {
        const v = attempt(() => readVoiceSession(voice));
        if (v) expect(isStr(v.token) && v.token && /^wss?:\/\//.test(v.url) && isStr(v.expires_at)).toBeTruthy();
        const p = attempt(() => readPortalCode(portal));
        if (p) expect(isStr(p.code) && p.code && isStr(p.url) && isStr(p.expires_at)).toBeTruthy();
      }),
      { numRuns: 300 },
    );
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
  it.each(['', '.', '..', 'a/b', '../x', 'a\\b', 'a\nb', 7, null, undefined, {}, 'x'.repeat(257)])('refuses %o', (id) => {
    expect(isSafeId(id)).toBe(false);
  });

  it.each(['conv_1', 'c.1', '...', 'a b', 'ü', 'x'.repeat(256)])('accepts %o', (id) => {
    expect(isSafeId(id)).toBe(true);
  });
});

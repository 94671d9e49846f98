import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSafeId } from '../../src/api/ids';
import { createContinuity } from '../../src/state/continuity';

const KEY = 'service-widget:pub_1';

afterEach(() => vi.restoreAllMocks());

/** A sessionStorage whose every method is a spy: `fail` makes each one throw like a full quota. */
function stubStorage(
  fail = false,
): Record<'getItem' | 'setItem' | 'removeItem' | 'clear' | 'key', ReturnType<typeof vi.fn>> {
  const data = new Map<string, string>();
  const impl = <A extends unknown[], R>(f: (...a: A) => R) =>
    vi.fn((...a: A) => {
      if (fail) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return f(...a);
    });
  const fake = {
    getItem: impl((k: string) => data.get(k) ?? null),
    setItem: impl((k: string, v: string) => void data.set(k, v)),
    removeItem: impl((k: string) => void data.delete(k)),
    clear: impl(() => data.clear()),
    key: impl((i: number) => [...data.keys()][i] ?? null),
  };
  vi.spyOn(window, 'sessionStorage', 'get').mockReturnValue(fake as unknown as Storage);
  return fake;
}

describe('continuity (the storage behind `persist`)', () => {
  it('keeps the conversation id and whether the panel was open, per publicId, and reads them back', () => {
    createContinuity('pub_1', true).save('c_1', true);
    createContinuity('pub_2', true).save('c_2', false);
    // One short string: the open flag, then the id. Nothing else.
    expect(sessionStorage.getItem(KEY)).toBe('1c_1');
    expect(createContinuity('pub_1', true).kept).toEqual({ conversationId: 'c_1', open: true, pending: false });
    expect(createContinuity('pub_2', true).kept).toEqual({ conversationId: 'c_2', open: false, pending: false });
    expect(createContinuity('pub_3', true).kept).toEqual({ conversationId: null, open: false, pending: false });
  });

  it('leaves no key when there is nothing to keep, and forget removes it', () => {
    const c = createContinuity('pub_1', true);
    c.save(null, true);
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    c.save(null, false);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    c.save('c_1', false);
    c.forget();
    expect(sessionStorage.length).toBe(0);
  });

  it('writes only when something changed', () => {
    const storage = stubStorage();
    const c = createContinuity('pub_1', true);
    c.save('c_1', true);
    c.save('c_1', true);
    c.save('c_1', true);
    expect(storage.setItem).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['from something else', '{"conversation":"c_1","open":true}'],
    ['with an id that would change the path', '0..'],
    ['with an id that would change the path', '0.'],
    ['with an absurdly long id', '0' + 'x'.repeat(5000)],
  ])('ignores a kept value %s', (_, raw) => {
    sessionStorage.setItem(KEY, raw);
    expect(createContinuity('pub_1', true).kept).toEqual({ conversationId: null, open: false, pending: false });
  });

  // The kept id goes back into GET /conversations/{id}: the rule of docs/protocol.md "Ids go back into
  // paths" (src/api/ids.ts), not a copy of it. [id, taken back]: each row checks the rule and its use.
  it.each([
    ['c_1', true],
    ['a.b', true],
    ['..a', true],
    ['Ünïcødé', true],
    ['x'.repeat(256), true],
    ['x'.repeat(257), false],
    ['', false],
    ['.', false],
    ['..', false],
    ['../x', false],
    ['a/b', false],
    ['a\\b', false],
    ['%2e%2e/x', false],
    ['a\u0000b', false],
    ['a\nb', false],
    ['a\u007fb', false],
  ])('a kept id %j is taken back exactly when api/ids.ts calls it safe (%s)', (id, safe) => {
    expect(isSafeId(id)).toBe(safe);
    sessionStorage.setItem(KEY, '1' + id);
    expect(createContinuity('pub_1', true).kept).toEqual({
      conversationId: safe ? id : null,
      open: true,
      pending: false,
    });
  });

  it('keeps that a reply was pending (a flag in the same digit, never text), only with its conversation', () => {
    const c = createContinuity('pub_1', true);
    c.save('c_1', true, true);
    expect(sessionStorage.getItem(KEY)).toBe('3c_1');
    expect(createContinuity('pub_1', true).kept).toEqual({ conversationId: 'c_1', open: true, pending: true });
    c.save('c_1', false, true);
    expect(sessionStorage.getItem(KEY)).toBe('2c_1');
    expect(createContinuity('pub_1', true).kept).toEqual({ conversationId: 'c_1', open: false, pending: true });
    // A reply of a conversation the service has not named yet cannot be asked for again.
    c.save(null, true, true);
    expect(sessionStorage.getItem(KEY)).toBe('1');
    c.save('c_1', true, false);
    expect(sessionStorage.getItem(KEY)).toBe('1c_1');
    sessionStorage.setItem(KEY, '3../x');
    expect(createContinuity('pub_1', true).kept).toEqual({ conversationId: null, open: true, pending: false });
  });

  it('keeps an open panel without a conversation', () => {
    sessionStorage.setItem(KEY, '1');
    expect(createContinuity('pub_1', true).kept).toEqual({ conversationId: null, open: true, pending: false });
  });

  it('persist: false never touches sessionStorage, not even to read it', () => {
    const storage = stubStorage();
    const get = vi.mocked(Object.getOwnPropertyDescriptor(window, 'sessionStorage')!.get!);
    const c = createContinuity('pub_1', false);
    c.save('c_2', true);
    c.forget();
    expect(c.kept).toEqual({ conversationId: null, open: false, pending: false });
    expect(get).not.toHaveBeenCalled();
    for (const spy of Object.values(storage)) expect(spy).not.toHaveBeenCalled();
    // The same calls with persist on do reach it: the stub is the one the module uses.
    createContinuity('pub_1', true).save('c_2', true);
    expect(storage.setItem).toHaveBeenCalledTimes(1);
  });

  it('storage whose every call throws (Safari private mode, a full quota) just keeps nothing', () => {
    const storage = stubStorage(true);
    const c = createContinuity('pub_1', true);
    expect(c.kept).toEqual({ conversationId: null, open: false, pending: false });
    expect(() => c.save('c_1', true)).not.toThrow();
    expect(() => c.forget()).not.toThrow();
    expect(storage.getItem).toHaveBeenCalled();
    expect(storage.setItem).toHaveBeenCalled();
    expect(storage.removeItem).toHaveBeenCalled();
  });

  it('a sandboxed iframe, where even reading window.sessionStorage throws, keeps nothing', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ conversation: 'c_1', open: true, pending: false }));
    const get = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed.', 'SecurityError');
    });
    const c = createContinuity('pub_1', true);
    expect(c.kept).toEqual({ conversationId: null, open: false, pending: false });
    expect(() => c.save('c_2', true)).not.toThrow();
    expect(() => c.forget()).not.toThrow();
    expect(get).toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContinuity } from '../../src/state/continuity';

const KEY = 'service-widget:pub_1';

afterEach(() => vi.restoreAllMocks());

/** A sessionStorage whose every method is a spy: `fail` makes each one throw like a full quota. */
function stubStorage(fail = false): Record<'getItem' | 'setItem' | 'removeItem' | 'clear' | 'key', ReturnType<typeof vi.fn>> {
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
    createContinuity('pub_1', true).save({ conversationId: 'c_1', open: true });
    createContinuity('pub_2', true).save({ conversationId: 'c_2', open: false });
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ conversation: 'c_1', open: true });
    expect(createContinuity('pub_1', true).kept).toEqual({ conversationId: 'c_1', open: true });
    expect(createContinuity('pub_2', true).kept).toEqual({ conversationId: 'c_2', open: false });
    expect(createContinuity('pub_3', true).kept).toEqual({ conversationId: null, open: false });
  });

  it('leaves no key when there is nothing to keep, and forget removes it', () => {
    const c = createContinuity('pub_1', true);
    c.save({ conversationId: null, open: true });
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    c.save({ conversationId: null, open: false });
    expect(sessionStorage.getItem(KEY)).toBeNull();
    c.save({ conversationId: 'c_1', open: false });
    c.forget();
    expect(sessionStorage.length).toBe(0);
  });

  it('writes only when something changed', () => {
    const storage = stubStorage();
    const c = createContinuity('pub_1', true);
    c.save({ conversationId: 'c_1', open: true });
    c.save({ conversationId: 'c_1', open: true });
    c.save({ conversationId: 'c_1', open: true });
    expect(storage.setItem).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an object', '"c_1"'],
    ['an id that would change the path', JSON.stringify({ conversation: '..', open: true })],
    ['an empty id', JSON.stringify({ conversation: '', open: true })],
    ['an id of the wrong type', JSON.stringify({ conversation: { id: 1 }, open: 'yes' })],
    ['an absurdly long id', JSON.stringify({ conversation: 'x'.repeat(5000), open: false })],
  ])('ignores a kept value that is %s', (_, raw) => {
    sessionStorage.setItem(KEY, raw);
    const { conversationId } = createContinuity('pub_1', true).kept;
    expect(conversationId).toBeNull();
  });

  it('persist: false never touches sessionStorage, not even to read it', () => {
    const storage = stubStorage();
    const get = vi.mocked(Object.getOwnPropertyDescriptor(window, 'sessionStorage')!.get!);
    const c = createContinuity('pub_1', false);
    c.save({ conversationId: 'c_2', open: true });
    c.forget();
    expect(c.kept).toEqual({ conversationId: null, open: false });
    expect(get).not.toHaveBeenCalled();
    for (const spy of Object.values(storage)) expect(spy).not.toHaveBeenCalled();
    // The same calls with persist on do reach it: the stub is the one the module uses.
    createContinuity('pub_1', true).save({ conversationId: 'c_2', open: true });
    expect(storage.setItem).toHaveBeenCalledTimes(1);
  });

  it('storage whose every call throws (Safari private mode, a full quota) just keeps nothing', () => {
    const storage = stubStorage(true);
    const c = createContinuity('pub_1', true);
    expect(c.kept).toEqual({ conversationId: null, open: false });
    expect(() => c.save({ conversationId: 'c_1', open: true })).not.toThrow();
    expect(() => c.forget()).not.toThrow();
    expect(storage.getItem).toHaveBeenCalled();
    expect(storage.setItem).toHaveBeenCalled();
    expect(storage.removeItem).toHaveBeenCalled();
  });

  it('a sandboxed iframe, where even reading window.sessionStorage throws, keeps nothing', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ conversation: 'c_1', open: true }));
    const get = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed.', 'SecurityError');
    });
    const c = createContinuity('pub_1', true);
    expect(c.kept).toEqual({ conversationId: null, open: false });
    expect(() => c.save({ conversationId: 'c_2', open: true })).not.toThrow();
    expect(() => c.forget()).not.toThrow();
    expect(get).toHaveBeenCalled();
  });
});

// @vitest-environment node
// The readers of service JSON fields (src/api/fields.ts) and the rules that keep them in one place:
// every reader of untrusted answers and frames (answers, stream and voice frames, error bodies) takes
// the same defaults because they share these functions, not copies of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flag, get, oneOf, parseObject, str } from '../../src/api/fields';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('service JSON field readers', () => {
  it('parseObject takes JSON objects and arrays only', () => {
    expect(parseObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseObject('[1]')).toEqual([1]);
    for (const text of ['', 'null', '"x"', '1', 'true', '{"a":', '<html>']) expect(parseObject(text)).toBeUndefined();
  });

  it('get reads own properties only: a polluted Object.prototype fills in nothing', () => {
    Object.defineProperty(Object.prototype, 'polluted', { value: 'x', configurable: true });
    try {
      expect(get({ a: 1 }, 'a')).toBe(1);
      expect(get({}, 'polluted')).toBeUndefined();
      expect(get({}, 'toString')).toBeUndefined();
      for (const v of [null, undefined, 'a', 1]) expect(get(v, 'length')).toBeUndefined();
    } finally {
      delete (Object.prototype as { polluted?: unknown }).polluted;
    }
  });

  it('str, flag and oneOf take their type or give the default', () => {
    expect(str('')).toBe('');
    expect([1, null, {}, ['a']].map(str)).toEqual([undefined, undefined, undefined, undefined]);
    expect(flag(false, true)).toBe(false);
    expect(flag('false', true)).toBe(true);
    expect(oneOf('b', ['a', 'b'])).toBe('b');
    expect(oneOf('c', ['a', 'b'])).toBeUndefined();
  });

  it('no other source file parses JSON or defines a string reader of its own', () => {
    const copies = sources('src')
      .filter((f) => !f.endsWith(join('api', 'fields.ts')))
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        return /JSON\.parse\(/.test(text) || /typeof (\w+) ={2,3} ['"]string['"] \? \1 : undefined/.test(text);
      });
    expect(copies).toEqual([]);
  });
});

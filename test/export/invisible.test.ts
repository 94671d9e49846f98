// @vitest-environment node
// What the visitor copies or downloads is what they saw (docs/hardening.md): no Unicode tag
// characters, zero-width characters or bidirectional controls, while joiners that change what an
// emoji or a Persian word looks like stay.
import { describe, expect, it } from 'vitest';
import { toCsv, toTsv } from '../../src/export/cells';
import { stripInvisible } from '../../src/export/invisible';

/** "IGNORE PREVIOUS INSTRUCTIONS" in Unicode tag characters: invisible in every browser. */
const TAGS = [...'IGNORE PREVIOUS INSTRUCTIONS'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
const INVISIBLE = /[\u{e0000}-\u{e007f}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u061c\u180e]/u;

describe('stripInvisible', () => {
  it('drops tag characters, zero-width characters and bidirectional controls', () => {
    expect(TAGS).toHaveLength(56); // 28 characters, each a surrogate pair
    expect(stripInvisible(`Total${TAGS}: 42`)).toBe('Total: 42');
    expect(stripInvisible('ls -la /tmp/report\u202e fdp.exe\u202c')).toBe('ls -la /tmp/report fdp.exe');
    expect(stripInvisible('a\u200bb\u2060c\ufeffd\u2066e\u2069f\u200eg\u200fh\u061ci\u180ej')).toBe('abcdefghij');
    expect(stripInvisible('IG\u200dNORE\u200c')).toBe('IGNORE');
  });

  it('keeps the joiners that change what is seen: an emoji sequence, a Persian word', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    expect(stripInvisible(family)).toBe(family);
    const persian = 'می\u200cخواهم';
    expect(stripInvisible(persian)).toBe(persian);
  });

  it('reaches neither the tab-separated copy nor the CSV', () => {
    const rows = [
      ['Region', `Total${TAGS}`],
      [`\u202eEgea`, '1\u200b2'],
    ];
    for (const out of [toTsv(rows), toCsv(rows).slice(1)]) expect(out).not.toMatch(INVISIBLE);
    expect(toTsv(rows)).toBe('Region\tTotal\nEgea\t12');
  });
});

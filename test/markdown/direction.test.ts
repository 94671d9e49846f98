// Direction of a rendered reply (docs/protocol.md, "Direction"): each text block says `dir="auto"`
// (the outermost one: a list item or a quote, not the paragraphs inside them, whose direction the
// browser would otherwise skip), a table's scroll box what `auto` would read there (fixed: changed
// or read again later, it restyles every row), code says `ltr`, and no `dir` comes from the reply. The computed directions are checked in the three engines (test/browser/direction.test.ts).
import { describe, expect, it } from 'vitest';
import { firstStrongDir, tableTexts } from '../../src/markdown/bidi';
import { renderMarkdown } from '../../src/markdown/render';
import { mount } from './helpers';

const dirs = (md: string) =>
  Array.from(mount(renderMarkdown(md)).querySelectorAll('*')).map(
    (el) => `${el.localName}${el.className ? `.${el.className}` : ''}:${el.getAttribute('dir') ?? '-'}`,
  );

describe('dir on rendered blocks', () => {
  it('paragraphs, headings, list items and quotes say auto; a table scroll box its first letter; code ltr', () => {
    expect(dirs('# عنوان\n\nنص.\n\n- أ\n- ب\n\n> اقتباس\n\n| أ |\n|---|\n| ب |\n\n```\ncode\n```')).toEqual([
      'h3:auto',
      'p:auto',
      'ul:-',
      'li:auto',
      'li:auto',
      'blockquote:auto',
      'p:-',
      'div.table-block:-',
      'div.table-scroll:rtl',
      'table:-',
      'thead:-',
      'tr:-',
      'th:-',
      'tbody:-',
      'tr:-',
      'td:-',
      'pre:ltr',
      'code:-',
    ]);
  });

  it('blocks inside a list item follow it; a nested list item has its own', () => {
    expect(dirs('- first\n\n  second paragraph\n\n  - nested\n\n  ```\n  x\n  ```')).toEqual([
      'ul:-',
      'li:auto',
      'p:-',
      'p:-',
      'ul:-',
      'li:auto',
      'pre:ltr',
      'code:-',
    ]);
  });

  it('inline text keeps no direction of its own', () => {
    expect(dirs('**كلمة** and `code` [link](https://example.com)')).toEqual(['p:auto', 'strong:-', 'code:-', 'a:-']);
  });

  it.each([
    '<p dir="rtl">moc.knab-ruoy.www</p>',
    '<bdo dir="rtl">gnirts</bdo>',
    '<div dir=rtl>x</div>',
    '- <span dir="ltr">item</span>',
  ])('a dir written in the reply stays text: %s', (md) => {
    const root = mount(renderMarkdown(md));
    expect(Array.from(root.querySelectorAll('[dir]'), (el) => el.getAttribute('dir'))).toEqual(['auto']);
    expect(root.textContent).toContain('dir=');
  });
});

describe('a table scroll box: the direction of its first letter, fixed as it is built', () => {
  const dirOf = (md: string) => mount(renderMarkdown(md)).querySelector('.table-scroll')!.getAttribute('dir');
  it.each([
    ['| Customer | العميل |\n|---|---|\n| 1 | 2 |', 'ltr'],
    ['| # | № |\n|---|---|\n| 1 | עברית |\n| x | 2 |', 'rtl'],
    ['| # |\n|---|\n| 1 |', 'ltr'],
  ])('%s', (md, dir) => expect(dirOf(md)).toBe(dir));
});

describe('firstStrongDir: what dir="auto" reads, made fixed for a sorted table', () => {
  it('takes the direction of the first letter, skipping digits, punctuation and empty texts', () => {
    expect(firstStrongDir(['', '12 | 3', '— العميل | Customer'])).toBe('rtl');
    expect(firstStrongDir(['# 1', 'Customer | העמוד'])).toBe('ltr');
    expect(firstStrongDir(['שלום'])).toBe('rtl');
    expect(firstStrongDir(['Şehir'])).toBe('ltr');
    expect(firstStrongDir(['12', '34'])).toBe('ltr');
  });
  it('reads the rows of a table header first, and no further than the first letter', () => {
    const table = mount(renderMarkdown('| # | № |\n|---|---|\n| 1 | עברית |\n| x | 2 |')).querySelector('table')!;
    const read: string[] = [];
    for (const text of tableTexts(table)) read.push(text);
    expect(firstStrongDir(tableTexts(table))).toBe('rtl');
    expect(read.length).toBe(3);
  });
});

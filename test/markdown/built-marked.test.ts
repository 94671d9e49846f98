// @vitest-environment node
// The build cuts code out of marked's lexer (the `marked*` plugins of vite.config.ts), on the
// grounds that the widget can never reach it. The rest of the unit suite runs the unmodified
// marked, so this checks the cut one against it: marked's file is put through the same plugins, in
// the same order, as `npm run build` puts it, and the widget's own `lexMarkdown` must give the very
// same tokens with either, for every construct the lexer knows and for generated markdown.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { parseAst } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { vendorPlugins } from '../../vite.config';
import { PAYLOADS } from './payloads';

type Lex = (src: string) => unknown[];

const MARKED = createRequire(import.meta.url).resolve('marked').replace(/[^/\\]+$/, 'marked.esm.js');

/** marked's file as the widget.js build makes it (the plugins' `transform` hooks, in order). */
async function builtMarked(): Promise<string> {
  let code = readFileSync(MARKED, 'utf8');
  const context = { parse: (text: string) => parseAst(text), error: (message: string) => { throw new Error(message); } };
  let changed = 0;
  for (const plugin of vendorPlugins()) {
    const transform = plugin.transform as ((this: unknown, code: string, id: string) => { code: string } | undefined) | undefined;
    const out = await transform?.call(context, code, MARKED);
    if (out) changed++, code = out.code;
  }
  // Every marked plugin of the build took part (a plugin that stops matching would fail the build).
  expect(changed).toBe(vendorPlugins().filter((p) => p.name.startsWith('marked-')).length);
  return code;
}

const dir = mkdtempSync(path.join(tmpdir(), 'built-marked-'));
let original: Lex;
let built: Lex;
let builtModule: typeof import('marked');
let builtCode: string;

beforeAll(async () => {
  original = (await import('../../src/markdown/render')).lexMarkdown;
  const file = path.join(dir, 'marked.mjs');
  writeFileSync(file, (builtCode = await builtMarked()));
  builtModule = await import(/* @vite-ignore */ pathToFileURL(file).href);
  vi.resetModules();
  vi.doMock('marked', () => import(/* @vite-ignore */ pathToFileURL(file).href));
  built = (await import('../../src/markdown/render')).lexMarkdown;
  expect(built).not.toBe(original);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Tokens and link definitions (kept on the token list) as plain data, `undefined` fields included. */
const lexed = (lex: Lex, src: string) => {
  const tokens = lex(src) as unknown[] & { links?: unknown };
  return { tokens, links: tokens.links };
};
const same = (src: string) => expect(lexed(built, src), JSON.stringify(src)).toStrictEqual(lexed(original, src));

// One or more of every block and inline construct, in GFM and CommonMark spellings.
const CORPUS = [
  '# h1\n## h2 ##\n###### h6 #\n####### not\n#no',
  'Setext\n===\n\nTwo\nlines\n---\n\n- a\n---',
  '***\n- - -\n_ _ _\n',
  '    indented code\n\n\tcode\n  para\n    lazy',
  '```js\nconst a = 1;\n```\n~~~\nx\n~~~~\n  ```\n  in\n    out\n  ```\n```\nunclosed',
  '> quote\nlazy\n> > nested\n> - list\n>     code\n\n>\n> # h\n> ===',
  '- a\n- b\n\n  loose\n* c\n+ d\n1. one\n2) two\n10. ten\n   - nested\n     - deeper\n\n         code',
  '- [ ] todo\n- [x] done\n- [X] done\n  - [ ] nested\n\n- [ ] loose task\n\n-\n  b\n- \n1.\n',
  '| a | b | c | d |\n|:--|--:|:-:|---|\n| 1 | 2 | 3 | 4 |\n| \\| | `|` | **x** |\n|x\n\na|b\n-|-\n1|2',
  '| h |\n|---|\n| r |\n> after\n\n|a|\n|-|\n    code',
  '<div>\nhtml *block*\n</div>\n\n<!-- comment -->\n<?php x ?>\n<!DOCTYPE html>\n<![CDATA[ x ]]>\n<script>\nx\n</script>\n<custom-tag a="1">\n\npara <span>inline</span>',
  'para\n<div>interrupts</div>\n\n<a href="x">\n*in*\n</a>',
  '[ref]: https://example.com "Title"\n[Ref2]:\n  <https://x.y/a b>\n  \'t\'\n\n[ref] [ref][] [text][Ref2] [nope] ![img][ref] [ref]x',
  'para\n[def]: /url\n\n[def]',
  '*em* _em_ **strong** __strong__ ***both*** *a **b** c* _a_b_ a*b*c __a__b **a*b*a** *a_b*',
  '*(**foo**)* **"a"** _"b"_ *a *b* c* ****x**** __a _b_ c__ *unclosed **also',
  '~~del~~ ~one~ ~~~three~~~ a~~b~~c ~~a ~b~ c~~ ~~not ~ closed',
  '`code` ``a`b`` ` spaced ` `` ` `` `unclosed ```x``',
  'line  \nbreak\\\nbreak\nsoft\n  trailing  ',
  '\\* \\_ \\` \\\\ \\[ \\# \\a \\~ \\|',
  '&amp; &copy; &#35; &#x22; &#0; &#1114112; &#xD800; &nope; & a&b',
  '[link](https://a.b/c "t") [l](<a b> \'t\') [l](a(b)c) [l](a(b) [l]( "t") ![img](x.png "t") [a [b] c](d) [`]`](x) [x\\](y) <span>[l](x)</span>',
  '[l](javascript:alert(1)) [l](//evil) [empty]() [nested [link](a)](b) [a](<b)c>)',
  '<https://auto.link/a?b> <mailto:a@b.c> <a@b.co> <no spaces> https://bare.url/path. www.example.com/a_(b) foo@bar.baz x mailto:a@b.co xmpp:a@b.co/r http://a.b).',
  'www.a.b? www.commonmark.org/he<lp (www.google.com/search?q=Markup+(business)) https://x.y/*z*',
  '<b>inline</b> <a href="x">a</a> <span\nattr="1"> <!-- c --> <?p?> <!X y> <![CDATA[z]]> </closing> <no',
  '<pre>\n*raw*\n</pre>\n\n<code>*x*</code> *after*',
  'Tëxt ünïcödé *çay*_x_ «*quoted*» 日本語**太字**です 😀*emoji*',
  'a\r\nb\rc\n\n\n\n\t\tx\u0000y',
  '',
  '   ',
  '\n\n# only heading',
  '1. a\n\n\n2. b\n- c\n\n  > q\n  ```\n  f\n  ```',
  '- a\n  b\n- # h\n- ```\n  c\n  ```\n-   indented\n- > q',
  '*a\n\nb*',
  '**Total:** 42 orders | up 12%\n\n| Ürün | Adet |\n|:--|--:|\n| Çay | 42 |',
];

type Rules = Record<'other' | 'block' | 'inline', Record<string, unknown>>;
const rulesOf = (marked: typeof import('marked')): Rules =>
  (new marked.Lexer({ ...marked.getDefaults(), gfm: true, breaks: false }) as unknown as { tokenizer: { rules: Rules } }).tokenizer.rules;
/** A pattern with its backticks spelt one way (`\x60`, `` \` `` and `` ` `` are the same character to it). */
const pattern = (rule: RegExp) => `/${rule.source.replace(/\\x60|\\[^]|`/g, (c) => (c == '\\x60' || c == '\\`' ? '`' : c))}/${rule.flags}`;

describe('marked as the build cuts it lexes what marked lexes', () => {
  /** The cut marked's rules against the published one's (as a module: `cut`, or its text). */
  const sameRules = async (cut: Rules, published: Rules) => {
    for (const set of ['other', 'block', 'inline'] as const) {
      for (const [name, rule] of Object.entries(cut[set])) {
        const want = published[set][name];
        if (rule instanceof RegExp) expect(pattern(rule), `${set}.${name}`).toBe(pattern(want as RegExp));
        else expect(typeof rule, `${set}.${name}`).toBe(typeof want);
      }
    }
    // Only rules nothing reads are left out (vite.config.ts names each).
    expect(Object.keys(cut.block).sort()).toEqual(Object.keys(published.block).sort());
    expect(Object.keys(published.inline).filter((name) => !(name in cut.inline))).toEqual(['del']);
  };

  it('with the same rules', async () => {
    await sameRules(rulesOf(builtModule), rulesOf(await vi.importActual<typeof import('marked')>('marked')));
  });

  it('with the same rules in a browser without lookbehind', async () => {
    // marked asks the browser once whether it knows lookbehind, and builds two rules without it
    // where not: both files with that answer written as "no".
    const PROBE = /\(\((\w+)=""\)=>\{try\{return!!new RegExp\("\(\?<=1\)\(\?<!1\)"\+\1\)\}catch\{return!1\}\}\)\(\)/g;
    const without = async (code: string) => {
      expect(code.match(PROBE)).toHaveLength(1);
      const file = path.join(dir, `without-${Math.random().toString(36).slice(2)}.mjs`);
      writeFileSync(file, code.replace(PROBE, '!1').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n'));
      return rulesOf(await import(/* @vite-ignore */ pathToFileURL(file).href));
    };
    const [cut, published] = [await without(builtCode), await without(readFileSync(MARKED, 'utf8'))];
    expect(pattern(published.inline.text as RegExp)).not.toBe(pattern(rulesOf(builtModule).inline.text as RegExp));
    await sameRules(cut, published);
  });

  it('for every block and inline construct', () => {
    for (const src of CORPUS) same(src);
  });

  it('for the hostile corpus', () => {
    for (const src of PAYLOADS) same(src);
  });

  it('for generated markdown', () => {
    // Lines built from markdown's delimiters, markers and words, so that constructs meet and nest.
    const piece = fc.constantFrom('*', '**', '_', '__', '~', '~~', '`', '```', '[', ']', '(', ')', '![', '<', '>', '</a>', '<a href="x">', '<div>', '# ', '## ',
      '- ', '* ', '1. ', '2) ', '> ', '    ', '\t', '  ', ' ', '|', ':--', '--:', '---', '===', '\\', '&amp;', '&#35;', '[ ] ', '[x] ', 'https://a.b/c',
      'www.x.yz', 'a@b.co', '<https://a.b>', '[r]', '[r]: /u', '"t"', 'word', 'x', '.', '!', '\n', '\n\n');
    const markdown = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(fc.property(markdown, (src) => {
      same(src);
    }), { numRuns: 3000 });
  }, 30_000); // 3,000 documents lexed twice: about 2 s alone, more on a loaded machine
});

// The public surface (src/surface/) against the code that uses it and the docs that promise it:
// a part, a --sw-* property, an option's default, a method, an event type, an error code, a locale
// or a runtime file name that differs between src/ and the README or docs/ fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { init } from '../../src/init';
import { detectLocale, resolveOptions } from '../../src/options';
import {
  CSS_PROPERTIES,
  DATA_ATTRIBUTES,
  ERROR_CODES,
  EVENT_TYPES,
  LOCALES,
  METHODS,
  OPTION_DEFAULTS,
  OPTION_NAMES,
  PARTS,
  RUNTIME_FILES,
  SCRIPT_FILE,
  THEMES,
} from '../../src/surface';
import { REPO, snippetBlock } from '../esm/snippet';
import { TEST_BASE_URL, TEST_PUBLIC_ID } from '../msw-server';

const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');
const README = read('README.md');
const PAGE_API = read('docs/page-api.md');
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();
const ticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);

/** Every file under src/ but the surface module itself, with its text. */
function sources(dir = 'src'): [string, string][] {
  return readdirSync(path.join(REPO, dir)).flatMap((name): [string, string][] => {
    const file = `${dir}/${name}`;
    if (file === 'src/surface') return [];
    if (statSync(path.join(REPO, file)).isDirectory()) return sources(file);
    return /\.(tsx?|css|mjs)$/.test(name) ? [[file, read(file)]] : [];
  });
}
const SRC = sources();
const srcText = SRC.map(([, text]) => text).join('\n');

/** The rows of the markdown table between `<!-- surface:name -->` markers, as arrays of cells. */
function markedTable(doc: string, name: string): string[][] {
  const section = new RegExp(`<!-- surface:${name} -->\\n([\\s\\S]*?)<!-- /surface:${name} -->`).exec(doc)?.[1];
  if (!section) throw new Error(`no <!-- surface:${name} --> table`);
  return section
    .split('\n')
    .filter((row) => row.startsWith('|'))
    .slice(2)
    .map((row) =>
      row
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/** The README's options table: option name → [type, default, notes]. */
const readmeOptions = new Map(
  [...README.matchAll(/^\| `(\w+)` \| (.*) \| (.*) \| (.*) \|$/gm)].map((m) => [m[1]!, [m[2]!, m[3]!, m[4]!]]),
);

describe('parts', () => {
  it('every part src/ gives an element is in PARTS, and every one of PARTS is given', () => {
    const given = sorted(
      SRC.flatMap(([, text]) => [
        ...[...text.matchAll(/\bpart="([a-z-]+)"/g)].map((m) => m[1]!),
        ...[...text.matchAll(/\bpart: '([a-z-]+)'/g)].map((m) => m[1]!),
        ...[...text.matchAll(/setAttribute\('part', '([a-z-]+)'\)/g)].map((m) => m[1]!),
        ...[...text.matchAll(/\bpart=\{[^}]*?'([a-z-]+)'/g)].map((m) => m[1]!),
        ...[...text.matchAll(/\b(?:button|copy)\(\s*'([a-z-]+)'/g)].map((m) => m[1]!),
      ]),
    );
    expect(given.length).toBeGreaterThan(20);
    expect(given.filter((p) => !(PARTS as readonly string[]).includes(p))).toEqual([]);
    // A part built from a template (`${decision}-button`) is given where its first word is.
    const missing = PARTS.filter(
      (p) =>
        !given.includes(p) &&
        !(p.endsWith('-button') && srcText.includes(`'${p.slice(0, -7)}'`) && srcText.includes('}-button`')),
    );
    expect(missing).toEqual([]);
  });

  it('docs/page-api.md lists exactly PARTS, and the README names only parts there are', () => {
    const documented = markedTable(PAGE_API, 'parts').flatMap(([names]) => ticked(names!));
    expect(sorted(documented)).toEqual(sorted(PARTS));
    const theming = README.slice(README.indexOf('## Theming'), README.indexOf('## Languages'));
    const list = /`::part\(\)` names \(([^)]*)\)/.exec(theming)?.[1] ?? '';
    const named = [
      ...ticked(list).filter((n) => !n.startsWith('data-')),
      ...[...theming.matchAll(/::part\(([\w-]+)\)/g)].map((m) => m[1]!),
    ];
    expect(named.length).toBeGreaterThan(4);
    expect(named.filter((n) => !(PARTS as readonly string[]).includes(n))).toEqual([]);
  });

  it('the data-* values the docs give are the ones src/ sets', () => {
    const parts = markedTable(PAGE_API, 'parts');
    const row = (part: string) => parts.find(([names]) => ticked(names!).includes(part))![1]!;
    expect(ticked(row('notice')).filter((v) => v !== 'data-kind')).toEqual([...DATA_ATTRIBUTES['data-kind']]);
    expect(ticked(row('message'))).toEqual(
      expect.arrayContaining([
        ...DATA_ATTRIBUTES['data-role'],
        ...DATA_ATTRIBUTES['data-state'].map((s) => `data-state="${s}"`),
      ]),
    );
    expect(PAGE_API).toContain(`\`data-mode\` (${DATA_ATTRIBUTES['data-mode'].map((m) => `\`${m}\``).join(', ')})`);
    expect(PAGE_API).toContain(`\`data-theme\` (${THEMES.map((m) => `\`${m}\``).join(', ')})`);
    expect(srcText).toContain(`data-kind={kind}`);
    expect(srcText).toContain(`data-role="user"`);
    expect(srcText).toContain(`data-role="assistant"`);
    expect(srcText).toContain(`'incomplete'`);
  });
});

describe('--sw-* custom properties', () => {
  const shell = read('src/styles/shell.css');
  const block = (selector: string) => shell.slice(shell.indexOf(selector)).split('}')[0]!;
  const css = SRC.filter(([f]) => f.endsWith('.css')).flatMap(([, t]) => t.split('\n'));
  /** `var(--sw-x, default)` in the lines of src/'s CSS that `keep` picks: name → default. */
  const fallbacks = (keep: (line: string) => boolean) =>
    css
      .filter(keep)
      .flatMap((line) =>
        [...line.matchAll(/var\((--sw-[\w-]+), ([^;]+?)\);/g)].map((m): [string, string] => [m[1]!, m[2]!]),
      );
  const declared = (css: string) =>
    Object.fromEntries([...css.matchAll(/(--sw-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));

  it('are the ones shell.css defines, with the same dark defaults, and every one src/ uses', () => {
    const dark = declared(block(':host {'));
    // A property with no declaration defaults where it is used: `var(--sw-focus, var(--sw-link))`.
    for (const [name, value] of fallbacks((line) => !line.includes('data-theme'))) dark[name] ??= value;
    expect(dark).toEqual(CSS_PROPERTIES);
    // Read (`var(--sw-x`), set (`--sw-x:`) or named in a string (`setProperty('--sw-x'`); comments aside.
    const used = sorted(
      [...srcText.matchAll(/var\((--sw-[\w-]+)|(--sw-[\w-]+)\s*:|'(--sw-[\w-]+)'/g)].map((m) => m[1] ?? m[2] ?? m[3]!),
    );
    expect(used.filter((p) => !(p in CSS_PROPERTIES))).toEqual([]);
  });

  it('docs/page-api.md lists each with its defaults, and the README names only real ones', () => {
    const rows = markedTable(PAGE_API, 'css-properties');
    const docDark = Object.fromEntries(rows.map(([name, dark]) => [ticked(name!)[0]!, ticked(dark!)[0]!]));
    expect(docDark).toEqual(CSS_PROPERTIES);
    const light = declared(block(':host([data-theme="light"])'));
    for (const [name, value] of fallbacks((line) => line.includes('[data-theme="light"]'))) light[name] ??= value;
    for (const [name, , cell] of rows) {
      const value = light[ticked(name!)[0]!];
      if (value) expect(ticked(cell!)[0], name).toBe(value);
      else expect(cell, name).toMatch(/^the same/);
    }
    const named = sorted(README.match(/--sw-[\w-]+/g) ?? []);
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((p) => !(p in CSS_PROPERTIES))).toEqual([]);
  });
});

describe('options', () => {
  it('the README lists every option, its default and the values of theme and locale', () => {
    expect(sorted(readmeOptions.keys())).toEqual(sorted(OPTION_NAMES));
    const literal = (v: unknown) => `\`${typeof v === 'string' ? `'${v}'` : String(v)}\``;
    for (const [name, value] of Object.entries(OPTION_DEFAULTS))
      expect(readmeOptions.get(name)![1], name).toBe(literal(value));
    // No other option claims a value of its own as default.
    for (const name of OPTION_NAMES.filter((n) => !(n in OPTION_DEFAULTS) && n !== 'primaryColor'))
      expect(readmeOptions.get(name)![1], name).not.toMatch(/^`['\d]|^`(true|false)`$/);
    expect(readmeOptions.get('primaryColor')![1]).toBe(`\`${CSS_PROPERTIES['--sw-primary']}\``);
    expect(readmeOptions.get('theme')![0]).toBe(`\`${THEMES.map((t) => `'${t}'`).join(' \\| ')}\``);
    expect(readmeOptions.get('locale')![0]).toBe(`\`${LOCALES.map((t) => `'${t}'`).join(' \\| ')}\``);
  });

  it('the @default of src/types.ts is OPTION_DEFAULTS', () => {
    const types = read('src/types.ts');
    for (const [name, value] of Object.entries(OPTION_DEFAULTS)) {
      const doc = new RegExp(`@default ([^\\n*]+?)\\s*(?:\\*/)?\\n(?:\\s*\\*/\\n)?\\s*${name}\\?:`).exec(types)?.[1];
      const literal = typeof value === 'string' ? `'${value}'` : String(value);
      expect(doc, name).toBe(literal);
    }
  });

  it('init takes OPTION_DEFAULTS when the page leaves them out', () => {
    const got = resolveOptions({ publicId: TEST_PUBLIC_ID, authToken: 't', baseUrl: TEST_BASE_URL }, null);
    expect({
      theme: got.theme,
      voice: got.voice,
      open: got.open,
      persist: got.persist,
      timeoutMs: got.timeoutMs,
    }).toEqual(OPTION_DEFAULTS);
  });
});

describe('methods', () => {
  it('an instance has exactly METHODS', () => {
    const widget = init({ publicId: TEST_PUBLIC_ID, authToken: 't', baseUrl: TEST_BASE_URL });
    try {
      expect(sorted(Object.keys(widget))).toEqual(sorted(METHODS));
    } finally {
      widget.destroy();
    }
  });

  it("the async snippet's stand-in queues exactly METHODS, in the README and in examples/", () => {
    const list = (text: string) => /'([\w ]+)'\.split\(' '\)/.exec(text)?.[1]?.split(' ');
    expect(list(README)).toEqual([...METHODS]);
    expect(list(snippetBlock('examples/async-snippet.html'))).toEqual([...METHODS]);
  });

  it('the README names only methods there are', () => {
    const section = README.slice(README.indexOf('## Methods and events'), README.indexOf('## Across page loads'));
    const called = sorted([...section.matchAll(/\bchat\.(\w+)\(|\b(\w+)\(\)/g)].map((m) => m[1] ?? m[2]!));
    expect(called.length).toBeGreaterThan(5);
    expect(called.filter((m) => !(METHODS as readonly string[]).includes(m))).toEqual([]);
  });
});

describe('events and error codes', () => {
  const paragraph = /`onEvent` receives[\s\S]*?\n\n/.exec(README)?.[0] ?? '';

  it('the README names exactly the event types, ready first', () => {
    const events = ticked(paragraph.slice(0, paragraph.indexOf('with a stable'))).filter(
      (w) => !['onEvent', 'conversationId'].includes(w),
    );
    expect(events[0]).toBe(EVENT_TYPES[0]);
    expect(sorted(events)).toEqual(sorted(EVENT_TYPES));
  });

  it('the README and docs/page-api.md list exactly the error codes', () => {
    const readme = ticked(paragraph.slice(paragraph.indexOf('`code`:'))).slice(1);
    expect(sorted(readme)).toEqual(sorted(ERROR_CODES));
    const table = PAGE_API.slice(PAGE_API.indexOf('| code | when |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    expect(sorted(rows.flatMap((r) => ticked(r.split('|')[1]!)))).toEqual(sorted(ERROR_CODES));
  });
});

describe('locales', () => {
  it('the README gives exactly LOCALES, and the browser language picks one', () => {
    expect(README).toContain(`\`Accept-Language: ${LOCALES.join('|')}\``);
    expect(README).toContain(`First ${LOCALES.map((l) => `\`${l}*\``).join(' or ')} of \`navigator.languages\``);
    for (const locale of LOCALES) expect(detectLocale(['xx', `${locale.toUpperCase()}-ZZ`])).toBe(locale);
    expect(detectLocale(['de-DE'])).toBe('en');
  });
});

describe('runtime file names', () => {
  const files: readonly string[] = [SCRIPT_FILE, ...Object.values(RUNTIME_FILES)];

  it('are written in src/ only by the surface module', () => {
    const names = new RegExp(`['"\`](?:${files.map((f) => f.replace('.', '\\.')).join('|')})['"\`]`);
    const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    expect(SRC.filter(([, text]) => names.test(code(text))).map(([f]) => f)).toEqual([]);
  });

  it('the README and docs name no other, and the README names each runtime', () => {
    const docs = [
      'README.md',
      ...readdirSync(path.join(REPO, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const named = sorted(docs.flatMap((f) => read(f).match(/(?<![\w-])widget(?:-[a-z]+)?\.js\b/g) ?? []));
    expect(named.filter((f) => !files.includes(f))).toEqual([]);
    for (const file of Object.values(RUNTIME_FILES)) expect(README).toContain(`\`${file}\``);
  });
});

// @vitest-environment node
// Every relative link and #anchor in the README, CONTRIBUTING.md, docs/ and journal/ resolves: the
// file exists, and the anchor is a heading of it as GitHub names headings (its slug).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../esm/snippet';

const mdIn = (dir: string) =>
  existsSync(path.join(REPO, dir))
    ? readdirSync(path.join(REPO, dir))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `${dir}/${f}`)
    : [];
const DOCS = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...mdIn('docs'), ...mdIn('journal')];

const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');
/** The text outside fenced code blocks and inline code spans. */
const prose = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '``');

/** GitHub's slug of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file: its headings' slugs, a repeated one with -1, -2, …. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const text = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = slug(heading!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  for (const [, id] of text.matchAll(/<a (?:name|id)="([^"]+)"/g)) out.add(id!);
  return out;
}

/** Every link target of a markdown file: inline `[text](target)` and `![alt](target)`. */
const links = (markdown: string) =>
  [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);

describe('links between the docs', () => {
  it('finds the docs and their links (the check can fail)', () => {
    expect(DOCS).toContain('docs/protocol.md');
    expect(links(read('README.md')).length).toBeGreaterThan(10);
    expect(anchors('# A `b` (c)\n## A `b` (c)\n## What runs where')).toEqual(
      new Set(['a-b-c', 'a-b-c-1', 'what-runs-where']),
    );
    expect(slug('GET /conversations/{id}')).toBe('get-conversationsid');
    expect(slug('Across page loads (`persist`)')).toBe('across-page-loads-persist');
  });

  it.each(DOCS)('every relative link and anchor of %s resolves', (file) => {
    const broken: string[] = [];
    for (const target of links(read(file))) {
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
      const [pathPart = '', anchor] = target.split('#') as [string, string | undefined];
      const resolved = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart)) : file;
      if (!existsSync(path.join(REPO, resolved))) {
        broken.push(`${target}: no file ${resolved}`);
        continue;
      }
      if (anchor === undefined || !resolved.endsWith('.md')) continue;
      if (!anchors(read(resolved)).has(decodeURIComponent(anchor))) broken.push(`${target}: no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });
});

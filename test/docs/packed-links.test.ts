// @vitest-environment node
// The package is whole (issue #36, defect 5): every file or image that a packed document (the
// README, the CHANGELOG, the shipped docs: whichever `.md` files `npm pack` takes) links to by a
// relative path is in the tarball too. A link that resolves in the repository may still be broken
// for whoever reads the package on a registry or in node_modules: the README's screenshot was left
// out by package.json `files`. Generic: it reads the tarball's list, not a list of its own.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../esm/snippet';

/** The files `npm pack` would put in the tarball (its lifecycle scripts, the build, not run). */
function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
}

/** The text outside fenced code blocks and inline code spans: a path in code is not a link. */
const prose = (markdown: string) =>
  markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[`~]*[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '``');

/**
 * Every link target of a markdown file: inline links and images (`[text](target)`, `![alt](target)`),
 * reference definitions (`[label]: target`) and the `src`/`href` of HTML in it (`<img src=…>`).
 */
export function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  return [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)>?/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/<(?:img|a|source)\b[^>]*?\s(?:src|href|srcset)\s*=\s*["']?([^"'\s>]+)/gi)].map((m) => m[1]!),
  ];
}

/** The packed file a relative target of `doc` names, or null for an address elsewhere (`https:`, `mailto:`, `#anchor`). */
export function packedPath(doc: string, target: string): string | null {
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) return null;
  const file = decodeURIComponent(target.replace(/[?#].*$/, ''));
  if (!file) return null;
  return path.posix.normalize(file.startsWith('/') ? file.slice(1) : path.posix.join(path.posix.dirname(doc), file));
}

describe('the package is whole', () => {
  const files = packedFiles();
  const packed = new Set(files);
  const docs = files.filter((f) => f.toLowerCase().endsWith('.md'));

  it('reads links as a reader follows them (the check can fail)', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'docs/protocol.md']));
    expect(
      linkTargets(
        '![a](images/x.png "t") [b](../y.md#h)\n[c]: ./z.md\n<img src="p.png" alt="">\n`[d](no.md)`\n```\n[e](no.md)\n```\n[f](https://e.x/) [g](#top)',
      ),
    ).toEqual(['images/x.png', '../y.md#h', 'https://e.x/', '#top', './z.md', 'p.png']);
    expect(packedPath('docs/a.md', 'images/x.png')).toBe('docs/images/x.png');
    expect(packedPath('docs/a.md', '../README.md#install')).toBe('README.md');
    expect(packedPath('README.md', 'docs/images/themes%20dark.png')).toBe('docs/images/themes dark.png');
    expect(packedPath('README.md', 'https://example.com/a.png')).toBeNull();
    expect(packedPath('README.md', '#usage')).toBeNull();
  });

  it.each(docs)('every relative link of %s is in the tarball', (doc) => {
    const missing = linkTargets(readFileSync(path.join(REPO, doc), 'utf8'))
      .map((target) => [target, packedPath(doc, target)] as const)
      // A folder (`examples/`) is there when a file in it is.
      .filter(
        ([, file]) =>
          file !== null && !packed.has(file) && !files.some((f) => f.startsWith(`${file}/`.replace(/\/\/$/, '/'))),
      )
      .map(([target, file]) => `${target} → ${file} is not packed`);
    expect(missing).toEqual([]);
  });
});

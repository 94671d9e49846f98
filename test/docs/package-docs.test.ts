// @vitest-environment node
// The package ships what an integrator reads (README, CHANGELOG, the protocol, the page API,
// security and CSP, voice, the backend token guide), each short enough to read and written as a
// reference: no doc over 30 kB, the docs/ pages together at most 80 kB, and no dated run or
// before/after figures (those are in journal/, which is not shipped).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO } from '../esm/snippet';

const MAX_DOC_BYTES = 30_000;
const MAX_DOCS_DIR_BYTES = 80_000;

interface Packed {
  files: { path: string; size: number }[];
}

/** The files `npm pack` would put in the tarball (its lifecycle scripts, the build, not run). */
function packedFiles(): { path: string; size: number }[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(out) as Packed[])[0]!.files;
}

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';
/** A dated run ("26 Nov 2026", "Nov 26, 2026") or figures before → after, in prose or a table. */
const DIARY = [
  new RegExp(`\\b\\d{1,2} ${MONTH} \\d{4}\\b`),
  new RegExp(`\\b${MONTH} \\d{1,2}, \\d{4}\\b(?![^\\n]*\\|)`),
  /\d[\d.,]* ?(?:ms|s|kB|KB|MB|bytes)?\)? → \d/,
  /^\|[^\n]*\bbefore\b[^\n]*\|[^\n]*\b(?:after|now)\b/im,
];

describe('the docs the package ships', () => {
  const files = packedFiles();
  const docs = files.filter((f) => f.path.endsWith('.md'));

  it('are the integrator docs, and not the contributor ones', () => {
    const paths = docs.map((f) => f.path);
    for (const doc of ['README.md', 'CHANGELOG.md', 'docs/protocol.md', 'docs/page-api.md', 'docs/security.md'])
      expect(paths).toContain(doc);
    for (const doc of ['docs/voice.md', 'docs/backend-jwt.md']) expect(paths).toContain(doc);
    for (const doc of ['docs/benchmarks.md', 'docs/testing.md', 'docs/architecture.md', 'docs/hardening.md'])
      expect(paths).not.toContain(doc);
    expect(paths.filter((p) => p.startsWith('journal/'))).toEqual([]);
  });

  it(`are each at most ${MAX_DOC_BYTES} bytes`, () => {
    expect(docs.filter((f) => f.size > MAX_DOC_BYTES).map((f) => `${f.path}: ${f.size} bytes`)).toEqual([]);
  });

  it(`under docs/ come to at most ${MAX_DOCS_DIR_BYTES} bytes`, () => {
    const inDocs = docs.filter((f) => f.path.startsWith('docs/'));
    expect(inDocs.length).toBeGreaterThanOrEqual(5);
    expect(inDocs.reduce((sum, f) => sum + f.size, 0)).toBeLessThanOrEqual(MAX_DOCS_DIR_BYTES);
  });

  it('carry no dated run and no before/after figures', async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const found: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(path.join(REPO, doc.path), 'utf8');
      for (const pattern of DIARY) {
        const m = pattern.exec(text);
        if (m) found.push(`${doc.path}: ${JSON.stringify(m[0])}`);
      }
    }
    expect(found).toEqual([]);
    // The check can fail: the journal is full of them.
    const journal = readFileSync(path.join(REPO, 'journal', 'benchmarks.md'), 'utf8');
    expect(DIARY.filter((p) => p.test(journal)).length).toBeGreaterThanOrEqual(3);
  });
});

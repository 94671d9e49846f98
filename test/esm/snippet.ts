// Reads the async loader snippet from where users copy it (examples/async-snippet.html and the
// README), so the tests run exactly that code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The script URL in the published snippet; tests replace it with where they serve widget.js. */
export const SNIPPET_SRC = 'https://YOUR-SERVICE-HOST/widget.js';

const MARKED = /<!-- service-widget async snippet: start -->\n([\s\S]*?)\n<!-- service-widget async snippet: end -->/;

/** The snippet's `<script>…</script>` block, as marked in `file` (repo-relative). */
export function snippetBlock(file: string): string {
  const text = readFileSync(path.join(REPO, file), 'utf8');
  const found = MARKED.exec(text);
  if (!found) throw new Error(`${file}: no service-widget async snippet markers`);
  return found[1]!;
}

/** The JavaScript inside the snippet's <script> element, loading widget.js from `src`. */
export function snippetCode(src: string, file = 'examples/async-snippet.html'): string {
  const block = snippetBlock(file).trim();
  const code = /^<script>\n([\s\S]*)\n\s*<\/script>$/.exec(block)?.[1];
  if (!code) throw new Error(`${file}: the snippet is not one inline <script> element`);
  if (!code.includes(`'${SNIPPET_SRC}'`)) throw new Error(`${file}: the snippet does not load ${SNIPPET_SRC}`);
  return code.replace(`'${SNIPPET_SRC}'`, JSON.stringify(src));
}

/** The first ```html block of the README's "Async snippet" section. */
export function readmeSnippetBlock(): string {
  const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const section = /\n## Async snippet\n([\s\S]*?)(?=\n## |$)/.exec(readme)?.[1];
  if (!section) throw new Error('README.md: no "## Async snippet" section');
  const block = /```html\n([\s\S]*?)\n```/.exec(section)?.[1];
  if (!block) throw new Error('README.md: the "Async snippet" section has no ```html block');
  return block;
}

// Reference links whose definitions come last (issue #36, defect 4): "the report [1] … [1]: https://…",
// as models write citations. A reply is rendered in windows (src/markdown/stream.ts): the first one
// of 30 lines, built before the definitions at the end are read. Every window must resolve every
// definition of the reply, stored or streamed, short or longer than a window.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMarkdown } from '../../src/markdown/engine';
import { renderMarkdown } from '../../src/markdown/render';
import { createStreamingRenderer, WINDOW } from '../../src/markdown/stream';
import { fakeFrames, mount, violations } from './helpers';

beforeAll(() => loadMarkdown());

const { flush, flushAll } = fakeFrames(1);

/** `sections` paragraphs citing `refs` sources in turn, the definitions at the end (the shortcut and full forms). */
export function citedReply(sections: number, refs = 31, filler = ''): string {
  const body = Array.from({ length: sections }, (_, i) => {
    const n = (i % refs) + 1;
    const cite = i % 2 ? `[the source ${n}][src-${n}]` : `[src-${n}]`;
    return `Finding ${i + 1} comes from ${cite}.${filler}`;
  }).join('\n\n');
  const defs = Array.from(
    { length: refs },
    (_, i) => `[src-${i + 1}]: https://example.com/report/${i + 1} "Report ${i + 1}"`,
  );
  return `${body}\n\n${defs.join('\n')}\n`;
}

/** What a visitor sees of the links: each one's text and address, and any reference left raw. */
function links(root: HTMLElement) {
  return {
    links: [...root.querySelectorAll('a')].map((a) => `${a.textContent} → ${a.getAttribute('href')}`),
    raw: root.textContent!.match(/\[[^\]]*\](?:\[[^\]]*\])?/g) ?? [],
  };
}

function stored(text: string): HTMLElement {
  const target = document.createElement('div');
  let done = 0;
  createStreamingRenderer(target).finish(text, () => done++);
  flushAll();
  expect(done).toBe(1);
  return target;
}

function streamed(text: string, chunk: number): HTMLElement {
  const target = document.createElement('div');
  const r = createStreamingRenderer(target);
  for (let i = chunk; i < text.length + chunk; i += chunk) {
    r.update(text.slice(0, i));
    flush();
  }
  let done = 0;
  r.finish(text, () => done++);
  flushAll();
  expect(done).toBe(1);
  return target;
}

describe('reference definitions at the end of a reply', () => {
  const short = citedReply(31);
  const long = citedReply(62, 31, ' '.padEnd(200, 'x'));

  it('the replies are the shapes in question: 31 links, past the first window, one longer than a window', () => {
    expect(short.split('\n').length).toBeGreaterThan(30);
    expect(short.length).toBeLessThan(WINDOW);
    expect(long.length).toBeGreaterThan(WINDOW);
    expect(links(mount(renderMarkdown(short))).links).toHaveLength(31);
  });

  it('a stored reply resolves every link in every window, as a whole render does', () => {
    const target = stored(short);
    expect(links(target).raw).toEqual([]);
    expect(links(target)).toEqual(links(mount(renderMarkdown(short))));
    expect(target.isEqualNode(mount(renderMarkdown(short)))).toBe(true);
    expect(violations(target)).toEqual([]);
  });

  it('a stored reply longer than a window resolves every link', () => {
    const target = stored(long);
    expect(links(target).raw).toEqual([]);
    expect(links(target)).toEqual(links(mount(renderMarkdown(long))));
  });

  it('streamed, short or longer than a window, it ends the same as stored', () => {
    for (const text of [short, long]) {
      const target = streamed(text, 97);
      expect(links(target).raw).toEqual([]);
      expect(links(target)).toEqual(links(stored(text)));
      expect(target.textContent).toBe(stored(text).textContent);
    }
  });

  it('a definition is read as the whole render reads it: not inside a code block, not inside a paragraph', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i} of [a] and [b] and [c].`).join('\n\n');
    const text = `${lines}\n\n\`\`\`\n[a]: https://example.com/in-code\n\`\`\`\n\nSources:\n[b]: https://example.com/in-paragraph\n\n[c]: https://example.com/c\n[C]: https://example.com/second-c\n`;
    const target = stored(text);
    expect(links(target)).toEqual(links(mount(renderMarkdown(text))));
    expect(target.isEqualNode(mount(renderMarkdown(text)))).toBe(true);
  });

  it("a definition's title on the line after its address is its title in every window", () => {
    const defs = Array.from(
      { length: 31 },
      (_, i) => `[src-${i + 1}]: https://example.com/report/${i + 1}\n   "Report ${i + 1}"`,
    );
    const text = `${citedReply(62, 31, ' '.padEnd(200, 'x')).replace(/\n\n\[src-1\]:[\s\S]*$/, '')}\n\n${defs.join('\n')}\n`;
    const titles = (root: HTMLElement) => [...root.querySelectorAll('a')].map((a) => a.getAttribute('title'));
    const target = stored(text);
    expect(titles(target)).toHaveLength(62);
    expect(titles(target)).toEqual(titles(mount(renderMarkdown(text))));
    expect(titles(target)[61]).toBe('Report 31');
    expect(links(target).raw).toEqual([]);
    // Streamed in pieces that end between an address and its title: the same titles.
    expect(titles(streamed(text, 97))).toEqual(titles(target));
  });

  it('a label no definition gives stays text, whatever the page added to Object.prototype', () => {
    const text = `${citedReply(31)}\nSee [constructor], [valueOf] and [toString][].\n`;
    const target = stored(text);
    expect(links(target).raw).toEqual(['[constructor]', '[valueOf]', '[toString][]']);
    expect(target.isEqualNode(mount(renderMarkdown(text)))).toBe(true);
  });
});

// Long answers (docs/hardening.md, "Hostile replies and the host page's main thread"): blocks whose
// cost grows with their length (lists of thousands of items, long tables, runs of escapes) are
// rendered in pieces that add a bounded number of elements per frame, and nothing is lost or
// renumbered on the way.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/render';
import { createStreamingRenderer, FRAME_ELEMENTS, WINDOW_ELEMENTS } from '../../src/markdown/stream';
import { TAIL_LINES } from '../../src/markdown/pieces';
import { CHUNK_BLOCKS } from '../../src/markdown/chunks';
import { loadMarkdown } from '../../src/markdown/engine';
import { fakeFrames, mount, violations } from './helpers';

beforeAll(() => loadMarkdown());

// Each frame is a task of its own, with a fresh budget; the clock moves 1 ms per reading.
const { flush, flushAll } = fakeFrames(1);

const lines = (n: number, line: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => line(i)).join('\n') + '\n';

/** Streams `text` in chunks of `chunk` characters (a frame each), then finishes it: the most elements a frame added. */
function stream(target: HTMLElement, text: string, chunk: number): { most: number; frames: number } {
  const r = createStreamingRenderer(target);
  let most = 0;
  let count = 0;
  let before = 0;
  const frame = (): number => {
    const ran = flush();
    const now = target.querySelectorAll('*').length;
    most = Math.max(most, now - before);
    before = now;
    count += ran;
    return ran;
  };
  for (let i = chunk; i < text.length + chunk; i += chunk) {
    r.update(text.slice(0, i));
    frame();
  }
  let done = 0;
  r.finish(text, () => done++);
  for (let i = 0; i < 10_000 && frame(); i++);
  expect(done).toBe(1);
  expect(target.querySelector('[data-md-tail]')).toBeNull();
  expect(violations(target)).toEqual([]);
  return { most, frames: count };
}

/**
 * Writes `text` a line at a time (a frame each), then finishes it and runs the frames that follow:
 * the most characters one update parsed again.
 */
function streamLines(target: HTMLElement, text: string): number {
  const r = createStreamingRenderer(target);
  let most = 0;
  for (let i = 0; i < text.length;) {
    i = text.indexOf('\n', i + 1) + 1 || text.length;
    r.update(text.slice(0, i));
    flush();
    most = Math.max(most, r.stats.lastParsedChars);
  }
  r.finish(text);
  flushAll();
  return most;
}

/** The number each item of the lists in `root` shows (an `<ol>` counts on from its `start`). */
const numbers = (root: ParentNode): number[] =>
  [...root.querySelectorAll('ol')].flatMap((ol) =>
    [...ol.children].map((_, i) => Number(ol.getAttribute('start') ?? 1) + i),
  );

describe('long lists', () => {
  it('streams a flat list of 10,000 items completely, in order, a bounded number of items per frame', () => {
    const text = lines(10_000, (i) => `- item ${i}`);
    const target = document.createElement('div');
    const { most, frames: count } = stream(target, text, 2_048);
    const items = [...target.querySelectorAll('li')];
    expect(items).toHaveLength(10_000);
    expect(items.every((li, i) => li.textContent === `item ${i}`)).toBe(true);
    expect(most).toBeLessThanOrEqual(FRAME_ELEMENTS + WINDOW_ELEMENTS);
    expect(count).toBeGreaterThan(10_000 / (FRAME_ELEMENTS + WINDOW_ELEMENTS));
    // Its pieces are lists of their own, each joined to the one before (styles/chat.css).
    const lists = [...target.querySelectorAll('ul')];
    expect(lists.length).toBeGreaterThan(1);
    expect(lists.every((ul, i) => ul.classList.contains('list-piece') === i > 0)).toBe(true);
    expect(target.querySelectorAll('ul ul, li > p')).toHaveLength(0);
  }, 120_000);

  it('renders a stored list of 10,000 items over frames, none adding more than a frame of items', () => {
    const text = lines(10_000, (i) => `- ${i}`);
    const target = document.createElement('div');
    let done = 0;
    createStreamingRenderer(target).finish(text, () => done++);
    let most = target.querySelectorAll('li').length;
    for (let before = most, i = 0; i < 10_000 && flush(); i++) {
      const now = target.querySelectorAll('li').length;
      most = Math.max(most, now - before);
      before = now;
    }
    expect(done).toBe(1);
    expect(target.querySelectorAll('li')).toHaveLength(10_000);
    expect(most).toBeLessThanOrEqual(FRAME_ELEMENTS + WINDOW_ELEMENTS);
  }, 120_000);

  it.each([
    ['numbered 1, 2, 3…', (i: number) => `${i + 1}. item`],
    ['every item numbered 1.', () => '1. item'],
    ['numbered from 7 with `)`', (i: number) => `${i + 7}) item`],
  ])(
    'numbers an ordered list of 3,000 items on across its pieces (%s)',
    (_, line) => {
      const text = lines(3_000, line);
      const target = document.createElement('div');
      stream(target, text, 1_500);
      const expected = numbers(mount(renderMarkdown(text)));
      expect(target.querySelectorAll('ol').length).toBeGreaterThan(1);
      expect(numbers(target)).toEqual(expected);
    },
    120_000,
  );

  it('keeps every item whole when a piece ends inside one (items of two lines, task items, inline markup)', () => {
    const text = lines(1_500, (i) => `- [${i % 2 ? 'x' : ' '}] **item ${i}** \`c\`\n  more ${i}`);
    const target = document.createElement('div');
    stream(target, text, 1_000);
    const items = [...target.querySelectorAll('li')];
    expect(items).toHaveLength(1_500);
    expect(items.every((li, i) => li.textContent === `${i % 2 ? '☑' : '☐'} item ${i} c\nmore ${i}`)).toBe(true);
    expect(target.querySelectorAll(':scope > p, :scope > pre')).toHaveLength(0);
    expect(target.querySelectorAll('strong')).toHaveLength(1_500);
  }, 120_000);

  it('starts a new list where the bullet changes after a long list', () => {
    const text = `${lines(1_000, (i) => `- a${i}`)}* b\n* c\n`;
    const target = document.createElement('div');
    stream(target, text, 700);
    const last = [...target.querySelectorAll('ul')].at(-1)!;
    expect(last.classList.contains('list-piece')).toBe(false);
    expect([...last.children].map((li) => li.textContent)).toEqual(['b', 'c']);
    expect(target.querySelectorAll('li')).toHaveLength(1_002);
  }, 120_000);

  it('while a list is written a line at a time, renders only its last lines again with each frame', () => {
    const text = lines(600, (i) => `- item ${i}`);
    const target = document.createElement('div');
    const most = streamLines(target, text);
    // The tail (lexed, then settled): at most TAIL_LINES lines and the one being written, twice.
    expect(most).toBeLessThanOrEqual(2 * (TAIL_LINES + 2) * '- item 599\n'.length);
    expect([...target.querySelectorAll('li')].map((li) => li.textContent)).toEqual(
      Array.from({ length: 600 }, (_, i) => `item ${i}`),
    );
  }, 120_000);
});

describe('many blocks', () => {
  it('puts the blocks of a long reply into containers of CHUNK_BLOCKS, in order, none lost', () => {
    const text = lines(3_000, (i) => `p${i}\n`);
    const target = document.createElement('div');
    stream(target, text, 4_096);
    const paragraphs = [...target.querySelectorAll('p')];
    expect(paragraphs.map((p) => p.textContent)).toEqual(Array.from({ length: 3_000 }, (_, i) => `p${i}`));
    // The first CHUNK_BLOCKS blocks straight in the message, then a container per CHUNK_BLOCKS.
    expect(target.children.length).toBeLessThanOrEqual(CHUNK_BLOCKS + Math.ceil(3_000 / CHUNK_BLOCKS));
    expect([...target.children].slice(CHUNK_BLOCKS).every((c) => c.className === 'md-chunk')).toBe(true);
    expect([...target.querySelectorAll('.md-chunk')].every((c) => c.children.length <= 2 * CHUNK_BLOCKS)).toBe(true);
  }, 120_000);

  it('keeps a short reply as renderMarkdown makes it: no container', () => {
    const text = lines(40, (i) => `p${i}\n\n- a\n- b\n`);
    const target = document.createElement('div');
    stream(target, text, 64);
    expect(target.querySelector('.md-chunk')).toBeNull();
    expect(target.innerHTML).toBe(mount(renderMarkdown(text)).innerHTML);
  }, 120_000);
});

describe('long tables and runs of text', () => {
  it('streams a table row by row into ONE table, rendering only its last rows again with each frame', () => {
    const text = `| Region | Orders |\n|--|--:|\n${lines(250, (i) => `| R${i} | **${i}** |`)}`;
    const target = document.createElement('div');
    const most = streamLines(target, text);
    expect(most).toBeLessThanOrEqual(2 * (TAIL_LINES + 4) * '| R249 | **249** |\n'.length);
    expect(target.querySelectorAll('table')).toHaveLength(1);
    const rows = [...target.querySelectorAll('tbody > tr')];
    expect(rows).toHaveLength(250);
    expect(rows.every((tr, i) => tr.textContent === `R${i}${i}`)).toBe(true);
  }, 120_000);

  it('never cuts a row of a wide table: 200 columns x 60 rows, every row whole in one table', () => {
    const head = ['Region', ...Array.from({ length: 199 }, (_, c) => `C${c}`)];
    const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
    const body = lines(60, (r) => row([`R${r}`, ...head.slice(1).map((_, c) => `${(r * 31 + c * 7) % 500}`)]));
    const text = `${row(head)}\n|${head.map(() => '--').join('|')}|\n${body}`;
    const target = document.createElement('div');
    stream(target, text, 1_000);
    expect(target.querySelectorAll('table')).toHaveLength(1);
    const rows = [...target.querySelectorAll('tbody > tr')] as HTMLTableRowElement[];
    expect(rows.map((tr) => tr.cells[0]!.textContent)).toEqual(Array.from({ length: 60 }, (_, r) => `R${r}`));
    expect(rows.every((tr) => tr.cells.length === 200)).toBe(true);
  }, 120_000);

  it('never cuts a row longer than the window: 4 cells of 5,000 characters stay one row, streamed or stored', () => {
    const cells = ['a', 'b', 'c', 'd'].map((c) => `${c} ${'x'.repeat(4_997)} ${c}`);
    const text = `| A | B | C | D |\n|--|--|--|--|\n| first | 1 | 2 | 3 |\n| ${cells.join(' | ')} |\n| last | 4 | 5 | 6 |\n\nDone.\n`;
    for (const chunk of [1_000, text.length]) {
      const target = document.createElement('div');
      stream(target, text, chunk);
      const rows = [...target.querySelectorAll('tbody > tr')] as HTMLTableRowElement[];
      expect(rows.map((tr) => tr.cells.length)).toEqual([4, 4, 4]);
      expect([...rows[1]!.cells].map((td) => td.textContent)).toEqual(cells);
      expect([...target.querySelectorAll('p')].at(-1)?.textContent).toBe('Done.');
    }
  }, 120_000);

  it('makes one text node of a run of escapes or character references, not one per token', () => {
    for (const [src, shown] of [
      ['\\.'.repeat(5_000), '.'.repeat(5_000)],
      ['&amp;'.repeat(2_000), '&'.repeat(2_000)],
      ['a\\.b&lt;'.repeat(1_000), 'a.b<'.repeat(1_000)],
    ] as const) {
      const p = mount(renderMarkdown(src)).firstElementChild!;
      expect(p.localName).toBe('p');
      expect(p.childNodes).toHaveLength(1);
      expect(p.textContent === shown).toBe(true);
    }
  });

  it('streams 200 KB of escapes completely, as text', () => {
    const text = '\\.'.repeat(100_000);
    const target = document.createElement('div');
    stream(target, text, 16_384);
    expect(target.textContent?.replace(/\s/g, '')).toBe('.'.repeat(100_000));
    expect(target.querySelectorAll('p').length).toBeLessThan(100);
  }, 120_000);
});

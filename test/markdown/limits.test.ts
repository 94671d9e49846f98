// Hostile markdown (docs/hardening.md, "Hostile replies and the host page's main thread") cannot make rendering take
// unbounded time on the page's main thread. The caps (src/markdown/render.ts) and the windowed renderer
// (src/markdown/stream.ts).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_DEPTH, renderMarkdown } from '../../src/markdown/render';
import { createStreamingRenderer, MIN_WINDOW, WINDOW } from '../../src/markdown/stream';
import { loadMarkdown } from '../../src/markdown/engine';
import { fakeFrames, mount } from './helpers';

// As the widget does before its first reply (src/markdown/engine.ts; lazy.test.ts covers the wait).
beforeAll(() => loadMarkdown());

describe('caps on one block', () => {
  it('shows a paragraph of costly emphasis delimiters as its plain text, and keeps ordinary emphasis', () => {
    const hostile = '_a_b '.repeat(4000).trim();
    const started = performance.now();
    const root = mount(renderMarkdown(hostile));
    expect(performance.now() - started).toBeLessThan(2_000); // uncapped: tens of seconds
    expect(root.querySelector('em, strong')).toBeNull();
    expect(root.textContent).toBe(hostile);

    const ordinary = mount(
      renderMarkdown('An _emphasis_ and **strong** text, `code` and [a link](https://example.com).'),
    );
    expect(ordinary.querySelector('em')?.textContent).toBe('emphasis');
    expect(ordinary.querySelector('strong')?.textContent).toBe('strong');
    expect(ordinary.querySelector('a')?.getAttribute('href')).toBe('https://example.com/');
  });

  it('shows a list nested deeper than the cap as its lines of text; shallower lists stay lists', () => {
    const nested = (depth: number) =>
      Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    const deep = mount(renderMarkdown(nested(300)));
    expect(deep.querySelector('ul')).toBeNull();
    expect(deep.querySelectorAll('p > br')).toHaveLength(299);
    expect(deep.textContent).toContain('- level 300');

    const ok = mount(renderMarkdown(nested(MAX_DEPTH - 2)));
    expect(ok.querySelectorAll('ul')).toHaveLength(MAX_DEPTH - 2);
    expect(ok.querySelectorAll('li')).toHaveLength(MAX_DEPTH - 2);

    // Markers on one line nest too; so do blockquotes.
    expect(mount(renderMarkdown(`${'- '.repeat(200)}x`)).querySelector('ul')).toBeNull();
    expect(mount(renderMarkdown(`${'> '.repeat(200)}x`)).querySelector('blockquote')).toBeNull();
    expect(mount(renderMarkdown(`${'>'.repeat(5_000)} x`)).querySelector('blockquote')).toBeNull();
    expect(mount(renderMarkdown('> > quoted twice')).querySelectorAll('blockquote')).toHaveLength(2);
  });

  it('keeps deeply indented code in a fence as code', () => {
    const code = `\`\`\`json\n${' '.repeat(60)}"deep": 1\n\`\`\``;
    expect(mount(renderMarkdown(code)).querySelector('pre > code')?.textContent).toBe(`${' '.repeat(60)}"deep": 1\n`);
  });
});

describe('long blocks, streamed or stored, are rendered a window at a time', () => {
  // Each frame is a task of its own, with a fresh budget; the clock moves 5 ms per reading.
  const { flush, flushAll } = fakeFrames(5);

  const table = (rows: number) =>
    `| Region | Orders | Total |\n|:--|--:|--:|\n${Array.from({ length: rows }, (_, i) => `| R${i} ${'x'.repeat(100)} | ${i} | **${i * 3}** |`).join('\n')}\n`;

  it('streams a table far longer than the window into ONE table, lexing at most a window per step', () => {
    const text = table(300);
    expect(text.length).toBeGreaterThan(2 * WINDOW);
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    let maxLexed = 0;
    for (let i = 0; i < text.length; i += 4_096) {
      r.update(text.slice(0, i));
      flush();
      maxLexed = Math.max(maxLexed, r.stats.lastParsedChars);
    }
    let doneCalls = 0;
    r.finish(text, () => doneCalls++);
    flushAll();
    expect(doneCalls).toBe(1);
    expect(maxLexed).toBeLessThan(3 * WINDOW);
    expect(target.querySelectorAll('table')).toHaveLength(1);
    expect(target.querySelectorAll('tbody')).toHaveLength(1);
    expect(target.querySelectorAll('thead th')).toHaveLength(3);
    const rows = target.querySelectorAll('tbody > tr');
    expect(rows).toHaveLength(300);
    expect(rows[299]?.textContent).toBe(`R299 ${'x'.repeat(100)}299${299 * 3}`);
    expect(rows[299]?.querySelector('td:last-child')?.className).toBe('align-right');
  }, 60_000);

  it('renders a long stored reply over several frames, then calls back once: one code block, same text', () => {
    const code = Array.from({ length: 6_000 }, (_, i) => `SELECT ${i} FROM t;`).join('\n');
    const target = document.createElement('div');
    let doneCalls = 0;
    createStreamingRenderer(target).finish(`Before\n\n\`\`\`sql\n${code}\n\`\`\`\n\nAfter **done**`, () => doneCalls++);
    expect(doneCalls).toBe(0); // too long to render in one go
    flushAll();
    expect(doneCalls).toBe(1);
    expect(target.querySelectorAll('pre')).toHaveLength(1);
    expect(target.querySelector('pre > code')?.className).toBe('language-sql');
    expect(target.querySelector('pre > code')?.textContent).toBe(`${code}\n`);
    expect(target.querySelector('p:last-child strong')?.textContent).toBe('done');
    expect(target.querySelector('[data-md-tail]')).toBeNull();
  });

  it('sizes each window by how long the last one took: slow ones shrink it to MIN_WINDOW, quick ones grow it back to WINDOW', () => {
    // Each reading of the clock moves it `tick` ms: a window then takes `tick` ms, and the task
    // budget is spent after one window.
    let tick = 40;
    let clock = 0;
    vi.mocked(performance.now).mockImplementation(() => (clock += tick));
    const words = Array.from({ length: 30_000 }, (_, i) => `w${i}`).join(' ');
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    r.finish(words);
    const windows = (n: number) => Array.from({ length: n }, () => (flush(), r.stats.lastParsedChars));
    // The first window is small; slow ones stay small.
    expect(windows(3).every((n) => n > MIN_WINDOW / 2 && n <= MIN_WINDOW)).toBe(true);
    tick = 1;
    expect(windows(3).at(-1)).toBeGreaterThan(WINDOW / 2);
    tick = 40;
    const shrinking = windows(4);
    expect(shrinking[0]).toBeGreaterThan(shrinking[1]!);
    expect(shrinking.at(-1)).toBeLessThanOrEqual(MIN_WINDOW);
    flushAll();
    expect([...target.querySelectorAll('p')].map((p) => p.textContent?.trim()).join(' ')).toBe(words);
  });

  it('a streaming frame whose first window took the whole task budget does no second one', () => {
    let clock = 0;
    vi.mocked(performance.now).mockImplementation(() => (clock += 10));
    const words = Array.from({ length: 30_000 }, (_, i) => `w${i}`).join(' ');
    const r = createStreamingRenderer(document.createElement('div'));
    r.update(words);
    flush();
    expect(r.stats.frames).toBe(1);
    flush();
    expect(r.stats.frames).toBe(2);
  });

  it('cuts a paragraph longer than the window into paragraphs, losing no text', () => {
    const words = Array.from({ length: 12_000 }, (_, i) => `w${i}`).join(' ');
    const target = document.createElement('div');
    createStreamingRenderer(target).finish(words);
    flushAll();
    const paragraphs = [...target.querySelectorAll('p')];
    expect(paragraphs.length).toBeGreaterThan(1);
    expect(paragraphs.map((p) => p.textContent?.trim()).join(' ')).toBe(words);
  });

  it('renders an ordinary reply synchronously, as renderMarkdown does', () => {
    const text = `# Title\n\n${table(5)}\nSome *text*.`;
    const target = document.createElement('div');
    let doneCalls = 0;
    createStreamingRenderer(target).finish(text, () => doneCalls++);
    expect(doneCalls).toBe(1);
    expect(target.innerHTML).toBe(mount(renderMarkdown(text)).innerHTML);
  });
});

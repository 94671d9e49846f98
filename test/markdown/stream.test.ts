import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderMarkdown } from '../../src/markdown/render';
import { createStreamingRenderer } from '../../src/markdown/stream';
import { loadMarkdown } from '../../src/markdown/engine';
import { mount, rng, violations } from './helpers';

// As the widget does before its first reply (src/markdown/engine.ts; lazy.test.ts covers the wait).
beforeAll(() => loadMarkdown());

// A reply with every construct that spans lines. It has no literal `**`, backticks, `|` or
// `](` outside the constructs that consume them, so any of those in the DOM is a leak.
const REPLY = `## Sipariş özeti

Bu ay **42** sipariş geldi; *iade* oranı ~~%5~~ **%3** oldu. Ayrıntılar için [raporu](https://example.com/rapor?ay=5) açın.

- **İstanbul**: 20 sipariş
- *Ankara*: 12 sipariş
  - alt madde \`kod\`
- İzmir: 10 sipariş

1. ilk
2. ikinci

3. üçüncü (gevşek liste)

| Şehir | Adet | Tutar |
|:--|--:|--:|
| İstanbul | 20 | **1.200 ₺** |
| Ankara | 12 | 800 ₺ |
| İzmir | 10 | 650 ₺ |

\`\`\`sql
SELECT city, count(*)
FROM orders

WHERE month = 5;
\`\`\`

> Not: veriler **dün** itibarıyla.
> İkinci satır.

Grafik: ![aylık grafik](https://cdn.example.com/g.png)

---

Başka sorunuz var mı? Yazın: [destek](mailto:destek@example.com).
`;

let frames: Map<number, FrameRequestCallback>;
let nextId = 1;
const flush = (): void => {
  const pending = [...frames.values()];
  frames.clear();
  for (const cb of pending) cb(0);
};

beforeEach(() => {
  // Each test runs in one task; its frames must not share one task budget (src/markdown/budget.ts).
  vi.spyOn(performance, 'now').mockReturnValue(0);
  frames = new Map();
  vi.stubGlobal(
    'requestAnimationFrame',
    vi.fn((cb: FrameRequestCallback) => {
      frames.set(nextId, cb);
      return nextId++;
    }),
  );
  vi.stubGlobal(
    'cancelAnimationFrame',
    vi.fn((id: number) => {
      frames.delete(id);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Char-by-char runs render a thousand frames through happy-dom; leave room on a busy machine.
const SLOW = 30_000;

const expected = (text: string): HTMLDivElement => mount(renderMarkdown(text));
const tailOf = (target: HTMLElement): Element | null => target.querySelector('[data-md-tail]');

function assertClean(target: HTMLElement, at: string): void {
  const text = target.textContent ?? '';
  expect(text, `literal ** at ${JSON.stringify(at.slice(-40))}`).not.toContain('**');
  expect(text, `backtick at ${JSON.stringify(at.slice(-40))}`).not.toContain('`');
  expect(text, `pipe at ${JSON.stringify(at.slice(-40))}`).not.toContain('|');
  expect(text, `]( at ${JSON.stringify(at.slice(-40))}`).not.toContain('](');
  expect(violations(target), at).toEqual([]);
}

describe('createStreamingRenderer', () => {
  it(
    'fed char by char, never shows half-typed syntax and ends equal to renderMarkdown',
    () => {
      const target = document.createElement('div');
      const r = createStreamingRenderer(target);
      for (let i = 1; i <= REPLY.length; i++) {
        r.update(REPLY.slice(0, i));
        flush();
        assertClean(target, REPLY.slice(0, i));
      }
      r.finish(REPLY);
      expect(target.isEqualNode(expected(REPLY))).toBe(true);
      expect(tailOf(target)).toBeNull();
    },
    SLOW,
  );

  it.each([1, 2, 3, 4, 5])(
    'fed in random chunks (seed %i), ends equal to renderMarkdown',
    (seed) => {
      const random = rng(seed);
      const target = document.createElement('div');
      const r = createStreamingRenderer(target);
      let i = 0;
      while (i < REPLY.length) {
        i = Math.min(REPLY.length, i + 1 + Math.floor(random() * 25));
        r.update(REPLY.slice(0, i));
        if (random() < 0.7) flush();
        assertClean(target, REPLY.slice(0, i));
      }
      r.finish(REPLY);
      expect(target.innerHTML).toBe(expected(REPLY).innerHTML);
      expect(target.isEqualNode(expected(REPLY))).toBe(true);
    },
    SLOW,
  );

  it('coalesces any number of updates into one render per animation frame', () => {
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    for (let i = 1; i <= 1000; i++) r.update(REPLY.slice(0, i));
    expect(requestAnimationFrame).toHaveBeenCalledTimes(1);
    expect(r.stats.frames).toBe(0);
    flush();
    // One frame, two windows: a reply's first is FIRST_LINES (30) lines at most, and REPLY has 36.
    expect(r.stats.frames).toBe(2);
    expect(requestAnimationFrame).toHaveBeenCalledTimes(1);
    r.update(REPLY);
    r.update(REPLY);
    flush();
    expect(r.stats.frames).toBe(3);
  });

  it(
    'keeps finished blocks as the same DOM nodes across updates and after finish',
    () => {
      const target = document.createElement('div');
      const r = createStreamingRenderer(target);
      const half = REPLY.indexOf('| Şehir');
      r.update(REPLY.slice(0, half));
      flush();
      const frozen = Array.from(target.childNodes).filter((n) => n !== tailOf(target));
      expect(frozen.length).toBe(3); // heading, paragraph, bullet list; the ordered list is still the tail
      for (let i = half; i <= REPLY.length; i += 7) {
        r.update(REPLY.slice(0, i));
        flush();
        frozen.forEach((node, k) => expect(target.childNodes[k]).toBe(node));
      }
      r.finish(REPLY);
      frozen.forEach((node, k) => expect(target.childNodes[k]).toBe(node));
      expect(target.isEqualNode(expected(REPLY))).toBe(true);
    },
    SLOW,
  );

  it(
    're-parses only the unfinished tail, not the whole message, per frame',
    () => {
      const para = (n: number): string =>
        `Paragraf ${n}: **kalın** ve *eğik* metin, [bağlantı](https://e.example/${n}) ile.\n\n`;
      const longest = para(999).length;
      const text = Array.from({ length: 150 }, (_, n) => para(n)).join('');
      const target = document.createElement('div');
      const r = createStreamingRenderer(target);
      let maxPerFrame = 0;
      for (let i = 0; i < text.length;) {
        i = Math.min(text.length, i + 17);
        r.update(text.slice(0, i));
        flush();
        maxPerFrame = Math.max(maxPerFrame, r.stats.lastParsedChars);
      }
      // The tail holds at most the block being written plus the one before it (lexed, then settled).
      expect(maxPerFrame).toBeLessThanOrEqual(4 * longest);
      expect(text.length).toBeGreaterThan(30 * maxPerFrame);
      expect(r.stats.parsedChars).toBeLessThan(r.stats.frames * 4 * longest);
      r.finish(text);
      expect(target.isEqualNode(expected(text))).toBe(true);
    },
    SLOW,
  );

  it('shows an unclosed code fence as code, without its backticks', () => {
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    r.update('Sorgu:\n\n```sql\nSELECT 1\n\nFROM t');
    flush();
    expect(target.querySelector('pre code.language-sql')?.textContent).toBe('SELECT 1\n\nFROM t\n');
    expect(target.textContent).not.toContain('`');
    r.update('Sorgu:\n\n```sql\nSELECT 1\n\nFROM t\n``');
    flush();
    expect(target.textContent).not.toContain('`');
  });

  it('shows an unfinished link as its text only, then as a link', () => {
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    r.update('Bakınız [rapor sayfası](https://exam');
    flush();
    expect(target.querySelector('a')).toBeNull();
    expect(target.textContent).toBe('Bakınız rapor sayfası');
    r.update('Bakınız [rapor sayfası](https://example.com)');
    flush();
    expect(target.querySelector('a')?.getAttribute('href')).toBe('https://example.com/');
  });

  it('shows bold text as bold while its closing ** has not arrived', () => {
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    r.update('Toplam **42 sipar');
    flush();
    expect(target.querySelector('strong')?.textContent).toBe('42 sipar');
    r.update('Toplam **42 sipariş*');
    flush();
    expect(target.querySelector('strong')?.textContent).toBe('42 sipariş');
  });

  it('hides table rows until the header separator row is complete', () => {
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    r.update('Sonuç:\n\n| a | b |\n|--');
    flush();
    expect(target.querySelector('table')).toBeNull();
    expect(target.textContent).toBe('Sonuç:');
    r.update('Sonuç:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3');
    flush();
    expect(target.querySelectorAll('.table-scroll > table tbody tr')).toHaveLength(1);
    expect(target.textContent).not.toContain('|');
  });

  it('finish cancels the pending frame and renders exactly', () => {
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    r.update(REPLY.slice(0, 100));
    r.finish(REPLY);
    expect(cancelAnimationFrame).toHaveBeenCalledTimes(1);
    expect(frames.size).toBe(0);
    r.update('ignored after finish');
    flush();
    expect(target.isEqualNode(expected(REPLY))).toBe(true);
  });

  it('destroy cancels the pending frame and ignores later updates', () => {
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    r.update('one');
    flush();
    r.update('one two');
    r.destroy();
    expect(cancelAnimationFrame).toHaveBeenCalledTimes(1);
    r.update('one two three');
    flush();
    expect(target.textContent).toBe('one');
  });

  it(
    'falls back to a full render when earlier blocks change meaning (late link definition)',
    () => {
      const text = 'Bakınız [rapor][r].\n\nBaşka paragraf.\n\n[r]: https://example.com/r\n';
      const target = document.createElement('div');
      const r = createStreamingRenderer(target);
      for (let i = 1; i <= text.length; i++) {
        r.update(text.slice(0, i));
        flush();
      }
      r.finish(text);
      expect(target.isEqualNode(expected(text))).toBe(true);
      expect(target.querySelector('a')?.getAttribute('href')).toBe('https://example.com/r');
    },
    SLOW,
  );

  it(
    'handles CRLF line ends',
    () => {
      const text = REPLY.replace(/\n/g, '\r\n');
      const target = document.createElement('div');
      const r = createStreamingRenderer(target);
      for (let i = 1; i <= text.length; i += 3) {
        r.update(text.slice(0, i));
        flush();
        assertClean(target, text.slice(0, i));
      }
      r.finish(text);
      expect(target.isEqualNode(expected(text))).toBe(true);
    },
    SLOW,
  );

  it('starts over when the text is not an extension of what it has shown', () => {
    const target = document.createElement('div');
    const r = createStreamingRenderer(target);
    r.update('first\n\nsecond\n\nthird');
    flush();
    r.update('other');
    flush();
    expect(target.textContent).toBe('other');
  });

  it(
    'keeps hostile output safe while streaming',
    () => {
      const text =
        'a <img src=x onerror=alert(1)> [x](javascript:alert(1)) ![y](https://e.example/p.png)\n\n<script>alert(1)</script>\n';
      const target = document.createElement('div');
      const r = createStreamingRenderer(target);
      for (let i = 1; i <= text.length; i++) {
        r.update(text.slice(0, i));
        flush();
        expect(violations(target)).toEqual([]);
        expect(target.querySelector('img, script')).toBeNull();
      }
    },
    SLOW,
  );
});

// Markdown as the real widget shows it, in Chromium, Firefox and WebKit: hostile replies never hold the host page's
// main thread (docs/hardening.md, "Hostile replies and the host page's main thread"), table alignment survives
// DOMPurify and the widget's CSS, and every HTML5 character reference shows as the CommonMark spec's examples say.
// Replies are canned answers of the test server (the mock has no way to stream an arbitrary text).
import { describe, expect, it } from 'vitest';
import { cannedAnswer, openPage, storedConversation, type WidgetPage } from './engines';

const sse = (text: string, piece = 1_024): string => {
  const frames: string[] = [];
  for (let i = 0; i < text.length; i += piece) {
    frames.push(
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: text.slice(i, i + piece) }, finish_reason: null }] })}\n\n`,
    );
  }
  frames.push(
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    'data: [DONE]\n\n',
  );
  return frames.join('');
};

/** The next POST /chat answers `text` as a stream of 1 KB pieces. */
const replyWith = (text: string) =>
  cannedAnswer('/api/v1/widget/chat', {
    headers: { 'content-type': 'text/event-stream', 'x-conversation-id': 'c_md' },
    body: sse(text),
  });

/** A history of one stored conversation whose answer is `text`. */
const storedReply = (text: string) =>
  storedConversation('c_md', 'Stored', [
    { id: 'm1', role: 'user', content: 'Show me' },
    { id: 'm2', role: 'assistant', content: text },
  ]);

/** How long the main thread was held, each time it was for 50 ms or more (fixtures/main-thread-gaps.js). */
const held = (wp: WidgetPage) => wp.page.evaluate(() => (window as unknown as { __long: number[] }).__long.slice());
const longestTaskSince = async (wp: WidgetPage, from: number): Promise<number> =>
  Math.max(0, ...(await held(wp)).slice(from));
const longTaskCount = async (wp: WidgetPage) => (await held(wp)).length;

const open = async () => {
  const wp = await openPage({ initOptions: { locale: 'en' }, earlyFixtures: ['main-thread-gaps.js'] });
  await wp.openPanel();
  return wp;
};

const assistant = (wp: WidgetPage) => wp.host.locator('[part~="message"][data-role="assistant"]').last();

/** What the last assistant message shows, read with the page's own selectors (no test-side tree walk). */
interface Shown {
  busy: boolean;
  items: number;
  rows: number;
  ends: number;
}

/**
 * Waits until the last assistant message satisfies `done`, probing a few times a second with native
 * queries only. The test's locators resolve through every shadow root in page script, and on a reply of
 * 10,000 items each such probe holds the page's main thread itself (hundreds of ms in WebKit), which the
 * gap timer would then blame on the widget. Returns the main thread's longest hold up to that moment,
 * read before any heavier check of the result runs in the page.
 */
const settle = async (wp: WidgetPage, from: number, done: (s: Shown) => boolean, timeout: number) => {
  const deadline = Date.now() + timeout;
  for (;;) {
    const shown = await wp.page.evaluate(() => {
      const all = document
        .querySelector('[data-service-widget]')
        ?.shadowRoot?.querySelectorAll('[part~="message"][data-role="assistant"]');
      const last = all?.[all.length - 1];
      if (!last) return null;
      return {
        busy: last.getAttribute('aria-busy') === 'true',
        items: last.querySelectorAll('li').length,
        rows: last.querySelectorAll('tbody tr').length,
        ends: (last.textContent ?? '').split('The end.').length - 1,
      };
    });
    if (shown && done(shown)) return longestTaskSince(wp, from);
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(shown)}`);
    // Polled a frame at a time: the reply is built over many frames.
    await wp.page.evaluate(() => new Promise(requestAnimationFrame));
  }
};

// Uncapped, the emphasis paragraph took 9.3 s and the 300-level list 0.45 s (2,000 levels: 59 s).
// The budget is 50 ms streamed and 100 ms opened from history, measured by `npm run bench --
// hostile` (docs/benchmarks.md). On a 2-core CI machine shared with other jobs, wall-clock tasks
// stretch many times while waiting for a core, so these tests allow 1 s: far below what the
// unbounded render takes, and stable under load.
const LIMIT_MS = 1_000;
const EMPHASIS = '_a_b '.repeat(10_000);
const TABLE = `| Region | Orders | Total |\n|:--|--:|--:|\n${Array.from({ length: 3_000 }, (_, i) => `| Region ${i} | ${i} | **${i * 7}.00** |`).join('\n')}\n`;
const NESTED = Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');

describe('hostile replies never hold the page', () => {
  it('streamed: a paragraph of 20,000 emphasis delimiters is shown as text, within the budget', async () => {
    const wp = await open();
    const before = await longTaskCount(wp);
    await replyWith(EMPHASIS);
    await wp.send('emphasis');
    await wp.waitForReplies(1);
    // Shown as its text (cut in paragraphs a window long), none of it lost or formatted.
    const shown = async () => ((await assistant(wp).locator('.md').textContent()) ?? '').match(/_a_b/g)?.length ?? 0;
    await expect.poll(shown, { timeout: 30_000 }).toBe(10_000);
    expect(await assistant(wp).locator('em, strong').count()).toBe(0);
    expect(await longestTaskSince(wp, before)).toBeLessThan(LIMIT_MS);
  }, 120_000);

  it('opened from history: emphasis and a list nested 300 levels, within the budget', async () => {
    const wp = await open();
    await storedReply(`${EMPHASIS}\n\n${NESTED}\n\nThe end.`);
    const before = await longTaskCount(wp);
    await wp.part('history-button').click();
    await wp.part('history-item').first().click();
    const reply = assistant(wp);
    await expect.poll(() => reply.textContent(), { timeout: 60_000 }).toContain('The end.');
    expect(await reply.textContent()).toContain('- level 300');
    expect(await longestTaskSince(wp, before)).toBeLessThan(LIMIT_MS);
  }, 120_000);

  it('a 3,000-row table streamed in pieces is ONE table with every row, aligned, and gets its buttons within the budget', async () => {
    const wp = await open();
    const before = await longTaskCount(wp);
    await replyWith(TABLE);
    await wp.send('table');
    await settle(wp, before, (s) => !s.busy && s.rows === 3_000, 60_000);
    const reply = assistant(wp);
    await reply.locator('[part~="chart-button"]').waitFor({ timeout: 60_000 });
    const longest = await longestTaskSince(wp, before);
    expect(await reply.locator('table').count()).toBe(1);
    expect(await reply.locator('tbody').count()).toBe(1);
    expect(await reply.locator('tbody tr').last().locator('td').allTextContents()).toEqual([
      'Region 2999',
      '2999',
      `${2999 * 7}.00`,
    ]);
    expect(await reply.locator('.actions button').allTextContents()).toEqual([
      'Show all 3,000 rows',
      'Copy table',
      'Download CSV',
      'Chart',
      'Copy answer',
    ]);
    expect(longest).toBeLessThan(LIMIT_MS);
  }, 120_000);
});

describe('tables and character references as the markdown says', () => {
  it('aligns `|--:|` columns right, `|:-:|` centre and `|:--|` left (computed style)', async () => {
    const wp = await open();
    await replyWith('| Name | Count | Note |\n|:--|--:|:-:|\n| a | 1 | x |\n| bb | 1,234 | yy |\n');
    await wp.send('table');
    const reply = await wp.waitForReplies(1);
    const aligns = await reply
      .locator('tbody tr')
      .first()
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => getComputedStyle(td).textAlign));
    expect(aligns).toEqual(['left', 'right', 'center']);
    const head = await reply.locator('thead th').evaluateAll((ths) => ths.map((th) => getComputedStyle(th).textAlign));
    expect(head).toEqual(['left', 'right', 'center']);
  });

  it('decodes every HTML5 named reference and the numeric ones (CommonMark examples 25-30)', async () => {
    const wp = await open();
    const examples = [
      '&nbsp; &amp; &copy; &AElig; &Dcaron;\n&frac34; &HilbertSpace; &DifferentialD;\n&ClockwiseContourIntegral; &ngE;',
      '&#35; &#1234; &#992; &#0;',
      '&#X22; &#XD06; &#xcab;',
      '&nbsp &x; &#; &#x;\n&#87654321;\n&#abcdef0;\n&ThisIsNotDefined; &hi?;',
      '&copy',
      '&MadeUpEntity;',
      '&hellip; and &notit; and &copyx;',
    ];
    await replyWith(examples.join('\n\n'));
    await wp.send('entities');
    const reply = await wp.waitForReplies(1);
    const paragraphs = await reply.locator('.md p').allTextContents();
    expect(paragraphs).toEqual([
      '\u00a0 & © Æ Ď\n¾ ℋ ⅆ\n∲ ≧̸',
      '# Ӓ Ϡ �',
      '" ആ ಫ',
      '&nbsp &x; &#; &#x;\n&#87654321;\n&#abcdef0;\n&ThisIsNotDefined; &hi?;',
      '&copy',
      '&MadeUpEntity;',
      '… and &notit; and &copyx;',
    ]);
  });
});

// Long answers (docs/hardening.md): a list of 10,000 items and 200 KB of escapes arrive whole, in
// order, the list's pieces laid out as one list (no gap where one piece ends and the next begins).
describe('long answers arrive whole', () => {
  const LIST = `${Array.from({ length: 10_000 }, (_, i) => `- item ${i}`).join('\n')}\n\nThe end.`;
  const ESCAPES = `${'\\.'.repeat(100_000)}\n\nThe end.`;

  /** In the page: every item in order, and each list piece flush against the one before. */
  const listState = (reply: ReturnType<typeof assistant>) =>
    reply.locator('.md').evaluate((md) => {
      const items = [...md.querySelectorAll('li')];
      const lists = [...md.querySelectorAll('ul')];
      // Laid out as on screen: off screen, a piece is skipped (styles/chat.css, content-visibility)
      // and its items have no geometry to compare.
      for (const ul of lists) ul.style.contentVisibility = 'visible';
      const gaps = lists.slice(1).map((ul, k) => {
        const above = lists[k]!.lastElementChild!.getBoundingClientRect().bottom;
        return Math.abs(ul.firstElementChild!.getBoundingClientRect().top - above);
      });
      return {
        count: items.length,
        inOrder: items.every((li, i) => li.textContent === `item ${i}`),
        lists: lists.length,
        widestGap: Math.max(0, ...gaps),
      };
    });

  it('streamed: a list of 10,000 items shows every item, in order, as one list, within the budget', async () => {
    const wp = await open();
    const before = await longTaskCount(wp);
    await replyWith(LIST);
    await wp.send('list');
    const longest = await settle(wp, before, (s) => !s.busy && s.items === 10_000 && s.ends === 1, 180_000);
    const state = await listState(assistant(wp));
    expect(state).toMatchObject({ count: 10_000, inOrder: true });
    expect(state.lists).toBeGreaterThan(1); // it did come in pieces
    expect(state.widestGap).toBeLessThanOrEqual(1);
    expect(longest).toBeLessThan(LIMIT_MS);
  }, 300_000);

  it('opened from history: the list, and 200 KB of escapes shown as their 100,000 characters', async () => {
    const wp = await open();
    await storedReply(`${LIST}\n\n${ESCAPES}`);
    const before = await longTaskCount(wp);
    await wp.part('history-button').click();
    await wp.part('history-item').first().click();
    const longest = await settle(wp, before, (s) => s.items === 10_000 && s.ends === 2, 180_000);
    const reply = assistant(wp);
    expect(await listState(reply)).toMatchObject({ count: 10_000, inOrder: true });
    const dots = await reply.locator('.md').evaluate(
      (md) =>
        [...md.querySelectorAll('p')]
          .map((p) => p.textContent)
          .join('')
          .match(/\./g)?.length,
    );
    expect(dots).toBe(100_000 + 2); // and the two full stops of "The end."
    expect(longest).toBeLessThan(LIMIT_MS);
  }, 300_000);
});

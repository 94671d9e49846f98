// One stored answer of thousands of blocks in Chromium, Firefox and WebKit (docs/hardening.md, "Long
// answers" and "The buttons of a finished reply"): every table and code block gets its buttons,
// and what the visitor reads stays where it is while the reply's containers of blocks are skipped
// off screen (styles/chat.css `.md-chunk`), and after they scroll away and come back. How
// long each task takes is measured by `npm run bench -- hostile` ("mixed").
import { describe, expect, it } from 'vitest';
import { manyBlocksAnswer } from '../../mock/hostile-tables';
import { cannedAnswer, ENGINE, openPage, passTime, WAIT } from './engines';

// Five blocks a section: 3,000 blocks in about a dozen containers (WebKitGTK, slower: half).
const SECTIONS = ENGINE === 'webkit' ? 300 : 600;
const at = '2026-11-27T00:00:00Z';

describe('a stored answer of thousands of blocks', () => {
  it('gets every button, and what the visitor reads does not move, nor after they scroll away and back', async () => {
    const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const wp = await openPage({
      initOptions: { locale: 'en' },
      beforeLoad: async () => {
        await cannedAnswer(
          '/api/v1/widget/conversations',
          json({
            data: [{ id: 'c_blocks', title: 'Every region', created_at: at, updated_at: at }],
            next_cursor: null,
          }),
        );
        await cannedAnswer(
          '/api/v1/widget/conversations/c_blocks',
          json({
            id: 'c_blocks',
            title: 'Every region',
            messages: [
              { id: 'u1', role: 'user', content: 'Every region, section by section', created_at: at },
              { id: 'a1', role: 'assistant', content: manyBlocksAnswer(SECTIONS), created_at: at },
            ],
          }),
        );
      },
    });
    await wp.openPanel();
    await wp.part('history-button').click();
    await wp.part('history-item').first().click();
    const reply = wp.part('message').last();
    // The visitor scrolls up to the top as soon as the answer begins to show: the rest of it is
    // built below, off screen.
    await expect.poll(() => reply.textContent(), { timeout: WAIT }).toContain('Section 1 ');
    const list = wp.part('message-list');
    const box = (await list.boundingBox())!;
    await wp.page.mouse.wheel(box.x + box.width / 2, box.y + box.height / 2, 0, -400);
    await list.evaluate((el) => (el.scrollTop = 0));
    await reply.locator('[part~="copy-message-button"]').waitFor({ timeout: WAIT * 4 });
    await expect
      .poll(() => reply.locator('[part~="download-table-button"]').count(), { timeout: WAIT * 4 })
      .toBe(SECTIONS);
    expect(await reply.locator('[part~="copy-code-button"]').count()).toBe(SECTIONS);
    // The case this test is for: containers of blocks, which the browser skips while off screen.
    expect(await reply.locator('.md-chunk').count()).toBeGreaterThan(2);

    // The visitor goes to the middle of the answer and reads a paragraph there.
    const frames = () =>
      wp.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const middle = await list.evaluate((el) => (el.scrollTop = Math.round(el.scrollHeight / 2)));
    await frames();
    const reading = () =>
      list.evaluate((el) => {
        const top = el.getBoundingClientRect().top;
        const p = [...el.querySelectorAll('.md p')].find((x) => x.getBoundingClientRect().bottom > top)!;
        return `${p.textContent!.split(' with ')[0]} at ${Math.round(p.getBoundingClientRect().top - top)}`;
      });
    const read = await reading();
    expect(read).toMatch(/^Section \d+ at -?\d+$/);
    // Frames pass (the containers off screen become skippable): the same paragraph, at the same place.
    await passTime(wp.page, 500);
    expect(await reading()).toBe(read);
    // Up a screen at a time to the top, every container above drawn on the way, and back: each
    // had its size already (laid out as it was added, while the visitor was at the top), so
    // nothing above the paragraph changed height and the same scroll position shows it there.
    for (let top = middle; top > 0; top -= Math.round(box.height)) {
      await list.evaluate((el, t) => (el.scrollTop = t), top);
      await frames();
    }
    await list.evaluate((el, t) => (el.scrollTop = t), middle);
    await frames();
    expect(await reading()).toBe(read);
  });
});

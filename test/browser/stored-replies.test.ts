// A stored reply renders exactly as the same reply streamed (issue #36, item 4), in Chromium, Firefox
// and WebKit: the mock's `citations` answer (mock/cited-answer.ts) cites 31 sources with every
// reference-link definition at its end, as models write citations, and is longer than both the first
// render window (30 lines) and a full one (8 KB). Streamed, it is rendered as it comes; opened from
// history, it is rendered whole in windows (src/markdown/stream.ts), each of which must resolve the
// definitions at the end (src/markdown/definitions.ts).
import { describe, expect, it } from 'vitest';
import { CITED_SOURCES } from '../../mock/cited-answer';
import { openPage, WAIT, type Locator } from './engines';

/** What the visitor sees of a reply: its text, and each link's text and address. */
const seen = (reply: Locator) =>
  reply.evaluate((el) => ({
    text: el.textContent,
    links: [...el.querySelectorAll('a')].map((a) => `${a.textContent} → ${a.getAttribute('href')}`),
  }));

describe('a long stored reply with its reference definitions at the end', () => {
  it('opened from history, shows every link and every word as it did streamed', async () => {
    const wp = await openPage({ scenario: 'citations', initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('Which sources back the Q3 findings?');
    const reply = await wp.waitForReplies(1);
    // Every citation is a link (62 findings cite 31 sources in turn; the end of a long reply may
    // still be rendering over frames), and no reference is left raw.
    await expect.poll(async () => (await seen(reply)).links.length, { timeout: WAIT }).toBe(62);
    // Finished as the visitor sees it, its actions included (a stored reply shows them at once).
    await reply.locator('[part~="copy-message-button"]').waitFor();
    const streamed = await seen(reply);
    expect(new Set(streamed.links).size).toBe(CITED_SOURCES * 2);
    expect(streamed.text).not.toMatch(/\[src-\d+\]/);

    await wp.part('new-conversation-button').click();
    await expect.poll(() => wp.part('message').count(), { timeout: WAIT }).toBe(0);
    await wp.part('history-button').click();
    await wp.part('history-item').first().click();
    const stored = wp.host.locator('[part~="message"][data-role="assistant"]');
    await stored.waitFor();
    await expect.poll(() => seen(stored), { timeout: WAIT }).toEqual(streamed);
    expect(await wp.pageErrors()).toEqual([]);
  });
});

// A full chat round trip (docs/protocol.md, "POST /chat") from the script-tag page, what goes on the wire, and how the
// widget shows stop, limits, a cut stream and tool calls.
// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { describe, expect, it } from 'vitest';
import { NORMAL_ANSWER, TOOLS_SQL } from '../../mock/answers';
import { apiRequests, DEMO_PUBLIC_ID, openPage, passTime, serverUrl, WAIT } from './engines';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const chatRequests = async () =>
  (await apiRequests()).filter((r) => r.method === 'POST' && r.path === '/api/v1/widget/chat');

describe('chat round trip', () => {
  it('Enter sends; the reply streams in and renders markdown; the wire carries exactly the contract', async () => {
    const wp = await openPage({
      initOptions: { locale: 'en' },
      // A cookie for the service's origin: `credentials: 'omit'` must keep it off the wire.
      beforeLoad: async (page) => {
        await page.driver.addCookie({ name: 'host_session', value: 'cookie-must-not-travel', url: serverUrl() });
      },
    });
    await wp.openPanel();
    await wp.send('How many orders did we get last week?');

    // The question shows at once as the visitor's message.
    const user = wp.host.locator('[part~="message"][data-role="user"]');
    await user.first().waitFor();
    expect(await user.first().textContent()).toContain('How many orders did we get last week?');

    const reply = await wp.waitForReplies(1);
    expect(await reply.getAttribute('data-role')).toBe('assistant');
    expect(await reply.locator('strong').first().textContent()).toBe('42');
    const table = reply.locator('table');
    expect(await table.count()).toBe(1);
    expect(await table.locator('th').allTextContents()).toEqual(['Status', 'Orders', 'Share']);
    expect(await table.locator('tbody tr').count()).toBe(3);
    expect(await reply.locator('li').count()).toBe(3);
    expect(await reply.textContent()).toContain('İzmir and Köln');
    // Markdown syntax is rendered, not shown.
    expect(await reply.textContent()).not.toContain('**');
    expect(await reply.textContent()).not.toContain('|---');
    // The composer is empty and ready again.
    expect(await wp.part('composer-input').inputValue()).toBe('');

    // The finished reply is announced once through a polite live region.
    const live = wp.host.locator('[aria-live="polite"]');
    await expect.poll(() => live.textContent()).toContain('The assistant answered.');
    expect(await live.textContent()).toContain('There were 42 orders');

    const events = (await wp.events()).map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(['ready', 'open', 'message_sent', 'reply_done']));

    // On the wire.
    const [first] = await chatRequests();
    expect(first).toBeDefined();
    expect(first!.headers['authorization']).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await wp.tokens()).toContain(first!.headers['authorization']!.slice('Bearer '.length));
    expect(first!.headers['x-public-id']).toBe(DEMO_PUBLIC_ID);
    expect(first!.headers['idempotency-key']).toMatch(UUID);
    expect(first!.headers['cookie']).toBeUndefined();
    expect(first!.body).toEqual({ message: 'How many orders did we get last week?' });
    expect(Object.keys(first!.body as object)).toEqual(['message']);

    // The second send names the conversation the first one started, with a fresh key.
    await wp.send('And the week before?');
    await wp.waitForReplies(2);
    const requests = await chatRequests();
    expect(requests).toHaveLength(2);
    const second = requests[1]!;
    const conversationId = (second.body as { conversation_id?: string }).conversation_id;
    expect(conversationId).toMatch(/^conv_/);
    expect(second.body).toEqual({ conversation_id: conversationId, message: 'And the week before?' });
    expect(second.headers['idempotency-key']).toMatch(UUID);
    expect(second.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
    expect(second.headers['cookie']).toBeUndefined();

    // getAuthToken ran before every request: /config + 2 chats, each with its own fresh token.
    const all = await apiRequests();
    expect(await wp.tokenCalls()).toBe(all.length);
    for (const r of all) {
      expect(r.headers['authorization']).toMatch(/^Bearer /);
      expect(r.headers['x-public-id']).toBe(DEMO_PUBLIC_ID);
      expect(r.headers['cookie']).toBeUndefined();
    }

    // Both exchanges are on screen, with roles.
    const roles = await wp.host
      .locator('[part~="message"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-role')));
    expect(roles).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('Shift+Enter breaks the line instead of sending', async () => {
    const wp = await openPage();
    await wp.openPanel();
    const input = wp.part('composer-input');
    await input.fill('first line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    expect(await input.inputValue()).toBe('first line\nsecond line');
    expect(await chatRequests()).toHaveLength(0);
    await input.press('Enter');
    await wp.waitForReplies(1);
    expect((await chatRequests())[0]!.body).toEqual({ message: 'first line\nsecond line' });
  });

  // (Was a product bug, found by the screenshots: the height followed `input` events only, so the
  // empty composer kept the tall height after a send. Fixed in src/ui/Composer.tsx.)
  it('the composer grows with a long message and shrinks back once it is sent', async () => {
    const wp = await openPage();
    await wp.openPanel();
    const input = wp.part('composer-input');
    const height = () => input.evaluate((el) => el.getBoundingClientRect().height);
    const empty = await height();
    await input.fill('line one\nline two\nline three\nline four');
    expect(await height()).toBeGreaterThan(empty + 40);
    await input.press('Enter');
    await wp.waitForReplies(1);
    expect(await input.inputValue()).toBe('');
    expect(await height()).toBe(empty);
  });

  it('a one-line question leaves the message list its size, as it is typed and as it is sent', async () => {
    const wp = await openPage();
    await wp.openPanel();
    const input = wp.part('composer-input');
    const listHeight = () => wp.part('message-list').evaluate((el) => el.getBoundingClientRect().height);
    const before = await listHeight();
    await input.fill('How many orders shipped today?');
    expect(await listHeight()).toBe(before);
    await input.press('Enter');
    await wp.waitForReplies(1);
    expect(await input.inputValue()).toBe('');
    expect(await listHeight()).toBe(before);
  });

  it('a streaming reply keeps its end in view; the wheel up stops the following; back at the end it follows again', async () => {
    // A long reply, one chunk every 20 ms (a minute in all): it streams for longer than WebDriver's
    // steps take, also on a loaded machine (at 10 ms it once ended before the last check in WebKit).
    const wp = await openPage({ initOptions: { locale: 'en' }, scenario: 'long', settings: { longChunkDelayMs: 20 } });
    await wp.openPanel();
    await wp.send('The full report please');
    const list = wp.part('message-list');
    const fromEnd = () => list.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));
    const height = () => list.evaluate((el) => el.scrollHeight);
    // Followed while it grows well past the list's height.
    const viewport = await list.evaluate((el) => el.clientHeight);
    await expect.poll(height, { timeout: WAIT }).toBeGreaterThan(3 * viewport);
    await expect.poll(fromEnd, { timeout: WAIT }).toBeLessThanOrEqual(48);

    // The visitor wheels up to read: the reply grows below without pulling them to its end
    // (Firefox's scroll anchoring may move scrollTop to keep what they read in place).
    // One wheel: in Firefox the scroll event of the last pin could come after it, still at the end,
    // and pin the list back (about every other time; MessageList's onScroll now ignores it).
    const box = (await list.boundingBox())!;
    await wp.page.mouse.wheel(box.x + box.width / 2, box.y + box.height / 2, 0, -400);
    await expect.poll(fromEnd, { timeout: WAIT }).toBeGreaterThan(300);
    const grown = await height();
    await expect.poll(height, { timeout: WAIT }).toBeGreaterThan(grown + 200);
    expect(await fromEnd()).toBeGreaterThan(300);

    // Back at the end (the visitor's wheel down), it follows again.
    // (Turn by turn: WebKit's driver scrolls a few thousand px per wheel turn at most.)
    for (let turn = 0; turn < 30 && (await fromEnd()) > 48; turn++)
      await wp.page.mouse.wheel(box.x + box.width / 2, box.y + box.height / 2, 0, 3000);
    await expect.poll(fromEnd, { timeout: WAIT }).toBeLessThanOrEqual(48);
    const later = await height();
    await expect.poll(height, { timeout: WAIT }).toBeGreaterThan(later + 200);
    await expect.poll(fromEnd, { timeout: WAIT }).toBeLessThanOrEqual(48);
  });
});

describe('stopping and failures', () => {
  it('the stop button mid-stream keeps the partial reply, marked as stopped', async () => {
    const wp = await openPage({ scenario: 'slow', initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('Orders last week?');
    const reply = wp.host.locator('[part~="message"][data-role="assistant"]');
    // Wait until some text has streamed in, then stop.
    await expect
      .poll(async () => ((await reply.first().locator('.md').textContent()) ?? '').length, { timeout: WAIT })
      .toBeGreaterThan(10);
    await wp.part('stop-button').click();
    await wp.part('send-button').waitFor();
    await reply.first().getByText('Stopped.').waitFor();
    const partial = (await reply.first().locator('.md').textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(10);
    expect(partial.length).toBeLessThan(NORMAL_ANSWER.length);
    expect(NORMAL_ANSWER.replace(/\*\*/g, '')).toContain(partial.trim().slice(0, 10));
    // It stays (no later re-render wipes it), and no error notice is shown for a stop.
    await passTime(wp.page, 700); // two more chunk intervals of the `slow` scenario: nothing may change
    expect((await reply.first().locator('.md').textContent()) ?? '').toBe(partial);
    expect(await wp.part('notice').count()).toBe(0);
    expect(await reply.first().getAttribute('aria-busy')).not.toBe('true');
  });

  it("429 daily limit: a 'limit' notice, and the typed message stays in the composer", async () => {
    const wp = await openPage({ scenario: 'limit-daily', initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('One more question please');
    const notice = wp.host.locator('[part~="notice"][data-kind="limit"]');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/daily/i);
    expect(await wp.part('composer-input').inputValue()).toBe('One more question please');
    // No retry for a 429: exactly one chat request.
    expect(await chatRequests()).toHaveLength(1);
    const errors = (await wp.events()).filter((e) => e.type === 'error');
    expect(errors).toEqual([expect.objectContaining({ type: 'error', code: 'limit' })]);
  });

  it("a stream cut mid-reply keeps the partial reply and shows an 'interrupted' notice with a reload button", async () => {
    // A small pause between chunks, as a real stream has. (With the mock's default of 0 the Node
    // server destroys the socket before the written chunks are flushed, so the cut comes before
    // any content: a mock bug, see the report.)
    const wp = await openPage({ scenario: 'cut', settings: { chunkDelayMs: 20 }, initOptions: { locale: 'en' } });
    await wp.openPanel();
    await wp.send('Top customers this quarter?');
    const notice = wp.host.locator('[part~="notice"][data-kind="interrupted"]');
    await notice.waitFor();
    const reload = notice.locator('[part~="reload-button"]');
    expect(await reload.count()).toBe(1);
    const reply = wp.host.locator('[part~="message"][data-role="assistant"]').first();
    expect(await reply.textContent()).toContain('Acme Ltd');
    expect(await reply.textContent()).not.toContain('Umbrella Corp');
    // Never re-sent automatically.
    expect(await chatRequests()).toHaveLength(1);

    // Reload asks the service for the conversation, which has the whole answer.
    await reload.click();
    await wp.host.locator('[part~="message"][data-role="assistant"]', { hasText: 'Umbrella Corp' }).waitFor();
    expect(
      (await apiRequests()).some((r) => r.method === 'GET' && r.path.startsWith('/api/v1/widget/conversations/conv_')),
    ).toBe(true);
    expect(await chatRequests()).toHaveLength(1);
  });

  it('tool calls: no function name, SQL or arguments ever reach the shadow DOM', async () => {
    const wp = await openPage({ scenario: 'tools', settings: { chunkDelayMs: 20 } });
    await wp.openPanel();
    await wp.page.evaluate(() => window.__swTest.watchText());
    await wp.send('Revenue by region, last 30 days?');
    const reply = await wp.waitForReplies(1);
    expect(await reply.locator('table').count()).toBe(1);
    expect(await reply.textContent()).toContain('Marmara');

    const seen = await wp.page.evaluate(() => window.__swTest.seenText.join('\n'));
    const html = await wp.page.evaluate(() => window.__swTest.root()!.innerHTML);
    const sql = JSON.parse(TOOLS_SQL) as { sql: string };
    for (const secret of ['sales_db', 'run_sql', 'call_1', 'SELECT', 'GROUP BY', '"sql"', sql.sql.slice(0, 30)]) {
      expect(seen, `mid-stream text showed ${secret}`).not.toContain(secret);
      expect(html, `final DOM shows ${secret}`).not.toContain(secret);
    }
  });
});

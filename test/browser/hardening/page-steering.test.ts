// Nothing on the host page, nor on the widget's own host, chooses what the widget loads or where
// it sends: issue 10 (points 2, 3, 7) and issue 15.7 (Subresource Integrity) in real Chromium.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { en } from '../../../src/i18n/en';
import { disconnectBrowser, openPage, serverUrl, WAIT, type WidgetPage } from '../helpers';
import { PAGES_DIR, REPO_ROOT, urlPath } from '../paths';

afterAll(disconnectBrowser);

/** A host the page may name but that must never be asked (`.invalid` never resolves). */
const OTHER = 'http://other-origin.invalid';
const toOther = (wp: WidgetPage) => wp.requests.filter((r) => r.url.startsWith(OTHER));

/** This run's built dist/ file, as the pages load it. */
const distFile = (name: string) => path.join(REPO_ROOT, path.dirname(inject('widgetScriptPath')), name);

/** Copies of this run's widget-voice.js, as a host could serve them: untouched or changed. */
function serveRuntime(tamper: boolean): string {
  const dir = path.join(PAGES_DIR, `runtime-${process.pid}-${Date.now().toString(36)}-${tamper ? 'tampered' : 'pristine'}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'widget-voice.js');
  if (tamper) writeFileSync(file, `${readFileSync(distFile('widget-voice.js'), 'utf8')}\n;window.__swTampered = 1;\n`);
  else copyFileSync(distFile('widget-voice.js'), file);
  return `${serverUrl()}${urlPath(file)}`;
}

async function pressMic(runtimeUrl: string): Promise<WidgetPage> {
  const wp = await openPage({ initOptions: { locale: 'en', voice: true, voiceRuntimeUrl: runtimeUrl } });
  await wp.openPanel();
  await wp.part('mic-button').click();
  return wp;
}

describe('Subresource Integrity of the lazy runtimes', () => {
  it('the runtime built with widget.js loads with its integrity and runs', async () => {
    const wp = await pressMic(serveRuntime(false));
    await expect.poll(() => wp.part('mic-button').getAttribute('aria-pressed'), { timeout: WAIT }).toBe('true');
    const script = await wp.page.evaluate(() =>
      [...document.scripts].filter((s) => s.src.endsWith('/widget-voice.js')).map((s) => [s.integrity, s.crossOrigin]),
    );
    const manifest = JSON.parse(readFileSync(distFile('integrity.json'), 'utf8')) as Record<string, string>;
    expect(script).toEqual([[manifest['widget-voice.js'], 'anonymous']]);
  });

  it('a widget-voice.js changed on its host is refused with a voice notice, never run', async () => {
    const wp = await pressMic(serveRuntime(true));
    const notice = wp.part('notice');
    await notice.waitFor();
    expect(await notice.getAttribute('data-kind')).toBe('voice');
    expect(await notice.textContent()).toContain(en.voiceFailed);
    expect(await wp.page.evaluate(() => (window as { __swTampered?: number }).__swTampered)).toBeUndefined();
    expect(await wp.part('mic-button').getAttribute('aria-pressed')).toBe('false');
    // The page's developer is told why, once.
    expect(wp.consoleMessages.filter((m) => m.type === 'error' && /widget-voice\.js was not run/.test(m.text))).toHaveLength(1);
  });
});

describe('an injected <base href> does not choose where the voice runtime comes from', () => {
  it('inlined widget.js (no script src): widget-voice.js is asked from baseUrl, not from the <base>', async () => {
    const code = readFileSync(distFile('widget.js'), 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '');
    const wp = await openPage({
      headHtml: `<base href="${OTHER}/">`,
      initOptions: { locale: 'en', voice: true, baseUrl: serverUrl() },
      beforeLoad: async (page) => {
        // The page carries widget.js inline, as a bundler or a CMS snippet would: no `src` to go by.
        await page.route(/\/index\.html$/, async (route) => {
          const res = await route.fetch();
          const html = (await res.text()).replace(/<script src="[^"]*\/widget\.js"><\/script>/, () => `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`);
          await route.fulfill({ response: res, body: html });
        });
      },
    });
    expect(await wp.page.evaluate(() => [...document.scripts].some((s) => s.src.endsWith('/widget.js')))).toBe(false);
    await wp.openPanel();
    await wp.part('mic-button').click();
    await wp.part('notice').waitFor(); // the service does not serve the runtime at its root: a 404
    expect(wp.requests.filter((r) => r.url.endsWith('/widget-voice.js')).map((r) => r.url)).toEqual([`${serverUrl()}/widget-voice.js`]);
    expect(toOther(wp)).toEqual([]);
  });
});


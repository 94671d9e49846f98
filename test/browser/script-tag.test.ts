// The plain <script src> embed (README, "Embed it"). Loading widget.js only defines window.ServiceWidget;
// init mounts one open shadow host styled through adoptedStyleSheets; nothing goes on the wire
// (and getAuthToken is not called) until the panel first opens.
// Runs in Chromium, Firefox and WebKit (test/browser/engines).
import { describe, expect, it } from 'vitest';
import { apiRequests, openPage, passTime, WAIT } from './engines';

describe('loading widget.js with a plain <script src>', () => {
  it('defines only window.ServiceWidget and touches nothing else', async () => {
    const wp = await openPage({ autoInit: false, instrumentLoad: true });
    const load = await wp.page.evaluate(() => window.__swLoad);

    const added = load.keysAfter.filter((k) => !load.keysBefore.includes(k));
    expect(added).toEqual(['ServiceWidget']);
    const addedNames = load.namesAfter.filter((k) => !load.namesBefore.includes(k));
    expect(addedNames).toEqual(['ServiceWidget']);

    expect(load.nodesAfter).toBe(load.nodesBefore);
    expect(load.mutations).toEqual([]);
    expect(load.calls).toEqual([]); // no listener, timer, fetch, XHR, socket or storage write
    expect(load.handlersAfter).toEqual(load.handlersBefore);
    expect(load.sheetsAfter).toBe(load.sheetsBefore);
    expect(load.cookieAfter).toBe(load.cookieBefore);
    expect(load.storageAfter).toBe(load.storageBefore);

    const api = await wp.page.evaluate(() => ({
      keys: Object.keys(window.ServiceWidget).sort(),
      version: window.ServiceWidget.version,
      init: typeof window.ServiceWidget.init,
      hosts: document.querySelectorAll('[data-service-widget]').length,
    }));
    expect(api.keys).toEqual(['init', 'version']);
    expect(typeof api.version).toBe('string');
    expect(api.version.length).toBeGreaterThan(0);
    expect(api.init).toBe('function');
    expect(api.hosts).toBe(0);

    await passTime(wp.page);
    expect(await apiRequests()).toEqual([]);
    expect((await wp.requestedUrls()).filter((url) => url.includes('/api/'))).toEqual([]);
    expect(await wp.tokenCalls()).toBe(0);
  });
});

describe('ServiceWidget.init', () => {
  it('mounts exactly one open shadow host styled only through adoptedStyleSheets', async () => {
    const wp = await openPage();
    await wp.part('launcher').waitFor();

    const dom = await wp.page.evaluate(() => {
      const hosts = document.querySelectorAll('[data-service-widget]');
      const host = hosts[0] as HTMLElement;
      const root = host.shadowRoot!;
      const all = Array.from(root.querySelectorAll('*'));
      return {
        hosts: hosts.length,
        parent: host.parentElement?.tagName,
        shadowMode: root.mode,
        adopted: root.adoptedStyleSheets.length,
        adoptedRules: root.adoptedStyleSheets.reduce((n, s) => n + s.cssRules.length, 0),
        styleOrLink: root.querySelectorAll('style, link').length,
        inlineStyles: all.filter((el) => el.hasAttribute('style')).map((el) => el.getAttribute('part') ?? el.tagName),
        imgs: root.querySelectorAll('img, picture, image, object, embed, iframe').length,
        svgs: root.querySelectorAll('svg').length,
        pageStyleSheets: document.styleSheets.length + document.adoptedStyleSheets.length,
      };
    });
    expect(dom.hosts).toBe(1);
    expect(dom.parent).toBe('BODY');
    expect(dom.shadowMode).toBe('open');
    expect(dom.adopted).toBeGreaterThan(0);
    expect(dom.adoptedRules).toBeGreaterThan(10);
    expect(dom.styleOrLink).toBe(0);
    // The panel's tree may already wait hidden in the page (made in idle time, src/widget.tsx): its
    // composer has measured its height through CSSOM, as it does once open (below).
    expect(dom.inlineStyles.filter((p) => p !== 'composer-input')).toEqual([]);
    expect(dom.imgs).toBe(0);
    expect(dom.svgs).toBeGreaterThan(0); // the launcher icon is inline SVG
    expect(dom.pageStyleSheets).toBe(0); // nothing added to the page's own styles

    // After opening and typing (the textarea grows through CSSOM), still no other style attributes.
    await wp.openPanel();
    await wp.part('composer-input').fill('line one\nline two\nline three');
    const styled = await wp.page.evaluate(() =>
      Array.from(document.querySelector('[data-service-widget]')!.shadowRoot!.querySelectorAll('[style]')).map(
        (el) => el.getAttribute('part') ?? el.tagName,
      ),
    );
    expect(styled.filter((p) => p !== 'composer-input')).toEqual([]);
    expect(
      await wp.page.evaluate(
        () => document.querySelector('[data-service-widget]')!.shadowRoot!.querySelectorAll('style, link').length,
      ),
    ).toBe(0);
  });

  it('makes no request and no getAuthToken call before the launcher is first clicked, then asks /config once', async () => {
    const wp = await openPage();
    await wp.part('launcher').waitFor();
    await expect.poll(async () => (await wp.events()).map((e) => e.type)).toContain('ready');
    await passTime(wp.page, 600);
    expect(await apiRequests()).toEqual([]);
    expect(await wp.tokenCalls()).toBe(0);
    expect((await wp.requestedUrls()).filter((url) => url.includes('/api/'))).toEqual([]);

    await wp.openPanel();
    await expect.poll(async () => (await apiRequests()).length, { timeout: WAIT }).toBe(1);
    const [config] = await apiRequests();
    expect(config?.method).toBe('GET');
    expect(config?.path).toBe('/api/v1/widget/config');
    expect(await wp.tokenCalls()).toBe(1);

    // Closing and reopening does not ask again.
    await wp.part('close-button').click();
    await wp.part('panel').waitFor({ state: 'detached' });
    await wp.openPanel();
    await passTime(wp.page);
    expect((await apiRequests()).filter((r) => r.path.startsWith('/api/v1/widget/config'))).toHaveLength(1);
  });

  it('double init on the same target never mounts twice', async () => {
    const wp = await openPage();
    await wp.part('launcher').waitFor();
    await wp.page.evaluate(() => window.__swTest.init());
    await wp.part('launcher').waitFor();
    expect(await wp.host.count()).toBe(1);
    expect(await wp.part('launcher').count()).toBe(1);
  });

  it('throws a TypeError naming the option for bad options', async () => {
    const wp = await openPage({ autoInit: false, bodyHtml: '<div id="box"></div>' });
    const results = await wp.page.evaluate(() => {
      const ok = { publicId: 'demo-public-id', authToken: 'x.y.z' };
      const cases: [string, Record<string, unknown>][] = [
        ['publicId', {}],
        ['publicId', { publicId: '', authToken: 'x.y.z' }],
        ['publicId', { publicId: 42, authToken: 'x.y.z' }],
        ['authToken', { publicId: 'p' }],
        ['authToken', { publicId: 'p', authToken: 'x.y.z', getAuthToken: () => 'x.y.z' }],
        ['getAuthToken', { publicId: 'p', getAuthToken: 'not a function' }],
        ['container', { ...ok, container: '#does-not-exist' }],
        ['voice', { ...ok, voice: 'yes' }],
        ['theme', { ...ok, theme: 'blue' }],
        ['locale', { ...ok, locale: 'de' }],
      ];
      return cases.map(([option, options]) => {
        try {
          window.ServiceWidget.init(options as never);
          return { option, threw: false, type: '', message: '' };
        } catch (e) {
          return { option, threw: true, type: (e as Error).constructor.name, message: String((e as Error).message) };
        }
      });
    });
    for (const r of results) {
      expect(r.threw, `${r.option} should throw`).toBe(true);
      expect(r.type, r.message).toBe('TypeError');
      expect(r.message).toContain(r.option);
    }
    // Allowed values are named for the enumerated options.
    expect(results.find((r) => r.option === 'theme')?.message).toMatch(/dark.*light.*auto/);
    expect(results.find((r) => r.option === 'locale')?.message).toMatch(/tr.*en/);
    // A failed init leaves nothing behind.
    expect(await wp.host.count()).toBe(0);
    await passTime(wp.page);
    expect(await apiRequests()).toEqual([]);
  });
});

// What a screen reader is given: a recorder in the page keeps every text change of the widget's
// live regions (aria-live, or role alert/status) that no aria-busy holds back, as assistive
// technology receives it. A test reads what was said over time, not a region's text at one moment,
// which a later announcement may already have replaced.
import type { WidgetPage } from './engines';

/** Installs the recorder in the page: [region politeness, text] per announcement, in order. */
export async function listen(wp: WidgetPage): Promise<() => Promise<[string, string][]>> {
  await wp.host.evaluate((host) => {
    const root = host.shadowRoot!;
    const log: [string, string][] = [];
    (window as unknown as { __heard: typeof log }).__heard = log;
    const last = new WeakMap<Element, string>();
    const scan = () => {
      for (const region of root.querySelectorAll('[aria-live], [role="alert"], [role="status"]')) {
        if (region.closest('[aria-busy="true"]')) continue;
        const text = region.textContent ?? '';
        if (last.get(region) === text) continue;
        last.set(region, text);
        const live =
          region.getAttribute('aria-live') ?? (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
        // A trailing no-break space only makes the same words heard again.
        const said = text.replace(/\u00a0$/, '').trim();
        if (said) log.push([live, said]);
      }
    };
    new MutationObserver(scan).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => wp.page.evaluate(() => (window as unknown as { __heard: [string, string][] }).__heard.slice());
}

import type { ApiClient } from '../api/client';

interface PortalCallbacks {
  blocked(url: string): void;
  failed(err: unknown): void;
}

/**
 * Connected accounts (docs/protocol.md "POST /portal/code"). The tab is opened synchronously in the click, then sent to
 * the portal once the one-time code arrives; the code goes nowhere else.
 */
export function openPortal(api: ApiClient, portalUrl: string | null, on: PortalCallbacks, signal: AbortSignal): void {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  api
    .portalCode(signal)
    .then(({ code, url }) => {
      const target = portalUrl ? withCode(portalUrl, code) : url;
      if (!/^https?:/i.test(target)) throw new Error('portal url must be http(s)');
      if (tab && !tab.closed) tab.location.href = target;
      else on.blocked(target);
    })
    .catch((err: unknown) => {
      tab?.close();
      if (!signal.aborted) on.failed(err);
    });
}

function withCode(base: string, code: string): string {
  const u = new URL(base);
  u.searchParams.set('code', code);
  return u.href;
}

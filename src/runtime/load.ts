// Lazy runtimes (widget-voice.js, widget-chart.js): loaded on first use with one <script> per URL
// and page, shared by every widget on it. A runtime defines no global: it hands its export to the
// element that loaded it with `provideRuntime` (./provide.ts), an event on `document.currentScript`.
import { watchPolicy, whyNotRun, withCause } from '../api/diagnose';
import { RUNTIME_EVENT } from './provide';

export interface RuntimeLoadOptions {
  /** The page's CSP nonce, set on the <script>. */
  nonce: string | null;
  /**
   * Subresource Integrity (`sha384-…`) of the file, baked into widget.js at build time: a runtime
   * changed on its host does not match and the browser refuses to run it (the load fails).
   */
  integrity?: string;
  /** CORS mode of the request; `anonymous` whenever `integrity` is set (SRI needs CORS cross-origin). */
  crossOrigin?: 'anonymous' | 'use-credentials';
}

interface TrustedTypesLike {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): { createScriptURL(url: string): unknown };
}

/**
 * A runtime not here after this long counts as failed (docs/protocol.md "Rules"): the visitor gets a
 * notice and the control rests again, instead of a button that does nothing or a microphone shown
 * as recording. A later press tries again.
 */
export const RUNTIME_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<unknown>>();
let policy: ReturnType<TrustedTypesLike['createPolicy']> | undefined;
/** The URLs the `service-widget` policy lets through: the runtimes asked for, nothing else. */
const allowed = new Set<string>();

export function loadRuntime<T>(url: string, { nonce, integrity, crossOrigin }: RuntimeLoadOptions): Promise<T> {
  let p = loading.get(url) as Promise<T> | undefined;
  if (!p) {
    loading.set(
      url,
      (p = new Promise<T>((resolve, reject) => {
        const script = document.createElement('script');
        const fail = (e: unknown) => {
          clearTimeout(timer);
          script.onload = script.onerror = null;
          script.remove();
          // A later use may try again (a runtime that arrives after all then changes nothing).
          if (loading.get(url) === p) loading.delete(url);
          reject(e);
        };
        const timer = setTimeout(() => {
          console.error(`ServiceWidget: ${url} not loaded after ${RUNTIME_TIMEOUT_MS / 1000} s.`);
          fail(Error(`ServiceWidget: runtime not loaded in time: ${url}`));
        }, RUNTIME_TIMEOUT_MS);
        // A load without the runtime's event (wrong file) or a failed one (unreachable, no CORS
        // answer, integrity mismatch).
        script.onload = script.onerror = () => {
          script.onload = script.onerror = null;
          // The page's CSP is named (api/diagnose.ts); for the rest the browser does not say which,
          // and the page's developer gets the likely causes.
          void whyNotRun(url).then((cause) => {
            if (!cause)
              console.error(
                `ServiceWidget: ${url} not run: unreachable, no CORS header, or not from this build (integrity).`,
              );
            fail(withCause(Error(`ServiceWidget: runtime not loaded: ${url}`), cause));
          });
        };
        script.addEventListener(RUNTIME_EVENT, (e) => {
          clearTimeout(timer);
          script.onload = script.onerror = null;
          resolve((e as CustomEvent<T>).detail);
        });
        if (nonce) script.setAttribute('nonce', nonce);
        if (integrity) script.integrity = integrity;
        const cors = crossOrigin ?? (integrity && 'anonymous');
        if (cors) script.crossOrigin = cors;
        script.async = true;
        // Under `require-trusted-types-for 'script'` a script's src must be a TrustedScriptURL: one
        // `service-widget` policy per page, made on first use, that accepts only the runtimes' URLs.
        const tt = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes;
        allowed.add(url);
        try {
          policy ??= tt?.createPolicy('service-widget', {
            createScriptURL: (u) => {
              if (!allowed.has(u)) throw TypeError(u);
              return u;
            },
          });
          script.src = (policy ? policy.createScriptURL(url) : url) as string;
        } catch (e) {
          return fail(e);
        }
        watchPolicy();
        document.head.appendChild(script);
      })),
    );
  }
  return p;
}

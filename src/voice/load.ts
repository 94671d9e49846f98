// Loads a lazy runtime (widget-voice.js on the first microphone press, widget-chart.js on the first
// chart press): one <script> per runtime and page, shared by every widget on it (the first URL
// asked wins). A runtime hands itself over with an event on that element, so it defines no global.
import { RUNTIME_EVENT, type CreateVoiceController } from './types';

interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): { createScriptURL(url: string): unknown };
}

const loading = new Map<string, Promise<unknown>>();
let policy: ReturnType<TrustedTypesLike['createPolicy']> | undefined;
/** The one URL the `service-widget` policy lets through (the one being loaded). */
let allowed: string;

export function loadRuntime<T>(url: string, nonce: string | null, event: string): Promise<T> {
  let promise = loading.get(event);
  if (!promise) {
    loading.set(
      event,
      (promise = new Promise((resolve, reject) => {
        const script = document.createElement('script');
        // A load without the runtime's event (wrong file) or a failed one: a later press may try again.
        script.onload = script.onerror = () => {
          script.remove();
          loading.delete(event);
          reject(Error(`ServiceWidget: ${event} runtime not loaded`));
        };
        script.addEventListener(event, (e) => {
          script.onload = null;
          resolve((e as CustomEvent).detail);
        });
        if (nonce) script.setAttribute('nonce', nonce);
        script.async = true;
        // Under `require-trusted-types-for 'script'` a script's src must be a TrustedScriptURL: one
        // `service-widget` policy per page, made on first use, that accepts only the URL being loaded.
        const tt = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes;
        allowed = url;
        try {
          policy ??= tt?.createPolicy('service-widget', {
            createScriptURL: (u) => {
              if (u !== allowed) throw TypeError(u);
              return u;
            },
          });
          script.src = (policy ? policy.createScriptURL(url) : url) as string;
        } catch (e) {
          loading.delete(event);
          return reject(e);
        }
        document.head.appendChild(script);
      })),
    );
  }
  return promise as Promise<T>;
}

export const loadVoiceRuntime = (url: string, nonce: string | null) => loadRuntime<CreateVoiceController>(url, nonce, RUNTIME_EVENT);

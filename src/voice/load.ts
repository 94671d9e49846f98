// Loads widget-voice.js on the first microphone press: one <script> per page, shared by every
// widget on it. The runtime hands itself over with an event on that element, so it defines no global.
import { RUNTIME_EVENT, type CreateVoiceController } from './types';

interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): { createScriptURL(url: string): unknown };
}

let loading: Promise<CreateVoiceController> | null = null;
let policy: ReturnType<TrustedTypesLike['createPolicy']> | undefined;
/** The one URL the `service-widget` policy lets through. */
let allowed: string;

export function loadVoiceRuntime(url: string, nonce: string | null): Promise<CreateVoiceController> {
  return (loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    // A load without the runtime's event (wrong file) or a failed one: a later press may try again.
    script.onload = script.onerror = () => {
      script.remove();
      loading = null;
      reject(Error('ServiceWidget: voice runtime not loaded'));
    };
    script.addEventListener(RUNTIME_EVENT, (e) => {
      script.onload = null;
      resolve((e as CustomEvent<CreateVoiceController>).detail);
    });
    if (nonce) script.setAttribute('nonce', nonce);
    script.async = true;
    // Under `require-trusted-types-for 'script'` a script's src must be a TrustedScriptURL: one
    // `service-widget` policy per page, made on first use, that accepts only the runtime's URL.
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
      loading = null;
      return reject(e);
    }
    document.head.appendChild(script);
  }));
}

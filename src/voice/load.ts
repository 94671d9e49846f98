// Loads widget-voice.js on the first microphone press: one <script> per page, shared by every
// widget on it. The runtime hands itself over with an event on that element, so it defines no global.
import { RUNTIME_EVENT, type StartVoiceTurn } from './types';

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
interface TrustedTypesLike {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
}

let loading: Promise<StartVoiceTurn> | null = null;
let policy: ScriptUrlPolicy | null = null;
/** The one URL the `service-widget` policy lets through. */
let allowed = '';

/**
 * Under `require-trusted-types-for 'script'` a script's src must be a TrustedScriptURL. The policy
 * is created once, on first use, and only accepts the exact runtime URL being loaded.
 */
function scriptUrl(url: string): string {
  const tt = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  if (!tt) return url;
  allowed = url;
  policy ??= tt.createPolicy('service-widget', {
    createScriptURL: (u) => {
      if (u !== allowed) throw new TypeError('ServiceWidget: unexpected script URL');
      return u;
    },
  });
  return policy.createScriptURL(url) as string;
}

export function loadVoiceRuntime(url: string, nonce: string | null): Promise<StartVoiceTurn> {
  return (loading ??= new Promise<StartVoiceTurn>((resolve, reject) => {
    const script = document.createElement('script');
    let ready = false;
    const fail = () => {
      if (ready) return;
      // A failed load may be retried by a later press (a new element).
      script.remove();
      loading = null;
      reject(new Error('ServiceWidget: the voice runtime did not load'));
    };
    script.addEventListener(RUNTIME_EVENT, (e) => {
      ready = true;
      resolve((e as CustomEvent<StartVoiceTurn>).detail);
    });
    // The runtime's event fires while it runs, before `load`: a load without it is the wrong file.
    script.addEventListener('load', fail);
    script.addEventListener('error', fail);
    if (nonce) script.setAttribute('nonce', nonce);
    script.async = true;
    try {
      script.src = scriptUrl(url);
    } catch {
      return fail();
    }
    document.head.appendChild(script);
  }));
}

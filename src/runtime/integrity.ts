// Subresource Integrity of the lazy runtimes, computed by scripts/build.mjs after building them and
// injected into widget.js (and index.mjs) as `__RUNTIME_INTEGRITY__`: { 'widget-voice.js': 'sha384-…' }.
// Undefined in unit tests and dev builds: the runtimes then load without an integrity check.
declare const __RUNTIME_INTEGRITY__: Record<string, string> | undefined;

export const integrityOf = (file: string): string | undefined =>
  typeof __RUNTIME_INTEGRITY__ === 'object' ? __RUNTIME_INTEGRITY__[file] : undefined;

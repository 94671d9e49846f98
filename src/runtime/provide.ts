// The runtime side of ./load.ts: what widget-voice.js and widget-chart.js call as they run.

/** Dispatched by a runtime on its own `<script>` element, with its export as `detail`. */
export const RUNTIME_EVENT = 'service-widget-runtime';

/** Hands `value` to the loader that added this runtime's script; defines no global. */
export function provideRuntime(value: unknown): void {
  document.currentScript?.dispatchEvent(new CustomEvent(RUNTIME_EVENT, { detail: value }));
}

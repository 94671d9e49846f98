// The one seam between widget.js and its lazy runtimes, as Sentry's feedback widget has
// (`lazyLoadIntegration`): widget.tsx makes a loader from the options and gives it to the model;
// the voice model and the chart button ask the model for a runtime by name, never for a file.
// Each file is pinned to the one built with this widget.js (./integrity.ts). The core knows a
// runtime by its types only (`import type`): no module of src/voice/ or src/chart/ is in widget.js
// (test/build/bundle-modules.test.ts).
import type { DrawChart } from '../chart/types';
import type { ResolvedOptions } from '../options';
import { RUNTIME_FILES } from '../surface';
import type { CreateVoiceController } from '../voice/types';
import { integrityOf } from './integrity';
import { loadRuntime } from './load';

/** What each runtime hands over: widget-voice.js a controller factory, widget-chart.js its draw. */
export interface Runtimes {
  voice: CreateVoiceController;
  chart: DrawChart;
}

/** Loads a runtime on first use (once per page, ./load.ts); rejects when it is refused or late. */
export type LoadRuntime = <K extends keyof Runtimes>(name: K) => Promise<Runtimes[K]>;

/** The loader of the runtimes at the URLs of `options`, with the page's nonce. */
export const runtimeLoader =
  (options: ResolvedOptions): LoadRuntime =>
  (name) =>
    loadRuntime(options[`${name}RuntimeUrl`], { nonce: options.nonce, integrity: integrityOf(RUNTIME_FILES[name]) });

// The file names a page serves and pins (README "Subresource Integrity"): plain JavaScript, so that
// the build scripts (build/artifacts.mjs, run by Node) read the same list as the widget's code
// (src/options.ts, src/runtime/runtimes.ts). Part of the public surface (./index.ts).

/** The script a page loads with `<script src>`. */
export const SCRIPT_FILE = 'widget.js';

/** The lazy runtimes, loaded by widget.js on first use from next to it. */
export const RUNTIME_FILES = { voice: 'widget-voice.js', chart: 'widget-chart.js' };

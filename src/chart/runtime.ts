// widget-chart.js: loaded by widget.js on the first chart press (src/runtime/runtimes.ts). It
// defines no global: it hands its draw function to the element that loaded it, then is done.
import { provideRuntime } from '../runtime/provide';
import { chartTable } from './chart';

provideRuntime(chartTable);

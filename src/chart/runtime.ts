// widget-chart.js: loaded by widget.js on the first chart press (src/voice/load.ts). It defines no
// global: it hands its draw function to the element that loaded it, then is done.
import { drawChart } from './draw';
import { CHART_EVENT } from './types';

document.currentScript?.dispatchEvent(new CustomEvent(CHART_EVENT, { detail: drawChart }));

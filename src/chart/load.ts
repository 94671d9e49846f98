// Loads widget-chart.js on the first chart press, pinned to the file built with this widget.js.
import { integrityOf } from '../runtime/integrity';
import { loadRuntime } from '../runtime/load';
import { RUNTIME_FILES } from '../surface';
import type { DrawChart } from './types';

export const loadChartRuntime = (url: string, nonce: string | null): Promise<DrawChart> =>
  loadRuntime(url, { nonce, integrity: integrityOf(RUNTIME_FILES.chart) });

// What widget-chart.js hands to widget.js: draw a table's chart into a box. It reads the table in
// slices (read.ts), keeps the visitor's choice of columns per box across redraws (sorting, a new
// language), and never throws into the page: a table it cannot chart gets a note instead.
import { chartText } from '../i18n/chart';
import type { Locale } from '../types';
import { seriesControl } from './controls';
import { drawPlot } from './draw';
import { readTable } from './read';
import { tickLabels } from './scale';
import { chartData } from './series';
import { adopt } from './svg';
import type { ChartData, DrawChart } from './types';

/** The latest draw of each box: an older reading still in progress stops. */
const draws = new WeakMap<HTMLElement, number>();
/** The columns the visitor chose for each box (indices into the chart's series). */
const choices = new WeakMap<HTMLElement, number[]>();

function note(box: HTMLElement, text: string): void {
  const p = document.createElement('p');
  p.className = 'chart-note';
  p.textContent = text;
  box.replaceChildren(p);
}

/** Draws `data` into `box`: the `chart-series` control when there is a choice, and the chart. */
export function render(box: HTMLElement, data: ChartData | null, locale: Locale): void {
  if (!data) return note(box, chartText(locale).none);
  const valid = choices.get(box)?.filter((i) => i < data.series.length);
  let chosen = valid?.length ? valid : [0];
  const plot = document.createElement('div');
  const draw = () => {
    plot.replaceChildren();
    drawPlot(
      plot,
      data,
      chosen.map((i) => data.series[i]!),
      box.clientWidth - 14,
      locale,
    );
  };
  box.replaceChildren();
  if (data.series.length > 1) {
    box.append(
      seriesControl(data, chosen, locale, (next) => {
        choices.set(box, (chosen = next.length ? next : chosen));
        draw();
      }),
    );
  }
  box.append(plot);
  draw();
}

/** A chart of rows already read (header row first): small tables and tests. */
export function drawChart(box: HTMLElement, rows: string[][], locale: Locale): void {
  adopt(box.getRootNode());
  render(box, chartData(rows, locale), locale);
}

export const chartTable: DrawChart = (box, table, locale) => {
  const id = (draws.get(box) ?? 0) + 1;
  draws.set(box, id);
  const current = () => draws.get(box) === id && box.isConnected;
  const fail = () => current() && note(box, chartText(locale).none);
  try {
    adopt(box.getRootNode());
    const slow = () => {
      if (!box.firstChild) note(box, chartText(locale).reading);
      // The first number formats of a page load their locale data (tens of ms): in a task of their own.
      setTimeout(() => (tickLabels([0, 1.5e4, 1e15], locale), chartText(locale).bars(1, 2)));
    };
    readTable(table, locale, current, slow)
      .then((data) => {
        if (data !== undefined && current()) render(box, data, locale);
      })
      .catch(fail);
  } catch {
    fail();
  }
};
chartTable.prepare = adopt;

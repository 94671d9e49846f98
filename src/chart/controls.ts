// `chart-series`: which numeric columns the chart draws. A select chooses the column; toggle
// buttons add the columns that may share its axis (same unit, sizes within 20 times: series.ts),
// up to five in all (the palette's colours). Native controls: keyboard and screen readers work as
// with any select and button; classes only, no style attributes.
import { chartText } from '../i18n/chart';
import type { Locale } from '../types';
import { headerUnit, sameAxis } from './series';
import type { ChartData, Series } from './types';

/** A column's name with its unit when the name does not say it: "Revenue (€)". */
const named = (s: Series) =>
  s.unit && !s.name.includes(s.unit) && !headerUnit(s.name) ? `${s.name} (${s.unit})` : s.name;

/**
 * The control for `data`'s series; `chosen` are indices into `data.series`, the first the main
 * column. `change` gets the new choice each time the visitor makes one.
 */
export function seriesControl(
  data: ChartData,
  chosen: number[],
  locale: Locale,
  change: (chosen: number[]) => void,
): HTMLElement {
  const t = chartText(locale);
  const group = document.createElement('div');
  group.className = 'chart-series';
  group.setAttribute('part', 'chart-series');
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', t.series);
  const label = document.createElement('label');
  const select = document.createElement('select');
  data.series.forEach((s, i) => {
    const option = document.createElement('option');
    option.value = `${i}`;
    option.textContent = named(s);
    select.append(option);
  });
  select.value = `${chosen[0]}`;
  label.append(`${t.show} `, select);
  const adds = document.createElement('span');
  adds.className = 'chart-add';
  group.append(label, adds);

  const buttons: [HTMLButtonElement, number][] = [];
  // Each candidate is open while it fits every column shown; a shown one can always be removed.
  const update = () => {
    for (const [b, i] of buttons) {
      const on = chosen.includes(i);
      b.setAttribute('aria-pressed', `${on}`);
      b.disabled = !on && (chosen.length >= 5 || !chosen.every((j) => sameAxis(data.series[i]!, data.series[j]!)));
    }
  };
  const fill = () => {
    const main = data.series[chosen[0]!]!;
    buttons.length = 0;
    adds.replaceChildren();
    data.series.forEach((s, i) => {
      if (i === chosen[0] || !sameAxis(main, s) || buttons.length >= 8) return;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'small-button';
      b.textContent = s.name;
      b.onclick = () => {
        chosen = chosen.includes(i) ? chosen.filter((j) => j !== i) : [...chosen, i];
        update();
        change(chosen);
      };
      buttons.push([b, i]);
    });
    if (buttons.length) adds.append(t.add, ...buttons.map(([b]) => b));
    update();
  };
  select.onchange = () => {
    chosen = [+select.value];
    fill();
    change(chosen);
  };
  fill();
  return group;
}

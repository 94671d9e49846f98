// The chart runtime's drawing, in happy-dom: which marks, which name, gaps, keyboard readout.
// The look and the CSP behaviour are checked in Chromium (test/browser/charts.test.ts).
import { describe, expect, it } from 'vitest';
import { drawChart } from '../../src/chart/chart';
import { ticks } from '../../src/chart/scale';
import { chartName } from '../../src/i18n/chart';

const box = () => {
  const host = document.createElement('div');
  document.body.append(host);
  const el = document.createElement('div');
  host.attachShadow({ mode: 'open' }).append(el);
  return el;
};

describe('ticks', () => {
  it('round steps of 1, 2 or 5 times a power of ten that cover the range', () => {
    expect(ticks(0, 48200)).toEqual([0, 20000, 40000, 60000]);
    expect(ticks(0, 530)).toEqual([0, 200, 400, 600]);
    expect(ticks(-12, 30)).toEqual([-20, 0, 20, 40]);
    expect(ticks(0.2, 0.9)).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
    expect(ticks(5, 5)).toEqual([4, 6]); // one value: still an axis around it
  });
});

describe('chartName', () => {
  it('says what the chart shows, in both languages', () => {
    expect(chartName('en', false, ['Revenue'], 'Region', 'Marmara', 'Aegean')).toBe(
      'Bar chart of Revenue by Region, from Marmara to Aegean',
    );
    expect(chartName('tr', true, ['Ciro', 'Sipariş'], 'Ay', 'Ocak', 'Mart')).toBe(
      'Ay bazında Ciro ve Sipariş çizgi grafiği, Ocak – Mart',
    );
  });
});

describe('drawChart', () => {
  it('bars for categories: one rect per value, gaps draw nothing, a <title> with the cell as written', () => {
    const el = box();
    drawChart(
      el,
      [
        ['Region', 'Revenue'],
        ['Marmara', '€48,200'],
        ['Aegean', 'n/a'],
        ['Black Sea', '€9,870'],
      ],
      'en',
    );
    const svg = el.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('part')).toBe('chart');
    expect(svg.getAttribute('aria-label')).toBe('Bar chart of Revenue by Region, from Marmara to Black Sea');
    expect([...svg.querySelectorAll('rect.mark title')].map((t) => t.textContent)).toEqual([
      'Marmara · Revenue: €48,200',
      'Black Sea · Revenue: €9,870',
    ]);
    expect(svg.querySelector('path.line')).toBeNull();
    expect(svg.querySelector('text.legend')).toBeNull();
    // The unit the axis counts in, above its labels.
    expect(svg.querySelector('text.unit')!.textContent).toBe('€');
    expect(el.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('a cell in another currency is no bar on this axis, and a note says so, in both languages', () => {
    const rows = [
      ['Country', 'Revenue'],
      ['Türkiye', '₺1.2M'],
      ['Germany', '€300K'],
      ['Cyprus', '₺900K'],
      ['Greece', '€120K'],
    ];
    const el = box();
    drawChart(el, rows, 'en');
    expect([...el.querySelectorAll('rect.mark title')].map((t) => t.textContent)).toEqual([
      'Türkiye · Revenue: ₺1.2M',
      'Cyprus · Revenue: ₺900K',
    ]);
    expect([...el.querySelectorAll('.chart-note')].map((p) => p.textContent)).toEqual([
      'The axis is in ₺; 2 values in € are not drawn.',
    ]);
    const tr = box();
    drawChart(tr, rows.slice(0, 4), 'tr');
    expect([...tr.querySelectorAll('.chart-note')].map((p) => p.textContent)).toEqual([
      'Eksen ₺ cinsinden; € cinsinden 1 değer çizilmedi.',
    ]);
    const count = box();
    drawChart(
      count,
      [
        ['Item', 'Count'],
        ['a', '5'],
        ['b', '€7'],
        ['c', '9'],
      ],
      'en',
    );
    expect(count.querySelector('.chart-note')!.textContent).toBe('1 value in € is not drawn: the others have no unit.');
    expect(count.querySelector('text.unit')).toBeNull();
  });

  it('a line for months: the first numeric column; chart-series adds a column of the same unit', () => {
    const el = box();
    drawChart(
      el,
      [
        ['Ay', 'Ciro', 'İade', 'Satış'],
        ['Ocak', '₺1.234,50', '12', '30'],
        ['Şubat', '₺1.180,00', '—', '28'],
        ['Mart', '₺1.402,75', '9', '35'],
      ],
      'tr',
    );
    const svg = () => el.querySelector('svg')!;
    expect(svg().getAttribute('aria-label')).toBe('Ay bazında Ciro çizgi grafiği, Ocak – Mart');
    expect(svg().querySelectorAll('path.line')).toHaveLength(1);
    const control = el.querySelector('[part~="chart-series"]')!;
    expect(control.getAttribute('role')).toBe('group');
    expect(control.getAttribute('aria-label')).toBe('Grafikteki sütunlar');
    const select = control.querySelector('select')!;
    expect([...select.options].map((o) => o.text)).toEqual(['Ciro (₺)', 'İade', 'Satış']);
    // Lira and counts never share an axis: no "add" button beside Ciro.
    expect(control.querySelectorAll('button')).toHaveLength(0);
    select.value = '1';
    select.dispatchEvent(new Event('change'));
    expect(svg().getAttribute('aria-label')).toBe('Ay bazında İade çizgi grafiği, Ocak – Mart');
    const add = control.querySelector('button')!;
    expect(add.textContent).toBe('Satış');
    expect(add.getAttribute('aria-pressed')).toBe('false');
    add.click();
    expect(add.getAttribute('aria-pressed')).toBe('true');
    const lines = [...svg().querySelectorAll('path.line')].map((p) => p.getAttribute('d')!);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.match(/M/g)).toHaveLength(2); // the gap in İade breaks its line
    expect(lines[1]!.match(/M/g)).toHaveLength(1);
    expect(svg().querySelectorAll('circle.mark')).toHaveLength(5);
    expect([...svg().querySelectorAll('text.legend')].map((t) => t.textContent)).toEqual(['İade', 'Satış']);
    expect(el.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('arrow keys walk the values; each is shown on the chart and in a live region', () => {
    const el = box();
    drawChart(
      el,
      [
        ['Q', 'Sales'],
        ['Q1 2024', '10'],
        ['Q2 2024', '20'],
        ['Q3 2024', '15'],
      ],
      'en',
    );
    const svg = el.querySelector('svg')!;
    svg.dispatchEvent(new FocusEvent('focus'));
    const readout = () => svg.querySelector('text.readout')!.textContent;
    expect(readout()).toBe('Q1 2024 · Sales: 10');
    svg.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    expect(readout()).toBe('Q2 2024 · Sales: 20');
    svg.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
    svg.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
    expect(readout()).toBe('Q3 2024 · Sales: 15'); // wraps around
    expect(el.querySelector('[aria-live="polite"]')!.textContent).toBe('Q3 2024 · Sales: 15');
    expect(svg.querySelectorAll('.mark.active')).toHaveLength(1);
  });
});

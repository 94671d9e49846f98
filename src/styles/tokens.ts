// Theme tokens. Every colour the widget draws is a CSS custom property on :host, so a page can
// restyle it with `service-widget-host::part(...)` or by setting --sw-* variables on the host.
const dark = {
  '--sw-bg': '#15171c',
  '--sw-surface': '#1e2128',
  '--sw-surface-2': '#2a2e37',
  '--sw-text': '#eceef2',
  '--sw-text-muted': '#a9afbc',
  '--sw-border': '#3a3f4b',
  '--sw-link': '#8fc2ff',
  '--sw-code-bg': '#0e1014',
  '--sw-danger': '#ff8a80',
  '--sw-notice-bg': '#2b2417',
  '--sw-notice-border': '#8a6d2f',
  '--sw-shadow': '0 12px 40px rgba(0, 0, 0, 0.5)',
};

const light: typeof dark = {
  '--sw-bg': '#ffffff',
  '--sw-surface': '#f4f5f7',
  '--sw-surface-2': '#e7e9ee',
  '--sw-text': '#1a1d23',
  '--sw-text-muted': '#555c69',
  '--sw-border': '#cfd3db',
  '--sw-link': '#0b57b8',
  '--sw-code-bg': '#eef0f3',
  '--sw-danger': '#b3261e',
  '--sw-notice-bg': '#fff6e0',
  '--sw-notice-border': '#c29a3a',
  '--sw-shadow': '0 12px 40px rgba(15, 20, 30, 0.18)',
};

const block = (tokens: Record<string, string>) =>
  Object.entries(tokens).map(([k, v]) => `${k}:${v};`).join('');

/** Default accent; readable with white text (contrast 5.2:1). */
export const DEFAULT_PRIMARY = '#3b5bdb';

export const themeCss = `
:host, :host([data-theme="dark"]) { ${block(dark)} color-scheme: dark; }
:host([data-theme="light"]) { ${block(light)} color-scheme: light; }
@media (prefers-color-scheme: light) {
  :host([data-theme="auto"]) { ${block(light)} color-scheme: light; }
}
`;

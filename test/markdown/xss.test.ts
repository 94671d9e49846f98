import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/render';
import { mount, violations } from './helpers';
import { PAYLOADS } from './payloads';

// The corpus lives in payloads.ts. Under happy-dom DOMPurify does not run (see render.ts), so this
// checks render.ts's own harden() pass; the real-browser suite must run PAYLOADS against real DOMPurify.

describe('renderMarkdown with hostile model output', () => {
  it('has a corpus of at least 40 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PAYLOADS)('keeps to the allowlists: %s', (payload) => {
    const root = mount(renderMarkdown(payload));
    expect(violations(root)).toEqual([]);
    expect(root.querySelector('img, script, style, iframe, svg, math, form, input, base, meta, link')).toBeNull();
    expect(root.querySelector('[src], [style], [srcset]')).toBeNull();
  });

  it('turns a link with a forbidden scheme into its text', () => {
    const root = mount(renderMarkdown('see [the report](javascript:alert(1)) now'));
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toBe('see the report now');
  });

  it('shows raw HTML as text instead of dropping it', () => {
    const root = mount(renderMarkdown('use <b>bold</b> here'));
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent).toBe('use <b>bold</b> here');
  });

  it('never loads an image: an http image becomes a link to its URL', () => {
    const root = mount(renderMarkdown('![chart](https://cdn.example/c.png?q=secret)'));
    const a = root.querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://cdn.example/c.png?q=secret');
    expect(a?.textContent).toBe('chart');
    expect(root.querySelector('img')).toBeNull();
  });

  it('keeps only the alt text of an image with a non-http URL', () => {
    expect(mount(renderMarkdown('![alt](javascript:alert(1))')).innerHTML).toBe('<p dir="auto">alt</p>');
    expect(mount(renderMarkdown('![alt](mailto:a@b.example)')).querySelector('a')).toBeNull();
    expect(mount(renderMarkdown('a ![](data:image/png;base64,AAAA) b')).textContent).toBe('a  b');
  });

  it('does not let an image inside a link nest anchors', () => {
    const root = mount(renderMarkdown('[![logo](https://x.example/l.png)](https://ok.example)'));
    expect(root.querySelectorAll('a')).toHaveLength(1);
    expect(root.querySelector('a')?.textContent).toBe('logo');
  });
});

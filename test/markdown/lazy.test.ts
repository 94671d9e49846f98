import type { MarkedExtension } from 'marked';
import { expect, it, vi } from 'vitest';

// Counts Marked instances and DOMPurify calls; the modules under test are imported afresh below.
const created = vi.hoisted(() => ({ marked: 0, purify: 0 }));
vi.mock('marked', async (importOriginal) => {
  const real = await importOriginal<typeof import('marked')>();
  class CountingMarked extends real.Marked {
    constructor(...args: MarkedExtension[]) {
      super(...args);
      created.marked++;
    }
  }
  return { ...real, Marked: CountingMarked };
});
vi.mock('dompurify', async (importOriginal) => {
  const real = (await importOriginal<typeof import('dompurify')>()).default;
  const sanitize = real.sanitize.bind(real);
  return { default: { ...real, sanitize: (...args: Parameters<typeof sanitize>) => (created.purify++, sanitize(...args)) } };
});

it('does no markdown work at import: the private Marked instance is built on first use, once', async () => {
  const { renderMarkdown } = await import('../../src/markdown/render');
  const { createStreamingRenderer } = await import('../../src/markdown/stream');
  expect(created).toEqual({ marked: 0, purify: 0 });
  createStreamingRenderer(document.createElement('div')); // mounting a renderer alone does no work either
  expect(created).toEqual({ marked: 0, purify: 0 });
  renderMarkdown('**a**');
  renderMarkdown('b');
  expect(created.marked).toBe(1);
  expect(created.purify).toBe(2);
});

import { expect, it, vi } from 'vitest';

// Counts lexers created, lexer option objects built, and DOMPurify calls; the modules under test are
// imported afresh below.
const created = vi.hoisted(() => ({ lex: 0, options: 0, purify: 0 }));
vi.mock('marked', async (importOriginal) => {
  const real = await importOriginal<typeof import('marked')>();
  class Lexer extends real.Lexer {
    constructor(options?: ConstructorParameters<typeof real.Lexer>[0]) {
      created.lex++;
      super(options as never);
    }
  }
  const getDefaults = () => (created.options++, real.getDefaults());
  return { ...real, Lexer, getDefaults };
});
vi.mock('dompurify', async (importOriginal) => {
  const real = (await importOriginal<typeof import('dompurify')>()).default;
  const sanitize = real.sanitize.bind(real);
  return { default: { ...real, sanitize: (...args: Parameters<typeof sanitize>) => (created.purify++, sanitize(...args)) } };
});

it('does no markdown work at import: the lexer options are built on first use, once', async () => {
  const { renderMarkdown } = await import('../../src/markdown/render');
  const { createStreamingRenderer } = await import('../../src/markdown/stream');
  expect(created).toEqual({ lex: 0, options: 0, purify: 0 });
  createStreamingRenderer(document.createElement('div')); // mounting a renderer alone does no work either
  expect(created).toEqual({ lex: 0, options: 0, purify: 0 });
  renderMarkdown('**a**');
  renderMarkdown('b');
  expect(created).toEqual({ lex: 2, options: 1, purify: 2 });
});

import { expect, it, vi } from 'vitest';

// Counts lexers created, lexer option objects built, and DOMPurify calls; the modules under test are
// imported afresh below.
const created = vi.hoisted(() => ({ lex: 0, options: 0, purify: 0, loaded: 0 }));
vi.mock('marked', async (importOriginal) => {
  created.loaded++;
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
  return {
    default: { ...real, sanitize: (...args: Parameters<typeof sanitize>) => (created.purify++, sanitize(...args)) },
  };
});

it('loads no markdown engine until the first reply renders, which then shows once it is loaded', async () => {
  const { createStreamingRenderer } = await import('../../src/markdown/stream');
  const { markdownEngine } = await import('../../src/markdown/engine');
  const target = document.createElement('div');
  const renderer = createStreamingRenderer(target); // mounting a renderer alone loads nothing
  expect(created).toEqual({ lex: 0, options: 0, purify: 0, loaded: 0 });
  expect(markdownEngine()).toBeUndefined();

  const done = vi.fn();
  renderer.finish('**a** b', done);
  await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  expect(target.querySelector('strong')?.textContent).toBe('a');
  expect(target.textContent).toBe('a b');
  expect(created).toEqual({ lex: 1, options: 1, purify: 1, loaded: 1 });
});

it('builds the lexer options once, on first use', async () => {
  const { renderMarkdown } = await import('../../src/markdown/render');
  const before = created.options;
  renderMarkdown('**a**');
  renderMarkdown('b');
  expect(created.options).toBe(before);
  expect(created.lex).toBe(3);
});

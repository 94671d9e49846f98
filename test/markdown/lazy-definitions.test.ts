import { expect, it, vi } from 'vitest';

// Its own file: the markdown engine is not loaded yet when the test begins (a stored reply opened
// before any reply streamed finishes its renderer at once).
it('a reply finished before the engine loaded, its link definitions last, shows its links and throws nothing', async () => {
  const { createStreamingRenderer } = await import('../../src/markdown/stream');
  const { markdownEngine } = await import('../../src/markdown/engine');
  expect(markdownEngine()).toBeUndefined();
  const target = document.createElement('div');
  const done = vi.fn();
  createStreamingRenderer(target).finish('See the report [1].\n\n[1]: https://example.com/report', done);
  await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  expect(target.querySelector('a')?.getAttribute('href')).toBe('https://example.com/report');
  expect(target.textContent).toBe('See the report 1.');
});

/**
 * The markdown engine (./render.ts, and with it marked and DOMPurify), loaded on first use.
 *
 * marked builds about fifty rule regexes as its module runs and DOMPurify creates its instance
 * and Trusted Types policy: work that a page view whose visitor never opens the chat should not
 * pay for. Nothing imports ./render.ts statically. `loadMarkdown` reaches it through
 * ./load-engine.cjs, which the build inlines into the same file (widget.js stays one script,
 * vite.config.ts `codeSplitting: false`) and runs only when first called (docs/testing.md, "The
 * build, and dependencies as published"); ./render.ts then hands itself over (`provideMarkdown`).
 * In the bundle the promise settles within the same task: no frame is lost.
 *
 * Why a CommonJS file in between: the bundler gives an `import()`ed ES module a namespace object,
 * built at load with a `for…in` loop that breaks on a page whose scripts added enumerable
 * properties to Object.prototype (docs/hardening.md, hostile host pages). A CommonJS module's
 * require() of ./render.ts for its effect needs no namespace.
 */
import type { Links, Token } from 'marked';

/** What ./render.ts hands over as it runs (written here, so that this module imports nothing of it). */
export interface MarkdownEngine {
  lexMarkdown(src: string, links?: Links): Token[];
  linkDefinitions(src: string, into: Links): Links;
  renderMarkdown(src: string | Token[]): DocumentFragment;
}

let engine: MarkdownEngine | undefined;
let loading: Promise<MarkdownEngine> | undefined;

/** Called by ./render.ts as its module runs. */
export const provideMarkdown = (m: MarkdownEngine): void => void (engine = m);

/** The engine if it is loaded already, else undefined (then call `loadMarkdown`). */
export const markdownEngine = (): MarkdownEngine | undefined => engine;

/** Loads the engine once; every call gets the same promise. */
export const loadMarkdown = (): Promise<MarkdownEngine> =>
  // @ts-expect-error: a CommonJS file without types, run for its effect only.
  (loading ??= import('./load-engine.cjs').then(() => engine!));

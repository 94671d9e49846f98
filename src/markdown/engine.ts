/**
 * The markdown engine (./render.ts, and with it marked and DOMPurify), loaded on first use.
 *
 * marked builds about fifty rule regexes as its module runs and DOMPurify creates its instance
 * and Trusted Types policy: work that a page view whose visitor never opens the chat should not
 * pay for. Nothing imports ./render.ts statically; this `import()` is its only way in. The build
 * inlines it into the same file (widget.js stays one script, vite.config.ts `codeSplitting:
 * false`) and runs the modules behind it only when it is first called (docs/benchmarks.md,
 * "Start-up"). In the bundle it settles within the same task: no frame is lost.
 */
import type * as Render from './render';

export type MarkdownEngine = typeof Render;

let engine: MarkdownEngine | undefined;
let loading: Promise<MarkdownEngine> | undefined;

/** The engine if it is loaded already, else undefined (then call `loadMarkdown`). */
export const markdownEngine = (): MarkdownEngine | undefined => engine;

/** Loads the engine once; every call gets the same promise. */
export const loadMarkdown = (): Promise<MarkdownEngine> => (loading ??= import('./render').then((m) => (engine = m)));

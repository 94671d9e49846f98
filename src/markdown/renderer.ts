// The streaming renderer's written interface (made by ./stream.ts `createStreamingRenderer`; used
// by ui/Markdown.tsx, and by bench/naive-stream.ts for its baseline). Types only.

/** Work counters, for tests and benchmarks. */
export interface StreamStats {
  /** frames rendered (each coalesces any number of `update` calls) */
  frames: number;
  /** characters lexed so far, summed over frames (the tail and its settled copy) */
  parsedChars: number;
  /** characters lexed by the last frame */
  lastParsedChars: number;
}

export interface StreamingRenderer {
  /** Schedules a render of the reply so far; cheap to call for every network chunk. */
  update(fullText: string): void;
  /**
   * Renders the final text; `onDone` is called once it is all on screen. A reply up to `WINDOW`
   * characters (./stream.ts) renders synchronously (as `renderMarkdown(fullText)` would) unless
   * the task's budget is spent or the markdown engine is not loaded yet (./engine.ts: the first
   * reply of a page waits for it); a longer one is rendered over the next frames.
   */
  finish(fullText: string, onDone?: () => void): void;
  /** Cancels any pending frame; the DOM is left as it is. */
  destroy(): void;
  readonly stats: Readonly<StreamStats>;
}

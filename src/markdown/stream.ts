/**
 * Renders a reply while it streams in, without re-rendering the whole message per chunk; also
 * renders long stored replies in slices, so no task holds the host page (docs/hardening.md,
 * "Hostile replies and the host page's main thread": no main-thread task over 50 ms).
 *
 * The text is split into a frozen prefix of complete top-level blocks, rendered once and never
 * touched again (so text selection and scroll anchoring survive), and the unfinished tail,
 * re-rendered into one container at most once per animation frame. Only the tail is lexed per
 * frame, so the work per frame is bounded by the size of the block being written, not by the
 * length of the message.
 *
 * Bounded whatever the text: at most `WINDOW` characters are lexed at a time. A block longer than
 * that is frozen in pieces cut at a line end (or a space, or anywhere in a line longer than the
 * window): a table goes on in the same table (its header and separator rows are lexed again with
 * each piece, the rows land in the same `<tbody>`), a fenced code block in the same `<code>`;
 * any other block continues as a block of its own (a paragraph as a new paragraph, a list as a
 * new list). Text arriving faster than that is worked through in several windows per frame,
 * within the page's task budget (./budget.ts), and so is a long stored reply given to `finish`.
 * A window shrinks (to `MIN_WINDOW`) while windows take longer than that budget: a window of a
 * table builds hundreds of elements, and a loaded machine is slower.
 *
 * This module is the frame scheduler: when a window of work runs, and how large it is. What a
 * window does (which blocks are frozen, where each goes, the pieces) is ./placement.ts.
 */
import { TASK_BUDGET_MS, withinTaskBudget } from './budget';
import { loadMarkdown, markdownEngine } from './engine';
import { Placement } from './placement';
import type { StreamingRenderer, StreamStats } from './renderer';

export type { StreamingRenderer, StreamStats };

/** Characters lexed at a time at most (about 10 ms of the slowest markdown in Chromium). */
export const WINDOW = 8_192;
/**
 * The fewest characters a window shrinks to: half a full one. Smaller, a window of hostile inline
 * text would fall under the inline cap (./limits.ts) and be parsed as markdown, slowly, rather
 * than shown as its text.
 */
export const MIN_WINDOW = 4_096;
/**
 * Elements a window may add, and a frame in all. Each is laid out (styled, measured, painted) once
 * it lands, after the step that made it and outside its timing: a window of 4,096 characters of
 * `- a` lines is 1,024 list items, and laying them out took longer than the task budget. A window
 * of such text is sized by its elements instead, down to `MIN_ELEMENT_WINDOW` characters.
 */
export const WINDOW_ELEMENTS = 150;
export const FRAME_ELEMENTS = 300;
export const MIN_ELEMENT_WINDOW = 256;
/**
 * Lines of a reply's first window at most: its text may be all elements (`- a` lines are 4
 * characters an item), and its elements are not counted yet; and the engine's code runs for the
 * first time in it, slowly (150 lines of a table took 60-90 ms of CPU). Lines, not characters: a
 * window of one hostile line cut shorter than `MIN_WINDOW` could fall under the inline cap
 * (./limits.ts).
 */
export const FIRST_LINES = 30;
/**
 * What a window is sized to take, and the budget a frame must still have to start another: half
 * the task's. Sized to take the whole budget, a second window started just under it could double
 * the frame's script.
 */
const STEP_MS = TASK_BUDGET_MS / 2;

/** Schedules the windows of one reply's rendering; the blocks themselves are its `Placement`'s. */
class FrameScheduler implements StreamingRenderer {
  readonly #target: HTMLElement;
  readonly #placement: Placement;
  /** The whole reply text so far, as given. */
  #pending = '';
  /** The pending animation frame (requestAnimationFrame ids are never 0). */
  #frame = 0;
  /** Destroyed, or the final text all on screen. */
  #done = false;
  /** `finish` was called: no more updates. */
  #final = false;
  #onDone: (() => void) | undefined;
  /** What `finish` has left to render fits one window: it renders at once. */
  #short = false;
  /** The final text is placed (`Placement.startFinal`), which needs the engine: a stored reply can finish before it loads. */
  #placed = false;
  /** Characters of the next window: the first is small, the next sized by how long it took and what it added. */
  #size = MIN_WINDOW;
  /** Lines a window may hold: `FIRST_LINES` until a window has been sized by what it added. */
  #lines = FIRST_LINES;
  /** Waiting for the engine (./engine.ts): one wait per renderer. */
  #loading = false;

  constructor(target: HTMLElement) {
    this.#target = target;
    this.#placement = new Placement(target);
  }

  get stats(): Readonly<StreamStats> {
    return this.#placement.stats;
  }

  readonly #run = (): void => {
    this.#frame = 0;
    if (this.#done) return;
    // The first render anywhere loads the engine first (in the bundle: within this task).
    if (!markdownEngine()) {
      if (!this.#loading)
        loadMarkdown().then(this.#run, () => this.#done || this.#target.replaceChildren(this.#pending));
      this.#loading = true;
      return;
    }
    // Placed once the engine is here: the final text's link definitions are read by it.
    if (this.#final && !this.#placed) {
      this.#placed = true;
      this.#short = this.#placement.startFinal(this.#pending, WINDOW) <= WINDOW;
    }
    // Asked first, so the task's budget counts this frame's first window too.
    const fresh = withinTaskBudget();
    if (this.#final && !this.#short && !fresh) return this.#schedule();
    const elements = this.#placement.elements + FRAME_ELEMENTS;
    let more = this.#timedStep();
    while (more && withinTaskBudget(STEP_MS) && this.#placement.elements < elements) more = this.#timedStep();
    if (more) return this.#schedule();
    if (this.#final) {
      this.#done = true;
      this.#onDone?.();
    }
  };

  #schedule(): void {
    this.#frame ||= requestAnimationFrame(this.#run);
  }

  #cancel(): void {
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  /**
   * A step; after a full window, the next one is sized to take about `STEP_MS` and to add
   * about `WINDOW_ELEMENTS`. A live tail that added more shrinks the window too: the tail is
   * rendered again with every frame, and the window bounds it.
   */
  #timedStep(): boolean {
    const placement = this.#placement;
    const started = performance.now();
    const before = placement.elements;
    const more = placement.step(this.#pending, this.#size, this.#final, this.#lines);
    const ms = performance.now() - started;
    const added = placement.elements - before;
    const byTime = Math.max(MIN_WINDOW, Math.round((this.#size * STEP_MS) / Math.max(ms, 1)));
    const byElements = added ? Math.round((placement.lastChars * WINDOW_ELEMENTS) / added) : WINDOW;
    if (more) this.#size = Math.max(MIN_ELEMENT_WINDOW, Math.min(WINDOW, byTime, byElements));
    if (more) this.#lines = Infinity;
    else if (added > WINDOW_ELEMENTS) this.#size = Math.max(MIN_ELEMENT_WINDOW, Math.min(this.#size, byElements));
    return more;
  }

  update(fullText: string): void {
    if (this.#done || this.#final) return;
    this.#pending = fullText;
    this.#schedule();
  }

  /**
   * A streaming frame always does one window (the tail); a final render of more than one window
   * waits for a task with budget left, so a stored conversation of many long replies spreads
   * over frames (one window or less renders at once, as `renderMarkdown` would).
   */
  finish(fullText: string, onDone?: () => void): void {
    if (this.#done || this.#final) return;
    this.#cancel();
    this.#final = true;
    this.#onDone = onDone;
    this.#pending = fullText;
    this.#run();
  }

  destroy(): void {
    this.#cancel();
    this.#done = true;
  }
}

/**
 * Creates a streaming renderer that owns `target`'s children. Call `update` with the whole reply
 * text so far (append-only), then `finish` with the final text.
 */
export function createStreamingRenderer(target: HTMLElement): StreamingRenderer {
  return new FrameScheduler(target);
}

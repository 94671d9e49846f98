// Where the frozen blocks of a long reply go (./placement.ts): the first `CHUNK_BLOCKS` straight
// into the message, then into containers of `CHUNK_BLOCKS` blocks each.
//
// Why: a layout of the message (forced once a frame by the message list's scroll pinning, and done
// by every frame that adds blocks) walks its children, finished or not: 300,000 short paragraphs
// in one element took over a second per frame. In containers, a layout walks the containers and
// the last one's blocks, and reuses the finished containers whole (docs/benchmarks.md). Margins
// collapse through a container (it has no padding or border), so it does not change how the
// blocks look; styles/chat.css keeps the last block's bottom margin at 0 as it does without one.

/** Blocks straight in the message, and blocks per container after them. */
export const CHUNK_BLOCKS = 256;

export class FrozenBlocks {
  readonly #target: HTMLElement;
  /** The live tail: frozen blocks go before it. */
  readonly #tail: Element;
  /** Blocks placed straight in the target. */
  #direct = 0;
  #chunk: HTMLElement | null = null;

  constructor(target: HTMLElement, tail: Element) {
    this.#target = target;
    this.#tail = tail;
  }

  /** Places `frag`'s blocks after the frozen ones. */
  add(frag: DocumentFragment): void {
    const count = frag.childNodes.length;
    if (!this.#chunk && this.#direct + count <= CHUNK_BLOCKS) {
      this.#direct += count;
      this.#target.insertBefore(frag, this.#tail);
      return;
    }
    if (!this.#chunk || this.#chunk.childNodes.length >= CHUNK_BLOCKS) {
      this.#chunk = this.#target.ownerDocument.createElement('div');
      this.#chunk.className = 'md-chunk';
      this.#target.insertBefore(this.#chunk, this.#tail);
    }
    this.#chunk.append(frag);
  }

  /** Forgets the containers (the target was emptied). */
  reset(): void {
    this.#direct = 0;
    this.#chunk = null;
  }
}

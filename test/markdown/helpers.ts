import { afterEach, beforeEach, vi } from 'vitest';
import { firstStrongDir, tableTexts } from '../../src/markdown/bidi';
import { resetTaskBudget } from '../../src/markdown/budget';
import { ALLOWED_TAGS } from '../../src/markdown/sanitize-config';

const allowed = new Set(ALLOWED_TAGS);

/** Every rule the contract puts on rendered model output; returns the broken ones. */
export function violations(root: ParentNode): string[] {
  const out: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (el.hasAttribute('data-md-tail')) continue; // the streaming renderer's own container
    const tag = el.localName;
    if (!allowed.has(tag)) out.push(`element <${tag}>`);
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') out.push(`namespace ${el.namespaceURI} on <${tag}>`);
    for (const { name, value } of Array.from(el.attributes)) {
      if (name.toLowerCase().startsWith('on')) out.push(`${name} on <${tag}>`);
      if (name === 'style') out.push(`style on <${tag}>`);
      if (name === 'src' || name === 'srcset') out.push(`${name} on <${tag}>`);
      if (name === 'href' && !/^(https?|mailto):/.test(value)) out.push(`href=${value}`);
      if (name === 'href' && tag !== 'a') out.push(`href on <${tag}>`);
      // Direction is the renderer's alone (docs/protocol.md, "Direction"): never a reply's. A
      // table's scroll box says what `auto` reads (its first letter's direction), fixed.
      const own = tag === 'pre' ? 'ltr' : el.className === 'table-scroll' ? firstStrongDir(tableTexts(el)) : 'auto';
      if (name === 'dir' && value !== own) out.push(`dir=${value} on <${tag}>`);
    }
    if (tag === 'a') {
      if (!el.hasAttribute('href')) out.push('<a> without href');
      if (el.getAttribute('target') !== '_blank') out.push('<a> without target=_blank');
      if (el.getAttribute('rel') !== 'noopener noreferrer') out.push('<a> without rel');
    }
    if (tag === 'div' && !/^(table-(scroll|block)|md-chunk)$/.test(el.getAttribute('class')!))
      out.push('<div> that is not .table-block, .table-scroll or a container of blocks (.md-chunk)');
  }
  return out;
}

/** Mounts a fragment in a detached container so it can be queried and compared. */
export function mount(frag: DocumentFragment): HTMLDivElement {
  const div = document.createElement('div');
  div.append(frag);
  return div;
}

/** Deterministic PRNG (mulberry32, shared with the mock's messy stream) so random chunking is reproducible. */
export { seededRandom as rng } from '../../mock/sse';

/**
 * Animation frames run by the test (in the describe block, or file, that calls this): `flush` runs
 * the frames requested so far, each a task of its own with a fresh budget, and returns how many ran;
 * `flushAll` runs frames until none is requested. The clock moves `msPerReading` per reading.
 */
export function fakeFrames(msPerReading: number): { flush(): number; flushAll(): void } {
  let frames = new Map<number, FrameRequestCallback>();
  let nextId = 1;
  const flush = (): number => {
    resetTaskBudget();
    const pending = [...frames.values()];
    frames.clear();
    for (const cb of pending) cb(0);
    return pending.length;
  };
  beforeEach(() => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += msPerReading));
    resetTaskBudget();
    frames = new Map();
    vi.stubGlobal(
      'requestAnimationFrame',
      vi.fn((cb: FrameRequestCallback) => (frames.set(nextId, cb), nextId++)),
    );
    vi.stubGlobal(
      'cancelAnimationFrame',
      vi.fn((id: number) => frames.delete(id)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const flushAll = (): void => {
    for (let i = 0; i < 1_000 && flush(); i++);
  };
  return { flush, flushAll };
}

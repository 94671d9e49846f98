// The checks on what ./build.ts made: link addresses as it builds, then DOMPurify over the whole
// DOM in place (`IN_PLACE`: defence in depth; it parses nothing), and what comes after DOMPurify.
//
// Testing note: DOMPurify does not run under happy-dom (cure53/DOMPurify#1457), so the unit XSS
// corpus (test/markdown/xss.test.ts) checks what the builder makes; test/browser/sanitizer.test.ts
// runs the same corpus in the three engines with the DOMPurify widget.js ships, under Trusted Types.
import DOMPurify from 'dompurify';

import { markCodeBidi } from './bidi';
import { LINK_SCHEME, OWN_DIR, PURIFY } from './sanitize-config';

/** Returns the absolute, canonical URL if `raw` is an http, https or mailto one, else null. */
export function allowedUrl(raw: string | null): string | null {
  try {
    // No base URL: relative and protocol-relative (`//evil`) addresses throw and are refused.
    const url = new URL(raw as string);
    return LINK_SCHEME.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Sanitizes the children of `root` (built by ./build.ts) into a fragment. Never throws. */
export function sanitize(root: HTMLElement): DocumentFragment {
  let clean = root;
  try {
    const copy = root.cloneNode(true) as HTMLElement;
    DOMPurify.sanitize(copy, PURIFY);
    clean = copy;
  } catch {
    // DOMPurify throws on DOM implementations it does not support (happy-dom in the unit tests),
    // possibly halfway: the copy is dropped. What ./build.ts made holds only allowlisted
    // elements, text nodes and checked links anyway; DOMPurify is the second line.
  }
  // After DOMPurify, which drops `target`: links open in a new tab without opener or referrer.
  for (const a of clean.querySelectorAll('a')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  // Also after DOMPurify, whose allowlist has no <span>: bidirectional controls in code shown (./bidi.ts).
  markCodeBidi(clean);
  // DOMPurify keeps any value of an allowed attribute. Every `dir` here is the builder's, whose
  // raw HTML is text; should one ever come from elsewhere, a reply still cannot turn a block
  // right to left (or code) against its own text.
  for (const el of clean.querySelectorAll('[dir]'))
    if (el.getAttribute('dir') !== OWN_DIR(el)) el.removeAttribute('dir');
  const frag = new DocumentFragment();
  frag.append(...clean.childNodes);
  return frag;
}

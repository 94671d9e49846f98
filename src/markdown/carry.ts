// A block cut into pieces (./pieces.ts `Carry`): how it starts to be carried after its first piece,
// how a piece of its continuation goes on in it, and how it ends. Used by ./placement.ts.
import type { Token } from 'marked';

import { type Carry, FENCE_CLOSED, listMarker, piece } from './pieces';

/**
 * The carry of `block`, the last block of a frozen piece (`last`: its element), if it goes on in
 * the next piece: tables and fenced code continue in place, a list as a list numbered on.
 */
export function startCarry(block: Token | undefined, last: Element | null, doc: Document): Carry | null {
  if (block?.type === 'table' && last?.querySelector('table')) {
    const table = last.querySelector('table') as HTMLTableElement;
    const into = table.tBodies[0] ?? table.appendChild(doc.createElement('tbody'));
    const [header, separator] = block.raw.split('\n');
    const live = table.appendChild(doc.createElement('tbody'));
    return { kind: 'table', prefix: `${header}\n${separator}\n`, into, live };
  }
  if (
    block?.type === 'code' &&
    /^ {0,3}(`{3,}|~{3,})/.test(block.raw) &&
    !FENCE_CLOSED.test(block.raw.trimEnd() + '\n')
  ) {
    const code = last?.querySelector('code');
    if (!code) return null;
    const live = doc.createTextNode('');
    const end = piece('');
    end.append(live);
    code.replaceChildren(piece(Array.from(code.childNodes)), end);
    return { kind: 'fence', prefix: `${block.raw.split('\n')[0]}\n`, into: code, live };
  }
  if (block?.type === 'list' && last && /^[OU]L$/.test(last.tagName)) {
    const next = Number(last.getAttribute('start') ?? 1) + last.childElementCount;
    return { kind: 'list', prefix: '', marker: listMarker(block.raw), next };
  }
  return null;
}

/**
 * Puts `first`, the continuation of a carried table or code block, into it (`live`: as the part
 * still being written, shown again with each frame); `rows` renders a table token's rows. Returns
 * false if `first` is no continuation after all.
 */
export function continueCarry(
  carry: Carry & { kind: 'table' | 'fence' },
  first: Token,
  live: boolean,
  rows: (token: Token, body: HTMLTableSectionElement) => Element[],
): boolean {
  if (carry.kind === 'table') {
    const added = first.type === 'table' ? rows(first, carry.into) : [];
    if (live) carry.live.replaceChildren(...added);
    else {
      carry.into.append(...added);
      carry.live.replaceChildren();
    }
  } else {
    const text = first.type === 'code' ? String(first.text).replace(/\n$/, '') + '\n' : '';
    if (live) carry.live.data = text;
    else {
      // Each piece in a block of its own (styles/chat.css): adding one lays out that piece
      // only, not the whole code again.
      carry.into.insertBefore(piece(text), carry.live.parentNode);
      carry.live.data = '';
    }
  }
  return first.type === 'table' || first.type === 'code';
}

/** Ends a carried block once its continuation is complete: its live part goes. */
export function endCarry(carry: Carry | null): void {
  if (carry?.kind === 'table') carry.live.remove();
  if (carry?.kind === 'fence') (carry.live.parentNode as Element | null)?.remove();
}

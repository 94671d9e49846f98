// Character references in markdown text. Text nodes would show them literally, so they are
// decoded here: numeric ones as CommonMark says, named ones (HTML5 has 2,231) as the browser
// itself decodes them, without shipping the table: the unknown names of a text are parsed in one
// batch by DOMPurify (its own Trusted Types policy, an inert document: nothing runs or loads, and
// only `&name;` strings are ever given to it). Only a whole `&name;` counts (`&copyx;` is not
// `©x;`), results are kept, and after `MAX_LOOKUPS` distinct names new ones stay as written.
import DOMPurify from 'dompurify';

import { ENTITY_PURIFY } from './sanitize-config';

const resolved = new Map<string, string>([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', '\u00a0'],
]);
const MAX_LOOKUPS = 512;
const REFERENCE = /&(#[xX][\da-fA-F]{1,6}|#\d{1,7}|[A-Za-z][A-Za-z\d]{1,31});/g;

function lookUp(names: string[]): void {
  if (resolved.size + names.length > MAX_LOOKUPS) return;
  for (const name of names) resolved.set(name, ''); // as written, unless the browser knows it
  try {
    const body: HTMLElement = DOMPurify.sanitize(
      names.map((name) => `<p>&${name};</p>`).join(''),
      ENTITY_PURIFY,
    ) as HTMLElement;
    body.querySelectorAll('p').forEach((p, i) => {
      const value = p.textContent ?? '';
      // A known name gives one or two characters; a prefix match (`&notit;` is `¬it;`) keeps its `;`.
      if (value && [...value].length <= 2 && (!value.endsWith(';') || names[i] === 'semi'))
        resolved.set(names[i]!, value);
    });
  } catch {
    // No DOMPurify here (happy-dom): names stay as written.
  }
}

/** `s` with its character references decoded (a numeric one out of range as U+FFFD). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  const unknown = new Set<string>();
  for (const [, name] of s.matchAll(REFERENCE)) if (name![0] !== '#' && !resolved.has(name!)) unknown.add(name!);
  if (unknown.size) lookUp([...unknown]);
  return s.replace(REFERENCE, (ref, name: string) => {
    if (name[0] !== '#') return resolved.get(name) || ref;
    const n = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
    return n > 0 && n < 0x110000 && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : '\ufffd';
  });
}

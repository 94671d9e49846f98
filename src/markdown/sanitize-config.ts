/** Every config the widget gives DOMPurify (./sanitize.ts, ./entities.ts), in one module. */
import type { Config } from 'dompurify';

import { firstStrongDir, tableTexts } from './bidi';

/** Elements a rendered reply may contain. No h1/h2: headings are shifted down two levels. */
export const ALLOWED_TAGS: readonly string[] =
  'p br strong em del code pre blockquote ul ol li h3 h4 h5 h6 hr a table thead tbody tr th td div'.split(' ');

export const LINK_SCHEME = /^(?:https?|mailto):/i;

/** The DOM built from a reply, sanitized in place. */
export const PURIFY: Config & { IN_PLACE: true } = {
  ALLOWED_TAGS: ALLOWED_TAGS as string[], // DOMPurify copies it
  // `dir` is only ever the builder's own (./build.ts, "Direction"; ./sanitize.ts checks its values).
  ALLOWED_ATTR: ['href', 'title', 'class', 'start', 'dir'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: LINK_SCHEME,
  // DOMPurify holds the value of any attribute not named here to ALLOWED_URI_REGEXP, which would
  // drop `dir="auto"` and an ordered list's `start="3"`.
  ADD_URI_SAFE_ATTR: ['dir', 'start'],
  IN_PLACE: true,
};

/** Named character references decoded by the browser's parser (./entities.ts): text only. */
export const ENTITY_PURIFY: Config & { RETURN_DOM: true } = { ALLOWED_TAGS: ['p'], ALLOWED_ATTR: [], RETURN_DOM: true };

/**
 * The only `dir` values a rendered reply keeps: `auto` on text blocks, `ltr` on code blocks
 * (./build.ts), and on a table's scroll box the direction of the table's first letter (./table.ts).
 */
export const OWN_DIR = (el: Element): string =>
  el.localName === 'pre' ? 'ltr' : el.className === 'table-scroll' ? firstStrongDir(tableTexts(el)) : 'auto';

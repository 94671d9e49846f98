// The one element constructor of the markdown DOM: elements and text nodes, never an HTML string
// (so nothing here is a Trusted Types sink, and raw HTML in a reply can only ever be text).

export type Child = Node | string;

/** `<tag attrs…>children…</tag>`; strings become text nodes. */
export function h(tag: string, children: Child[] = [], attrs: Record<string, string> = {}): HTMLElement {
  const el = document.createElement(tag);
  el.append(...children);
  for (const name in attrs) el.setAttribute(name, attrs[name]!);
  return el;
}

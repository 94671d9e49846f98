// The floating launcher, made with plain DOM calls when `init` runs: a page view whose visitor
// never opens the chat runs no Preact render and no panel styles (docs/benchmarks.md, "Start-up").
import type { Messages } from '../i18n';
import { paths } from './icons';

const SVG = 'http://www.w3.org/2000/svg';

export interface Launcher {
  button: HTMLButtonElement;
  /** Label, state and icon for the panel being open or closed. */
  show(open: boolean, t: Messages): void;
}

export function createLauncher(onClick: () => void): Launcher {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('part', 'launcher');
  // As icons.tsx draws it: decorative, the name comes from the label.
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = svg.appendChild(document.createElementNS(SVG, 'path'));
  button.append(svg);
  button.addEventListener('click', onClick);
  let shown = '';
  return {
    button,
    show(open, t) {
      // Called at every change of the session (an announcement, a /config answer): an attribute set
      // again, even to its value, makes the browser match styles again.
      const label = open ? t.closeChat : t.openChat;
      if (shown === (shown = `${open}${label}`)) return;
      button.setAttribute('aria-label', label);
      button.setAttribute('aria-expanded', `${open}`);
      path.setAttribute('d', paths[open ? 'close' : 'chat']);
    },
  };
}

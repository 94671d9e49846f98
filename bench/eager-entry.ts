// widget.js with its markdown engine evaluated at load, for bench/startup.mjs's `eager` variant:
// imported statically here, src/markdown/render.ts (and with it marked and DOMPurify) runs before
// the widget, as it did before src/markdown/engine.ts loaded it on the first reply. (Not a plain
// `import '../src/index'`: package.json's `sideEffects` lists only dist/, so the bundler would drop
// an import whose exports are not used.)
import { init } from '../src/init';
import { version } from '../src/version';
import { renderMarkdown } from '../src/markdown/render';

// Read at load: the bundler keeps the import, and runs the module, here.
if (typeof renderMarkdown !== 'function') throw new Error('bench: no markdown renderer');
window.ServiceWidget = { init, version };

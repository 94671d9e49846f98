// widget-voice.js: loaded by widget.js on the first microphone press (src/voice/load.ts). It defines
// no global: it hands its turn factory to the element that loaded it, then is done.
import { startTurn } from './turn';
import { RUNTIME_EVENT, type StartVoiceTurn } from './types';

const start: StartVoiceTurn = (options) => startTurn(options);
document.currentScript?.dispatchEvent(new CustomEvent(RUNTIME_EVENT, { detail: start }));

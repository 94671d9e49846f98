// widget-voice.js: loaded by widget.js on the first microphone press (src/voice/load.ts). It defines
// no global: it hands its controller factory to the element that loaded it, then is done.
import { createController } from './controller';
import { RUNTIME_EVENT, type CreateVoiceController } from './types';

const create: CreateVoiceController = (host) => createController(host);
document.currentScript?.dispatchEvent(new CustomEvent(RUNTIME_EVENT, { detail: create }));

// widget-voice.js: loaded by widget.js on the first microphone press (src/runtime/runtimes.ts).
// It defines no global: it hands its controller factory to the element that loaded it, then is done.
import { provideRuntime } from '../runtime/provide';
import { createController } from './controller';
import type { CreateVoiceController } from './types';

const create: CreateVoiceController = (host) => createController(host);
provideRuntime(create);

// Loads widget-voice.js on the first microphone press, pinned to the file built with this widget.js.
import { integrityOf } from '../runtime/integrity';
import { loadRuntime } from '../runtime/load';
import type { CreateVoiceController } from './types';

export const loadVoiceRuntime = (url: string, nonce: string | null): Promise<CreateVoiceController> =>
  loadRuntime(url, { nonce, integrity: integrityOf('widget-voice.js') });

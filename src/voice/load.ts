// Loads widget-voice.js on the first microphone press, pinned to the file built with this widget.js.
import { integrityOf } from '../runtime/integrity';
import { loadRuntime } from '../runtime/load';
import { RUNTIME_FILES } from '../surface';
import type { CreateVoiceController } from './types';

export const loadVoiceRuntime = (url: string, nonce: string | null): Promise<CreateVoiceController> =>
  loadRuntime(url, { nonce, integrity: integrityOf(RUNTIME_FILES.voice) });

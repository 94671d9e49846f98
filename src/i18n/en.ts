// The English catalog as one object (tests compare against it). The strings live in messages.ts and voice/messages.ts.
import { VOICE_MESSAGES } from '../voice/messages';
import { messages, type Messages } from './index';

/** With the voice runtime's sentences, which widget.js itself only has once the runtime handed them over. */
export const en: Messages = {
  ...messages('en'),
  ...Object.fromEntries(Object.entries(VOICE_MESSAGES).map(([k, [text]]) => [k, text])),
};

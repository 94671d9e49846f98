// The English catalog as one object (tests compare against it). The strings live in
// src/i18n/messages.ts and src/voice/messages.ts.
import { VOICE_MESSAGES } from '../../src/voice/messages';
import { messages, type Messages } from '../../src/i18n';

/** With the voice runtime's sentences, which widget.js itself only has once the runtime handed them over. */
export const en: Messages = {
  ...messages('en'),
  ...Object.fromEntries(Object.entries(VOICE_MESSAGES).map(([k, [text]]) => [k, text])),
};

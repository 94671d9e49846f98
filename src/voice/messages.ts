// The sentences only a spoken turn makes the widget say, English then Turkish as in
// i18n/messages.ts. They travel in widget-voice.js, not in widget.js (about 0.17 kB gzip less on
// every page, most of which never speak): the core adds them to its catalog when the runtime
// arrives (i18n `addMessages`), before anything can say them, and translates them like any other
// text, `setLocale` included.
export const VOICE_MESSAGES = {
  voiceDenied: [
    'The microphone is not available. Check your browser’s permission and try again.',
    'Mikrofona erişilemiyor. Tarayıcınızın izinlerini kontrol edip tekrar deneyin.',
  ],
  voiceUnsupported: ['Voice input is not supported in this browser.', 'Bu tarayıcı sesli girişi desteklemiyor.'],
  voiceDropped: ['The voice connection was lost.', 'Sesli bağlantı koptu.'],
  recording: ['Recording…', 'Kaydediliyor…'],
  // Said once to screen readers when recording starts and when it stops (state/announce.ts).
  recordingStarted: [
    'Recording started. Press the microphone button again to send.',
    'Kayıt başladı. Göndermek için mikrofon düğmesine yeniden basın.',
  ],
  recordingStopped: ['Recording stopped.', 'Kayıt durduruldu.'],
} satisfies Record<string, readonly [en: string, tr: string]>;

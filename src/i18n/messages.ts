// Every UI string, English then Turkish, side by side: each key is written once and a missing
// translation is a type error. The Turkish is written as a Turkish speaker would say it, not word
// for word. `index.ts` turns the table into one `Messages` object per locale. What only a spoken turn
// says is in voice/messages.ts: it travels in widget-voice.js.
type Fill = (value: string) => string;
type Entry = readonly [en: string, tr: string] | readonly [en: Fill, tr: Fill];

export const MESSAGES = {
  defaultTitle: ['Ask your data', 'Verilerinize sorun'],
  welcome: [
    'Hi! Ask me anything about your data.',
    'Merhaba! Verilerinizle ilgili merak ettiğiniz her şeyi sorabilirsiniz.',
  ],
  openChat: ['Open chat', 'Sohbeti aç'],
  closeChat: ['Close chat', 'Sohbeti kapat'],
  history: ['Conversation history', 'Sohbet geçmişi'],
  newConversation: ['New conversation', 'Yeni sohbet'],
  connectAccounts: ['Connect your accounts', 'Hesaplarınızı bağlayın'],
  micStart: ['Start speaking', 'Konuşmaya başla'],
  micStop: ['Stop recording', 'Kaydı durdur'],
  composerLabel: ['Your question', 'Sorunuz'],
  composerPlaceholder: ['Ask a question about your data…', 'Verilerinizle ilgili bir soru sorun…'],
  send: ['Send', 'Gönder'],
  stop: ['Stop the answer', 'Yanıtı durdur'],
  messagesLabel: ['Conversation', 'Sohbet'],
  suggestionsLabel: ['Suggested questions', 'Önerilen sorular'],
  you: ['You', 'Siz'],
  assistant: ['Assistant', 'Asistan'],
  thinking: ['Thinking…', 'Düşünüyor…'],
  lookingUp: ['Looking up your data…', 'Verilerinize bakılıyor…'],
  stopped: ['Stopped.', 'Durduruldu.'],
  replyDone: ['The assistant answered.', 'Asistan yanıtladı.'],
  retry: ['Try again', 'Tekrar dene'],
  reload: ['Reload conversation', 'Sohbeti yeniden yükle'],
  dismiss: ['Dismiss', 'Kapat'],
  authExpired: [
    'Your session has expired. Please try again.',
    'Oturumunuzun süresi doldu. Lütfen tekrar deneyin.',
  ],
  authExpiredStatic: [
    'Your session has expired. Reload the page to continue.',
    'Oturumunuzun süresi doldu. Devam etmek için sayfayı yenileyin.',
  ],
  limit: {
    daily: ['You have reached your daily message limit.', 'Günlük mesaj sınırınıza ulaştınız.'],
    monthly: ['You have reached your monthly message limit.', 'Aylık mesaj sınırınıza ulaştınız.'],
    per_minute: ['You are sending messages too quickly.', 'Çok hızlı mesaj gönderiyorsunuz.'],
  },
  limitResets: [
    (when) => `You can write again ${when}.`,
    (when) => `${when} yeniden yazabilirsiniz.`,
  ],
  offline: [
    'You are offline. Your message is kept; send it when you are back online.',
    'İnternet bağlantınız yok. Mesajınız duruyor; bağlantı gelince gönderebilirsiniz.',
  ],
  error: ['Something went wrong. Please try again.', 'Bir şeyler ters gitti. Lütfen tekrar deneyin.'],
  unavailable: [
    'The service is not responding right now. Your message is kept.',
    'Hizmet şu anda yanıt vermiyor. Mesajınız duruyor.',
  ],
  cantConnect: [
    'The chat can’t connect right now. Please try again later.',
    'Sohbet şu anda bağlanamıyor. Lütfen daha sonra tekrar deneyin.',
  ],
  reference: [(id) => `Reference: ${id}`, (id) => `Başvuru kodu: ${id}`],
  interrupted: ['The answer was interrupted.', 'Yanıt yarıda kesildi.'],
  notFound: ['This conversation is no longer available.', 'Bu sohbet artık mevcut değil.'],
  confirmationNotPending: ['This request is no longer open.', 'Bu istek artık açık değil.'],
  llmNotConfigured: [
    'The assistant is not set up yet. Please contact your administrator.',
    'Asistan henüz kurulmamış. Lütfen yöneticinize başvurun.',
  ],
  voiceNotConfigured: [
    'Voice is not set up for this assistant.',
    'Bu asistan için sesli kullanım ayarlanmamış.',
  ],
  voiceFailed: [
    'Voice could not be started. Please try again.',
    'Sesli kullanım başlatılamadı. Lütfen tekrar deneyin.',
  ],
  chartFailed: [
    'The chart could not be loaded. Please try again.',
    'Grafik yüklenemedi. Lütfen tekrar deneyin.',
  ],
  micSilence: ['Stop the spoken answer', 'Sesli yanıtı durdur'],
  invalidPublicId: ['The chat is not configured correctly.', 'Sohbet doğru yapılandırılmamış.'],
  approval: [
    'This action needs approval from your organization’s team. It will run the next time you write, and the assistant will tell you the outcome.',
    'Bu işlem kuruluşunuzdaki ekibin onayını bekliyor. Bir sonraki mesajınızda çalıştırılacak ve asistan size sonucu bildirecek.',
  ],
  readOnly: [
    'This assistant can read your data but cannot change it.',
    'Bu asistan verilerinizi okuyabilir ama değiştiremez.',
  ],
  confirm: ['Confirm', 'Onayla'],
  cancel: ['Cancel', 'Vazgeç'],
  confirmation: {
    pending: ['Waiting for your decision.', 'Kararınızı bekliyor.'],
    confirmed: ['Confirmed.', 'Onaylandı.'],
    cancelled: ['Cancelled.', 'İptal edildi.'],
    expired: ['This request has expired.', 'Bu isteğin süresi doldu.'],
  },
  historyTitle: ['Your conversations', 'Sohbetleriniz'],
  historyEmpty: ['No conversations yet.', 'Henüz sohbet yok.'],
  historyMore: ['Load more', 'Daha fazla yükle'],
  loading: ['Loading…', 'Yükleniyor…'],
  backToChat: ['Back to the conversation', 'Sohbete dön'],
  untitled: ['Untitled conversation', 'Başlıksız sohbet'],
  copyTable: ['Copy table', 'Tabloyu kopyala'],
  copied: ['Copied', 'Kopyalandı'],
  copyAnswer: ['Copy answer', 'Yanıtı kopyala'],
  copyCode: ['Copy code', 'Kodu kopyala'],
  downloadTable: ['Download CSV', 'CSV indir'],
  chart: ['Chart', 'Grafik'],
  showAllRows: [(n) => `Show all ${n} rows`, (n) => `${n} satırın tümünü göster`],
  portalLink: ['Open the accounts page', 'Hesaplar sayfasını aç'],
  portalBlocked: [
    'Your browser blocked the new tab. Use this link instead:',
    'Tarayıcınız yeni sekmeyi engelledi. Bunun yerine bu bağlantıyı kullanın:',
  ],
} satisfies Record<string, Entry | Record<string, Entry>>;

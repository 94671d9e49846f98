// The visitor's languages, as the service hears them (docs/protocol.md, "Every request"): the UI
// language from `Accept-Language` for `/config`'s texts, and the language a question is written in
// for the answer (the assistant answers in the visitor's language, whatever the UI language).
import type { ServiceConfig } from '../src/api/types';
import type { MockSettings } from './types';

export type UiLanguage = 'en' | 'tr';
export type AnswerLanguage = UiLanguage | 'ar' | 'he';

/** `tr` when the first language of `Accept-Language` is Turkish (`tr`, `tr-TR`, …), else `en`. */
export function uiLanguage(request: Request): UiLanguage {
  const first = (request.headers.get('accept-language') ?? '').split(',')[0]!.trim().toLowerCase();
  return /^tr(?:-|;|$)/.test(first) ? 'tr' : 'en';
}

/** The default texts of `/config` (MockSettings) in English, and what the service says in Turkish. */
export const CONFIG_TEXTS: Record<
  UiLanguage,
  Required<Pick<MockSettings, 'title' | 'welcome'>> & { suggestions: string[] }
> = {
  en: {
    title: 'Data assistant',
    welcome: 'Hi! Ask me about your orders, customers and sales.',
    suggestions: [
      'How many orders did we get last week?',
      'Who are our top 5 customers this year?',
      'Show monthly sales for 2026 by region',
      'Which products are running low on stock?',
    ],
  },
  tr: {
    title: 'Veri asistanı',
    welcome: 'Merhaba! Siparişleriniz, müşterileriniz ve satışlarınızla ilgili sorularınızı yanıtlarım.',
    suggestions: [
      'Geçen hafta kaç sipariş aldık?',
      'Bu yılın en iyi 5 müşterisi kimler?',
      '2026 aylık satışlarını bölgeye göre göster',
      'Stoğu azalan ürünler hangileri?',
    ],
  },
};

/**
 * `/config`'s texts in `language`: a text still at its default is answered in that language; one a
 * test or the demo set (`setSettings`) is answered as set, in every language.
 */
export function localizedTexts(
  s: MockSettings,
  language: UiLanguage,
): Pick<ServiceConfig, 'title' | 'welcome'> & {
  suggestions?: unknown;
} {
  const en = CONFIG_TEXTS.en;
  const own = CONFIG_TEXTS[language];
  const pick = <T>(value: T, fallback: T, localized: T): T => (value === fallback ? localized : value);
  return {
    ...(s.title === undefined ? {} : { title: pick(s.title, en.title, own.title) }),
    ...(s.welcome === undefined ? {} : { welcome: pick(s.welcome, en.welcome, own.welcome) }),
    ...(s.suggestions === undefined
      ? {}
      : { suggestions: pick<unknown>(s.suggestions, en.suggestions, own.suggestions) }),
  };
}

/**
 * The language a question is written in: Arabic or Hebrew by their script, Turkish by the letters
 * only Turkish uses (ğ, ı, İ, ş: "Köln" stays English), else English.
 */
export function questionLanguage(text: string): AnswerLanguage {
  if (/[\u0590-\u05ff\ufb1d-\ufb4f]/.test(text)) return 'he';
  if (/[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/.test(text)) return 'ar';
  if (/[ğĞıİşŞ]/.test(text)) return 'tr';
  return 'en';
}

// Answers in the visitor's language (the assistant answers in the language of the question,
// whatever the UI language), and the right-to-left answers of the `rtl` scenario: Arabic, Hebrew
// and a mixed one, with every kind of block (docs/protocol.md, "Direction").
import { NORMAL_ANSWER } from './answers';
import type { AnswerLanguage } from './languages';

export const TURKISH_ANSWER = `Geçen haftanın sipariş özeti şöyle.

Toplam **42** sipariş geldi; bir önceki haftaya göre 7 fazla.

- **30** sipariş kargoya verildi
- **9** sipariş hâlâ hazırlanıyor
- **3** sipariş müşteri tarafından iptal edildi

| Durum | Sipariş | Pay |
|---|---:|---:|
| Kargoda | 30 | %71 |
| Hazırlanıyor | 9 | %21 |
| İptal | 3 | %7 |

Siparişlerin çoğu İzmir ve Köln'den geldi: sırasıyla 12 ve 8.`;

export const ARABIC_ANSWER = `### ملخص طلبات الأسبوع الماضي

بلغ عدد الطلبات **42** طلبًا، أي بزيادة 7 طلبات عن الأسبوع السابق.

- تم شحن **30** طلبًا.
- ما زالت **9** طلبات قيد المعالجة.
- ألغى العملاء **3** طلبات.

| الحالة | الطلبات | النسبة |
|---|---:|---:|
| تم الشحن | 30 | 71% |
| قيد المعالجة | 9 | 21% |
| ملغى | 3 | 7% |

> ملاحظة: تشمل هذه الأرقام الطلبات المدفوعة فقط.

جاءت معظم الطلبات من إزمير وكولونيا، بواقع 12 و8 طلبات على التوالي.

\`\`\`text
order_id,status
1042,shipped
\`\`\``;

export const HEBREW_ANSWER = `### סיכום ההזמנות של השבוע שעבר

התקבלו **42** הזמנות, 7 יותר מאשר בשבוע שלפני כן.

- **30** הזמנות נשלחו.
- **9** הזמנות עדיין בטיפול.
- **3** הזמנות בוטלו על ידי הלקוחות.

| סטטוס | הזמנות | אחוז |
|---|---:|---:|
| נשלחו | 30 | 71% |
| בטיפול | 9 | 21% |
| בוטלו | 3 | 7% |

> הערה: המספרים כוללים רק הזמנות ששולמו.

רוב ההזמנות הגיעו מאיזמיר ומקלן: 12 ו־8 בהתאמה.`;

/** Arabic and English side by side, and sentences that mix them: each block reads its own way. */
export const MIXED_ANSWER = `Here is the summary in English and in Arabic.

There were **42** orders last week, most of them from **شركة أكمي**.

بلغ عدد الطلبات **42** طلبًا، معظمها من شركة **Acme Ltd** عبر DHL Express.

- Shipped: **30** orders
- تم شحن **30** طلبًا عبر UPS.
- ההזמנה #1042 נשלחה אתמול.

| العميل | Customer | الطلبات |
|---|---|---:|
| شركة أكمي | Acme Ltd | 12 |
| غلوبكس | Globex | 8 |

| Customer | Orders |
|---|---:|
| Acme Ltd | 12 |
| Globex | 8 |

> Totals include paid orders only. الأرقام تشمل الطلبات المدفوعة فقط.`;

const NORMAL: Record<AnswerLanguage, string> = {
  en: NORMAL_ANSWER,
  tr: TURKISH_ANSWER,
  ar: ARABIC_ANSWER,
  he: HEBREW_ANSWER,
};

/** The normal answer in the question's language. */
export const normalAnswer = (language: AnswerLanguage): string => NORMAL[language];

/** The `rtl` scenario: an Arabic or a Hebrew question gets that answer, any other the mixed one. */
export const rtlAnswer = (language: AnswerLanguage): string =>
  language === 'ar' ? ARABIC_ANSWER : language === 'he' ? HEBREW_ANSWER : MIXED_ANSWER;

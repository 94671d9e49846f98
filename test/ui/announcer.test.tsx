// What a screen reader is told, state by state, in both UI languages (docs/accessibility.md): the
// announcer's rules for every reply end and notice kind, and what the live regions say as a
// visitor sends, stops, is cut off, refused or asked to confirm.
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NORMAL_ANSWER, TABLES_ANSWER } from '../../mock/answers';
import { addMessages } from '../../src/i18n';
import { loadMarkdown } from '../../src/markdown/engine';
import type { Heard } from '../../src/state/announce';
import { REPLY_PHASES, type ReplyEnd } from '../../src/state/chat-types';
import { NOTICE_KINDS, type Notice, type NoticeKind } from '../../src/state/notices';
import { isLive } from '../../src/state/reply';
import type { Locale } from '../../src/types';
import { END_POLITENESS, NOTICE_POLITENESS, politeness, words } from '../../src/ui/announce';
import { VOICE_MESSAGES } from '../../src/voice/messages';
import { mock, mountWidget, type MountedWidget } from '../helpers/widget';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** One notice of each kind, as the widget makes them: the lazy chart runtime's failure for `error`. */
const SAMPLE: Record<NoticeKind, Notice> = {
  approval: { kind: 'approval', say: 'approval' },
  limit: { kind: 'limit', code: 'limit', say: 'error', period: 'daily' },
  auth: { kind: 'auth', code: 'auth', say: 'authExpired' },
  error: { kind: 'error', code: 'chart_unavailable', say: 'chartFailed' },
  offline: { kind: 'offline', code: 'offline', say: 'offline' },
  voice: { kind: 'voice', code: 'voice_unavailable', say: 'voiceFailed' },
  interrupted: { kind: 'interrupted', code: 'interrupted', say: 'interrupted' },
};

const NOTICE_SAID: Record<NoticeKind, [en: string, tr: string]> = {
  approval: [
    'This action needs approval from your organization’s team. It will run the next time you write, and the assistant will tell you the outcome.',
    'Bu işlem kuruluşunuzdaki ekibin onayını bekliyor. Bir sonraki mesajınızda çalıştırılacak ve asistan size sonucu bildirecek.',
  ],
  limit: ['You have reached your daily message limit.', 'Günlük mesaj sınırınıza ulaştınız.'],
  auth: ['Your session has expired. Please try again.', 'Oturumunuzun süresi doldu. Lütfen tekrar deneyin.'],
  error: ['The chart could not be loaded. Please try again.', 'Grafik yüklenemedi. Lütfen tekrar deneyin.'],
  offline: [
    'You are offline. Your message is kept; send it when you are back online.',
    'İnternet bağlantınız yok. Mesajınız duruyor; bağlantı gelince gönderebilirsiniz.',
  ],
  voice: ['Voice could not be started. Please try again.', 'Sesli kullanım başlatılamadı. Lütfen tekrar deneyin.'],
  interrupted: ['The answer was interrupted.', 'Yanıt yarıda kesildi.'],
};

const END_SAID: Record<Exclude<ReplyEnd, 'done'>, [en: string, tr: string]> = {
  stopped: ['Stopped. This answer is incomplete.', 'Durduruldu. Bu yanıt eksik.'],
  interrupted: ['Cut off. This answer is incomplete.', 'Yarıda kesildi. Bu yanıt eksik.'],
  error: ['Ended by an error. This answer is incomplete.', 'Bir hatayla sona erdi. Bu yanıt eksik.'],
};

const LOCALES: Locale[] = ['en', 'tr'];

describe('a rule for every state', () => {
  it('every notice kind (each `data-kind`) is said, in its region, in both languages', async () => {
    const engine = await loadMarkdown();
    for (const kind of NOTICE_KINDS) {
      expect(SAMPLE[kind], `a sample notice of kind ${kind}`).toBeDefined();
      const h: Heard = { state: 'notice', notice: SAMPLE[kind] };
      expect(politeness(h)).toBe(NOTICE_POLITENESS[kind]);
      LOCALES.forEach((locale, i) => expect(words(h, locale, engine)).toBe(NOTICE_SAID[kind][i]));
    }
  });

  it('every way a reply ends is said in both languages; nothing while it is on its way', async () => {
    const engine = await loadMarkdown();
    const ends = REPLY_PHASES.filter((p) => !isLive(p));
    expect(ends).toEqual(Object.keys(END_POLITENESS));
    for (const end of ends as ReplyEnd[]) {
      const h: Heard = { state: 'ended', end, text: 'Fine.' };
      for (const [i, locale] of LOCALES.entries()) {
        const said = words(h, locale, engine);
        if (end === 'done') expect(said).toBe(['The assistant answered. Fine.', 'Asistan yanıtladı. Fine.'][i]);
        else expect(said).toBe(END_SAID[end][i]);
      }
    }
    // Stopped by the visitor: polite; cut or ended by an error: the visitor must know now.
    expect(END_POLITENESS).toEqual({ done: 'polite', stopped: 'polite', interrupted: 'assertive', error: 'assertive' });
  });

  it('a finished reply is said as shown: a table as its rows, never markdown syntax', async () => {
    const engine = await loadMarkdown();
    const said = words({ state: 'ended', end: 'done', text: NORMAL_ANSWER }, 'en', engine);
    expect(said).toBe(
      "The assistant answered. Here is last week's order summary. There were 42 orders, 7 more than the week before. 30 shipped. 9 still processing. 3 cancelled by the customer. Status: Shipped, Orders: 30, Share: 71%. Status: Processing, Orders: 9, Share: 21%. Status: Cancelled, Orders: 3, Share: 7%. Most orders came from İzmir and Köln — 12 and 8 respectively.",
    );
    const table = words(
      { state: 'ended', end: 'done', text: '| Region | Orders |\n|---|--:|\n| North | 25 |' },
      'tr',
      engine,
    );
    expect(table).toBe('Asistan yanıtladı. Region: North, Orders: 25.');
  });

  it('a long reply is said in part, then "continues", in the UI language', async () => {
    const engine = await loadMarkdown();
    for (const [i, locale] of LOCALES.entries()) {
      const said = words({ state: 'ended', end: 'done', text: TABLES_ANSWER }, locale, engine);
      expect(said).toMatch(
        /^(The assistant answered|Asistan yanıtladı)\. Here is the data you asked for\. Revenue by region/,
      );
      expect(said.endsWith(['Not: Kış… The answer continues.', 'Not: Kış… Yanıtın devamı var.'][i]!)).toBe(true);
      expect(said).not.toMatch(/\||---|:--/);
    }
  });

  it('waiting, a reset, a confirmation, a copy and the microphone, in both languages', async () => {
    const engine = await loadMarkdown();
    // The microphone's sentences come with widget-voice.js, loaded before anything records.
    addMessages(VOICE_MESSAGES);
    const cases: [Heard, string, string][] = [
      [
        { state: 'started', resuming: false },
        'The assistant is working on your answer.',
        'Asistan yanıtınız üzerinde çalışıyor.',
      ],
      [{ state: 'started', resuming: true }, 'The answer is still being written…', 'Yanıt hâlâ yazılıyor…'],
      [{ state: 'limitOver' }, 'You can write again now.', 'Artık yeniden yazabilirsiniz.'],
      [
        { state: 'confirmation', prompt: 'Ship #1?' },
        'Ship #1? Waiting for your decision.',
        'Ship #1? Kararınızı bekliyor.',
      ],
      [{ state: 'copied' }, 'Copied', 'Kopyalandı'],
      [
        { state: 'recording', started: true },
        'Recording started. Press the microphone button again to send.',
        'Kayıt başladı. Göndermek için mikrofon düğmesine yeniden basın.',
      ],
      [{ state: 'recording', started: false }, 'Recording stopped.', 'Kayıt durduruldu.'],
    ];
    for (const [h, en, tr] of cases) {
      expect(politeness(h)).toBe('polite');
      expect([words(h, 'en', engine), words(h, 'tr', engine)]).toEqual([en, tr]);
    }
  });
});

/** Every announcement of the live regions, in order, as [region, text] (a trailing no-break space dropped). */
function heard(w: MountedWidget): [string, string][] {
  const out: [string, string][] = [];
  for (const region of w.host.shadowRoot!.querySelectorAll<HTMLElement>('[aria-live]')) {
    new MutationObserver(() => {
      const text = region.textContent!.replace(/\xa0$/, '');
      if (text && !region.closest('[aria-busy="true"]')) out.push([region.getAttribute('aria-live')!, text]);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  }
  return out;
}

const ends = (w: MountedWidget, log: [string, string][]) =>
  waitFor(() => expect(log.filter(([, t]) => !/working|çalışıyor/.test(t))).not.toHaveLength(0));

describe('what the live regions say', () => {
  for (const [i, locale] of LOCALES.entries()) {
    it(`a cut reply says its note and the notice, at once (${locale})`, async () => {
      mock.setScenario('cut');
      const w = await mountWidget({ locale });
      const log = heard(w);
      await w.send('Top customers?');
      await ends(w, log);
      await w.settled();
      expect(log).toEqual([
        ['polite', ['The assistant is working on your answer.', 'Asistan yanıtınız üzerinde çalışıyor.'][i]],
        [
          'assertive',
          [
            'Cut off. This answer is incomplete. The answer was interrupted.',
            'Yarıda kesildi. Bu yanıt eksik. Yanıt yarıda kesildi.',
          ][i],
        ],
      ]);
    });

    it(`a reply ended by an error event says its note and the notice (${locale})`, async () => {
      mock.setScenario('error-event');
      const w = await mountWidget({ locale });
      const log = heard(w);
      await w.send('Stock?');
      await ends(w, log);
      expect(log.at(-1)).toEqual([
        'assertive',
        [
          'Ended by an error. This answer is incomplete. Something went wrong. Please try again.',
          'Bir hatayla sona erdi. Bu yanıt eksik. Bir şeyler ters gitti. Lütfen tekrar deneyin.',
        ][i],
      ]);
    });

    it(`a confirmation is asked after the reply that leads to it (${locale})`, async () => {
      mock.setScenario('confirmation');
      const w = await mountWidget({ locale });
      const log = heard(w);
      await w.send('Ship order #1042');
      await ends(w, log);
      expect(log.at(-1)).toEqual([
        'polite',
        `${['The assistant answered.', 'Asistan yanıtladı.'][i]} I found the order. Changing its status needs your confirmation. Update the status of order #1042 to 'shipped'? ${['Waiting for your decision.', 'Kararınızı bekliyor.'][i]}`,
      ]);
    });

    it(`the visitor's stop is confirmed, politely (${locale})`, async () => {
      mock.setScenario('slow');
      const w = await mountWidget({ locale });
      const log = heard(w);
      await w.send('Orders?');
      await waitFor(() => expect(w.messages('assistant')[0]?.textContent).toMatch(/Here/), { timeout: 5000 });
      fireEvent.click(w.part('stop-button')!);
      await ends(w, log);
      expect(log.at(-1)).toEqual(['polite', END_SAID.stopped[i]]);
    });
  }

  it('an approval pending is said after its reply', async () => {
    mock.setScenario('approval');
    const w = await mountWidget();
    const log = heard(w);
    await w.send('Raise the limit');
    await ends(w, log);
    expect(log.at(-1)).toEqual([
      'polite',
      "The assistant answered. I've prepared the credit limit change for customer Acme Ltd (from €10,000 to €15,000). Changing a credit limit needs approval from your team. It will run the next time you write after it is approved.",
    ]);
  });

  it('offline: said at once, in Turkish', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const w = await mountWidget({ locale: 'tr' });
    const log = heard(w);
    await w.send('Stoklar?');
    await ends(w, log);
    expect(log).toEqual([['assertive', NOTICE_SAID.offline[1]]]);
  });

  it('a limit is said with its reset as it is then, and the reset once it comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      mock.setScenario('limit-short');
      const w = await mountWidget();
      const log = heard(w);
      await w.send('Top customers?');
      const { advanceUntil } = await import('../helpers/widget');
      await advanceUntil(() => log.some(([r]) => r === 'assertive'));
      expect(log.at(-1)).toEqual([
        'assertive',
        'You are sending messages too quickly. You can write again in 8 seconds.',
      ]);
      await advanceUntil(() => log.at(-1)![1] === 'You can write again now.', 10_000, 100);
      expect(log.at(-1)).toEqual(['polite', 'You can write again now.']);
      // Said once each: no countdown.
      expect(log.filter(([r]) => r === 'assertive')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

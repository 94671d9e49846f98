// The theme reaching the browser's own widgets (docs/protocol.md, "DOM"; README "Theming"), the
// sideways-overflow hint of code blocks and tables (docs/charts.md), and the recording state
// (docs/voice.md), in Chromium, Firefox and WebKit: `color-scheme` of the message list follows the
// widget's theme (not the page's), a wide code block's or table's hint keeps its text at AA
// contrast and moves to the other edge at the end, and recording is red, labelled, timed and
// announced once when it starts and once when it stops.
// The screenshots (artifacts/screenshots/; docs/images/ with UPDATE_DOC_IMAGES=1) are for looking at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../helpers/en';
import {
  cannedAnswer,
  DESKTOP,
  ENGINE,
  itInChromium,
  openPage,
  frames,
  PHONE,
  WAIT,
  type EnginePageOptions,
  type Locator,
  type WidgetPage,
} from './engines';
import { listen } from './heard';
import { REPO_ROOT, SCREENSHOTS_DIR } from './paths';
import { savePanelShot } from './panel-shot';

const sse = (text: string): string => {
  const chunk = (delta: object, finish: string | null) => ({
    id: 'c',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const frame = (delta: object, finish: string | null = null) => `data: ${JSON.stringify(chunk(delta, finish))}\n\n`;
  return `${frame({ content: text })}${frame({}, 'stop')}data: [DONE]\n\n`;
};
/** Three lines, the middle one empty: the block's middle row, where a hint is strongest, has no glyphs. */
const WIDE_CODE =
  '```sql\nSELECT region, SUM(amount) AS revenue, COUNT(*) AS orders, AVG(amount) AS average_order, ' +
  "MAX(created_at) AS last_order FROM orders\n\nWHERE created_at >= DATE_TRUNC('month', NOW()) " +
  'GROUP BY region ORDER BY revenue DESC, orders DESC, average_order DESC LIMIT 100;\n```\n\n';
const LONG_ANSWER = `Here is the query I ran:\n\n${WIDE_CODE}${Array.from(
  { length: 14 },
  (_, i) => `${i + 1}. Region ${i + 1} brought in a steady share of this month's revenue.`,
).join('\n')}\n\nThe end.`;

/** A finished reply holding `markdown`. */
async function replyWith(markdown: string, opts: EnginePageOptions): Promise<WidgetPage> {
  const wp = await openPage({ ...opts, initOptions: { locale: 'en', ...opts.initOptions } });
  await wp.openPanel();
  await cannedAnswer('/api/v1/widget/chat', {
    headers: { 'content-type': 'text/event-stream', 'x-conversation-id': 'c_theme' },
    body: sse(markdown),
  });
  await wp.send('What did we sell this month?');
  const reply = await wp.waitForReplies(1);
  await reply.locator('[part~="copy-message-button"]').waitFor();
  await wp.part('composer-input').blur();
  return wp;
}

type Rgb = [number, number, number];
const luminance = ([r, g, b]: Rgb) => {
  const c = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
};
const contrast = (a: Rgb, b: Rgb) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

/** Pixels of a viewport screenshot at viewport points (CSS px), decoded in the page's own canvas. */
async function pixels(wp: WidgetPage, shot: string, points: { x: number; y: number }[]): Promise<Rgb[]> {
  const png = readFileSync(shot).toString('base64');
  return wp.page.evaluate(
    async ({ png, points }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const scale = img.width / innerWidth;
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.width, img.height];
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0);
      return points.map(({ x, y }) => {
        const d = g.getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data;
        return [d[0], d[1], d[2]] as [number, number, number];
      });
    },
    { png, points },
  );
}

/** The panel cut out of the viewport's screenshot, as `name`-<engine>.png (or docs/images/`name`.png), when the run keeps pictures. */
async function panelShot(wp: WidgetPage, name: string, docsEngines: string[] = ['chromium']): Promise<string | null> {
  // docs/images/ is refreshed on request only (UPDATE_DOC_IMAGES=1), so a test run leaves the tree clean.
  const docs = process.env.UPDATE_DOC_IMAGES && docsEngines.includes(ENGINE);
  const file = docs
    ? path.join(REPO_ROOT, 'docs', 'images', docsEngines.length > 1 ? `${name}-${ENGINE}.png` : `${name}.png`)
    : path.join(SCREENSHOTS_DIR, `${name}-${ENGINE}.png`);
  return savePanelShot(wp, name, file);
}

const scheme = (l: Locator) => l.evaluate((el) => getComputedStyle(el).colorScheme);

describe("the theme reaches the browser's own widgets (color-scheme)", () => {
  for (const theme of ['dark', 'light', 'auto'] as const) {
    it(`theme ${theme}: the message list, the composer and code blocks take it; the page keeps its own`, async () => {
      // The page says it is light only: the widget's dark theme must not follow it, nor change it.
      const wp = await openPage({
        colorScheme: 'dark',
        pageCss: ':root { color-scheme: light; }',
        initOptions: { theme, locale: 'en' },
      });
      await wp.openPanel();
      const prefersDark = await wp.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
      const expected = theme === 'auto' ? (prefersDark ? 'dark' : 'light') : theme;
      await wp.part('message-list').waitFor();
      expect(await scheme(wp.part('message-list'))).toBe(expected);
      expect(await scheme(wp.part('composer-input'))).toBe(expected);
      expect(await scheme(wp.part('panel'))).toBe(expected);
      expect(await wp.page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
      expect(await wp.page.evaluate(() => getComputedStyle(document.body).colorScheme)).toBe('light');
      // setTheme reaches it too, live.
      const other = expected === 'dark' ? 'light' : 'dark';
      await wp.page.evaluate((t) => window.__swTest.instance!.setTheme(t as 'dark' | 'light'), other);
      await expect.poll(() => scheme(wp.part('message-list')), { timeout: WAIT }).toBe(other);
    });
  }
});

/**
 * The edges of a box that scrolls sideways, on the screen: 13 pixels 2 to 26 px inside each edge at
 * a height where the box has no glyphs (a code block's middle row, its empty line; the top padding
 * of a table's first body row), the box's middle there (its background), and its text's colour.
 */
async function edges(wp: WidgetPage, box: Locator, label: string) {
  const g = await box.evaluate((el) => {
    const b = el.getBoundingClientRect();
    const parse = (c: string) => (c.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    const row = el.querySelector('tbody tr');
    return {
      y: row ? row.getBoundingClientRect().top + 2 : b.top + b.height / 2,
      left: b.left,
      right: b.right,
      overflows: el.scrollWidth > el.clientWidth,
      text: parse(getComputedStyle(el.querySelector('code, td') ?? el).color) as Rgb,
    };
  });
  expect(g.overflows).toBe(true);
  const side = (from: number, step: number) => Array.from({ length: 13 }, (_, i) => ({ x: from + step * i, y: g.y }));
  const [bg, ...px] = await pixels(wp, await wp.screenshot(label), [
    { x: (g.left + g.right) / 2, y: g.y },
    ...side(g.left + 2, 2),
    ...side(g.right - 26, 2),
  ]);
  return { bg: bg!, left: px.slice(0, 13), right: px.slice(13), text: g.text };
}

/** The hint is on that side: it differs visibly from the box's background, and leaves the text at AA. */
function hinted(side: Rgb[], bg: Rgb, text: Rgb) {
  expect(Math.max(...side.map((p) => contrast(p, bg)))).toBeGreaterThanOrEqual(1.25);
  // The glow the hint replaced went down to 1.9:1 against the code's text.
  for (const p of side) expect(contrast(p, text)).toBeGreaterThanOrEqual(4.5);
}
const plain = (side: Rgb[], bg: Rgb) => {
  for (const p of side) expect(contrast(p, bg)).toBeLessThan(1.08);
};

const scrollToEnd = (box: Locator) =>
  box.evaluate(
    (el) => void (el.scrollLeft = getComputedStyle(el).direction === 'rtl' ? -el.scrollWidth : el.scrollWidth),
  );

// The hints in Firefox and WebKit: the code block's in the dark theme, the table's left-to-right in
// the dark and right-to-left in the light one, so each engine draws both themes and both
// directions; Chromium draws every pair (docs/testing.md, "Cases that run in Chromium only").
describe('a wide code block shows that it scrolls sideways', () => {
  for (const theme of ['dark', 'light'] as const) {
    (theme === 'dark' ? it : itInChromium)(
      `${theme}: a hint on the right edge that keeps the code at AA contrast, on the left at the end`,
      async () => {
        const wp = await replyWith(WIDE_CODE + 'Done.', { colorScheme: theme, initOptions: { theme } });
        const pre = wp.part('message').last().locator('pre');
        await pre.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await frames(wp.page, 3);
        const start = await edges(wp, pre, `code-hint-${theme}`);
        hinted(start.right, start.bg, start.text);
        plain(start.left, start.bg);

        // Scrolled to its end: nothing more to the right; the start is behind the left edge.
        await scrollToEnd(pre);
        await frames(wp.page, 3);
        const end = await edges(wp, pre, `code-hint-end-${theme}`);
        plain(end.right, end.bg);
        hinted(end.left, end.bg, end.text);
      },
    );
  }
});

// The same hint on a table (a number cut at the box's edge must not pass for the whole number),
// in the body rows: the header cells' own background covers it.
const wideTable = (head: string[], row: string[]) =>
  `| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|\n` + `| ${row.join(' | ')} |\n`.repeat(3) + '\n';
const LTR_TABLE = wideTable(
  ['Region', 'Note', 'Revenue'],
  ['Marmara', 'Winter campaign in every store of the region, with the new loyalty card', '1,234,567.50'],
);
const RTL_TABLE = wideTable(
  ['المنطقة', 'ملاحظة', 'الإيرادات'],
  ['مرمرة', 'حملة الشتاء في كل متاجر المنطقة مع بطاقة الولاء الجديدة للعملاء الدائمين', '1,234,567.50'],
);

describe('a wide table shows that it scrolls sideways', () => {
  for (const [dir, markdown] of [
    ['ltr', LTR_TABLE],
    ['rtl', RTL_TABLE],
  ] as const)
    for (const theme of ['dark', 'light'] as const) {
      ((dir === 'ltr') === (theme === 'dark') ? it : itInChromium)(
        `${dir}, ${theme}: a hint on the edge with more behind it, the other edge at the end`,
        async () => {
          const wp = await replyWith(markdown + 'Done.', {
            viewport: PHONE,
            colorScheme: theme,
            initOptions: { theme },
          });
          const box = wp.part('message').last().locator('.table-scroll');
          await box.evaluate((el) => el.scrollIntoView({ block: 'center' }));
          await frames(wp.page, 3);
          expect(await box.evaluate((el) => getComputedStyle(el).direction)).toBe(dir);
          // A right-to-left table starts at its right end: the hidden part is on the left.
          const [more, seen] = dir === 'ltr' ? (['right', 'left'] as const) : (['left', 'right'] as const);
          const start = await edges(wp, box, `table-hint-${dir}-${theme}`);
          hinted(start[more], start.bg, start.text);
          plain(start[seen], start.bg);

          await scrollToEnd(box);
          await frames(wp.page, 3);
          const end = await edges(wp, box, `table-hint-end-${dir}-${theme}`);
          plain(end[more], end.bg);
          hinted(end[seen], end.bg, end.text);
        },
      );
    }
});

describe('the scrollbars follow the theme', () => {
  it('dark theme: the scrollbars are drawn dark, the code hint shows (dark-scrollbars-<engine>.png)', async () => {
    const wp = await replyWith(LONG_ANSWER, { viewport: DESKTOP, colorScheme: 'dark', initOptions: { theme: 'dark' } });
    const list = wp.part('message-list');
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const pre = wp.part('message').last().locator('pre');
    await pre.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await frames(wp.page, 3);
    await panelShot(wp, 'dark-scrollbars', ['chromium', 'firefox', 'webkit']);
    // Where the engine gives scrollbars room of their own (Firefox here; Chromium headless hides
    // them, WebKitGTK draws thin overlays), they are drawn dark: no pixel of the list's vertical bar
    // or the code's horizontal bar is brighter than the muted text (a white track was 1.0).
    const strips = async () => {
      const list = await wp.part('message-list').evaluate((el) => {
        const b = el.getBoundingClientRect();
        const w = el.offsetWidth - el.clientWidth;
        return Array.from({ length: 20 }, (_, i) => ({
          x: b.right - w / 2,
          y: b.top + 4 + (i * (b.height - 8)) / 19,
        })).filter(() => w > 0);
      });
      const code = await pre.evaluate((el) => {
        const b = el.getBoundingClientRect();
        const h = el.offsetHeight - el.clientHeight;
        return Array.from({ length: 20 }, (_, i) => ({
          x: b.left + 10 + (i * (b.width - 20)) / 19,
          y: b.bottom - h / 2,
        })).filter(() => h > 0);
      });
      return [...list, ...code];
    };
    const points = await strips();
    if (points.length) {
      const muted = await wp.part('panel').evaluate((el) => {
        const v = getComputedStyle(el).getPropertyValue('--sw-text-muted').trim();
        return [1, 3, 5].map((i) => parseInt(v.slice(i, i + 2), 16));
      });
      const seen = await pixels(wp, await wp.screenshot('dark-scrollbars-check'), points);
      expect(Math.max(...seen.map((p) => luminance(p)))).toBeLessThanOrEqual(luminance(muted as Rgb));
    }
  });
});

/** A page with the fake microphone (fixtures/fake-microphone.js) and voice on. */
async function voicePage(opts: EnginePageOptions = {}): Promise<WidgetPage> {
  const wp = await openPage({
    ...opts,
    earlyFixtures: ['fake-microphone.js', 'record-voice.js'],
    initOptions: { locale: 'en', voice: true, ...opts.initOptions },
  });
  await wp.openPanel();
  return wp;
}

/** Computed colours of the recording state, and the theme's danger colour resolved the same way. */
const recordingLook = (wp: WidgetPage) =>
  wp.part('mic-button').evaluate((mic) => {
    const root = mic.getRootNode() as ShadowRoot;
    const probe = document.createElement('i');
    probe.style.color = 'var(--sw-danger)';
    root.querySelector('.root')!.append(probe);
    const danger = getComputedStyle(probe).color;
    probe.remove();
    const bar = root.querySelector('.recording-bar');
    return {
      danger,
      mic: getComputedStyle(mic).backgroundColor,
      barText: bar ? getComputedStyle(bar).color : null,
      barLabel: bar?.textContent ?? null,
      dotMoves: getComputedStyle(root.querySelector('.recording-dot') ?? mic).animationName !== 'none',
      reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
    };
  });

describe('the recording state', () => {
  it('is red under the pointer too, says "Recording…" and its time, announced at start and at stop', async () => {
    const wp = await voicePage({ colorScheme: 'light', initOptions: { theme: 'light' } });
    // The announcer's polite region is there (and quiet) before anything is said, so screen readers watch it.
    const status = wp.host.locator('[aria-live="polite"]');
    expect(await status.textContent()).toBe('');
    const heard = await listen(wp);
    const said = async () => (await heard()).map(([, text]) => text);
    const mic = wp.part('mic-button');
    // A real click: the pointer stays over the button (:hover), as a tap leaves it on a phone.
    await mic.click();
    await expect.poll(() => mic.getAttribute('aria-pressed'), { timeout: WAIT }).toBe('true');
    await wp.host.locator('.recording-bar').waitFor();
    const look = await recordingLook(wp);
    expect(look.mic).toBe(look.danger);
    expect(look.barText).toBe(look.danger);
    expect(look.barLabel).toMatch(new RegExp(`^${en.recording} \\d:\\d\\d$`));
    // It pulses, or stands still when the visitor prefers reduced motion (red all the same).
    expect(look.dotMoves).toBe(!look.reducedMotion);
    await expect.poll(said, { timeout: WAIT }).toEqual([en.recordingStarted]);
    // The clock runs on without being read out.
    await expect.poll(() => wp.host.locator('.recording-time').textContent(), { timeout: WAIT }).not.toBe('0:00');
    expect(await said()).toEqual([en.recordingStarted]);

    await mic.click();
    // Said once, maybe with what follows in the same moment (the reply it now waits for), which a
    // loaded machine may say a moment later instead: what was said, not what the region shows now.
    await expect
      .poll(async () => (await said()).filter((text) => text.includes(en.recordingStopped)).length, { timeout: WAIT })
      .toBe(1);
    await wp.host.locator('.recording-bar').waitFor({ state: 'detached' });
    await wp.waitForReplies(1);
  });

  // Pictures for the docs, not tests: taken only by `npm run doc-images` (docs/testing.md).
  const devices = { desktop: DESKTOP, phone: PHONE } as const;
  if (process.env.UPDATE_DOC_IMAGES)
    for (const [device, viewport] of Object.entries(devices))
      for (const theme of ['dark', 'light'] as const)
        for (const locale of ['en', 'tr'] as const) {
          const name = `recording-${theme}-${locale}-${device}`;
          it(`screenshot: ${name}.png`, async () => {
            const wp = await voicePage({
              viewport,
              colorScheme: theme,
              locale: locale === 'tr' ? 'tr-TR' : 'en-US',
              initOptions: { theme, locale },
            });
            await wp.part('mic-button').click();
            await expect.poll(() => wp.host.locator('.recording-time').textContent(), { timeout: WAIT }).toBe('0:01');
            await panelShot(wp, name);
          });
        }
});

// The QA demo (`npm run demo`, demo/): at 1280x800 QA sees the controls, the event log and the
// widget together (the floating panel covers neither), the log's numbers stay readable past 9, the
// widget's own accent shows unless a primaryColor is chosen; on a phone nothing overflows sideways.
// Runs in Chromium, Firefox and WebKit (test/browser/engines): the demo's mock is a service worker
// in the page (msw), so this is also msw's worker in each engine.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openUrl, PHONE, WAIT, type Locator, type TestPage } from './engines';
import { REPO_ROOT } from './paths';

let server: ChildProcess | undefined;
let demoUrl = '';

beforeAll(async () => {
  // The demo's own server (Vite + the built dist/widget.js), on a free port, in its own process group.
  server = spawn(process.execPath, ['scripts/demo-server.mjs'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0' },
    detached: true,
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  demoUrl = await new Promise<string>((resolve, reject) => {
    server!.once('exit', (code) => reject(new Error(`the demo server exited (${code}):\n${output}`)));
    const check = () => {
      const url = /Demo: (http:\S+)/.exec(output)?.[1];
      if (url) resolve(url);
      else setTimeout(check, 100);
    };
    check();
  });
}, 60_000);

afterAll(() => {
  if (server?.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
});

async function openDemo(viewport: { width: number; height: number }): Promise<TestPage> {
  const { page } = await openUrl(demoUrl, viewport, viewport.width <= 480);
  // Vite compiles demo.ts on first load, and the mock's service worker starts: generous.
  await expect.poll(() => page.locator('#status').textContent(), { timeout: 45_000 }).toMatch(/^Widget /);
  return page;
}

type Box = { x: number; y: number; width: number; height: number };

/** Every element the locator matches, one locator each. */
async function all(locator: Locator): Promise<Locator[]> {
  return Array.from({ length: await locator.count() }, (_, i) => locator.nth(i));
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the QA demo at 1280x800', () => {
  it('shows the controls, the event log and the open floating panel side by side', async () => {
    const page = await openDemo(DESKTOP);
    await page.locator('[part~="launcher"]').click();
    const panel = await box(page.locator('[part~="panel"]'));
    const fieldsets = await all(page.locator('#controls fieldset'));
    expect(fieldsets.length).toBeGreaterThanOrEqual(4);
    const log = await box(page.locator('#event-log'));
    for (const target of [...(await Promise.all(fieldsets.map(box))), log]) {
      expect(overlap(panel, target), JSON.stringify({ panel, target })).toBe(false);
      // On screen without scrolling: every control, and at least 8 rem of the log.
      expect(target.x + target.width).toBeLessThanOrEqual(DESKTOP.width);
    }
    for (const fieldset of await Promise.all(fieldsets.map(box))) {
      expect(fieldset.y + fieldset.height).toBeLessThanOrEqual(DESKTOP.height);
    }
    expect(DESKTOP.height - log.y).toBeGreaterThanOrEqual(8 * 14);
  });

  it('numbers the log so that 10 and more stay readable', async () => {
    const page = await openDemo(DESKTOP);
    const toggle = page.locator('button[data-action="toggle"]');
    for (let i = 0; i < 11; i++) await toggle.click(); // open, close, … : one event each
    const tenth = page.locator('#event-log .seq', { hasText: /^10$/ });
    await tenth.waitFor({ timeout: WAIT });
    const [number, log] = [await box(tenth), await box(page.locator('#event-log'))];
    expect(number.x).toBeGreaterThanOrEqual(log.x);
    expect(await tenth.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  it("shows the widget's default accent unless a primaryColor is chosen", async () => {
    const page = await openDemo(DESKTOP);
    const launcher = page.locator('[part~="launcher"]');
    const background = () => launcher.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgb(59, 91, 219)'); // --sw-primary's default, #3b5bdb
    await page.locator('input[name="setPrimaryColor"]').check();
    await expect.poll(background, { timeout: WAIT }).toBe('rgb(194, 65, 12)'); // the demo's pick, #c2410c
  });
});

/** Sets a control of the demo's form as QA would, with the change event its listener reads. */
async function setControl(page: TestPage, name: string, value: string): Promise<void> {
  await page.evaluate(
    ([n, v]) => {
      const el = document.querySelector<HTMLInputElement | HTMLSelectElement>(`#controls [name="${n}"]`)!;
      el.value = v;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [name, value] as const,
  );
}

const readyEvents = (page: TestPage) =>
  page.evaluate(
    () => [...document.querySelectorAll('#event-log li')].filter((li) => /\bready$/.test(li.textContent!)).length,
  );

async function ask(page: TestPage, text: string): Promise<Locator> {
  const input = page.locator('[part~="composer-input"]');
  await input.fill(text);
  await input.press('Enter');
  const reply = page.locator('[part~="message"][data-role="assistant"]').last();
  await reply.locator('[part~="copy-message-button"]').waitFor({ timeout: WAIT }); // finished
  return reply;
}

describe('the QA demo keeps what QA set up', () => {
  it('keeps the conversation across a reload with persist on (the mock keeps its data too)', async () => {
    const page = await openDemo(DESKTOP);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 45_000 }).toMatch(/^Widget /);
    await page.locator('[part~="launcher"]').click();
    const question = `Reload test ${Date.now()}: how many orders last week?`;
    await ask(page, question);
    await page.reload();
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 45_000 }).toMatch(/^Widget /);
    // The panel was open: it opens again with the same conversation, question and answer.
    const user = page.locator('[part~="message"][data-role="user"]');
    await expect.poll(() => user.first().textContent(), { timeout: WAIT }).toContain(question);
    await expect
      .poll(() => page.locator('[part~="message"][data-role="assistant"]').first().textContent(), { timeout: WAIT })
      .toContain('There were 42 orders');
    expect(await page.locator('[part~="notice"]').count()).toBe(0);
  });

  it('applies theme, locale and scenario to the live widget instead of making a new one', async () => {
    const page = await openDemo(DESKTOP);
    await page.locator('[part~="launcher"]').click();
    await page.locator('[part~="composer-input"]').fill('a draft that must survive');
    const before = await readyEvents(page);
    await setControl(page, 'theme', 'light');
    await setControl(page, 'locale', 'tr');
    await setControl(page, 'scenario', 'slow');
    await expect
      .poll(() => page.locator('[part~="send-button"]').getAttribute('aria-label'), { timeout: WAIT })
      .toBe('Gönder');
    expect(await readyEvents(page)).toBe(before);
    expect(await page.locator('[part~="composer-input"]').inputValue()).toBe('a draft that must survive');
    await setControl(page, 'locale', 'en');
    await setControl(page, 'scenario', 'normal');
  });

  it("drives ask() from the page's own controls", async () => {
    const page = await openDemo(DESKTOP);
    const ready = await readyEvents(page);
    await setControl(page, 'askText', 'What is still unpaid on invoice 2026-114?');
    expect(await readyEvents(page)).toBe(ready); // editing the text makes no new widget
    await page.locator('button[data-action="ask"]').click();
    await expect
      .poll(() => page.locator('[part~="composer-input"]').inputValue(), { timeout: WAIT })
      .toBe('What is still unpaid on invoice 2026-114?');
    await page.locator('button[data-action="askSend"]').click();
    const reply = page.locator('[part~="message"][data-role="assistant"]').last();
    await reply.locator('[part~="copy-message-button"]').waitFor({ timeout: WAIT });
    expect(await page.locator('[part~="message"][data-role="user"]').last().textContent()).toContain(
      'invoice 2026-114',
    );
    await setControl(page, 'askText', '');
    await page.locator('button[data-action="ask"]').click();
    await expect.poll(() => page.locator('#status').textContent(), { timeout: WAIT }).toMatch(/^ask threw: TypeError/);
  });

  it('has a scenario with a table over 200 rows, and every scenario fits its list', async () => {
    const page = await openDemo(DESKTOP);
    const select = page.locator('#controls select[name="scenario"]');
    const [names, fits] = await select.evaluate((el) => {
      const s = el as HTMLSelectElement;
      const widest = Math.max(
        ...[...s.options].map((o) => {
          const probe = document.createElement('span');
          probe.textContent = o.text;
          probe.style.font = getComputedStyle(s).font;
          probe.style.position = 'absolute';
          probe.style.whiteSpace = 'nowrap';
          document.body.append(probe);
          const w = probe.getBoundingClientRect().width;
          probe.remove();
          return w;
        }),
      );
      return [[...s.options].map((o) => o.value), widest <= s.clientWidth] as const;
    });
    expect(names).toContain('long-table');
    expect(fits).toBe(true);
    await setControl(page, 'scenario', 'long-table');
    await page.locator('[part~="launcher"]').click();
    const reply = await ask(page, 'Daily orders please');
    expect(await reply.locator('tbody tr').count()).toBe(250);
    await reply.getByText(/Show all 250 rows/).waitFor({ timeout: WAIT });
    await setControl(page, 'scenario', 'normal');
  });
});

describe('the QA demo on a phone (390x844)', () => {
  it('fits the width: no sideways scrolling, every control inside the screen', async () => {
    const page = await openDemo(PHONE);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const fieldset of await all(page.locator('#controls fieldset'))) {
      const b = await box(fieldset);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

// What the visitor sees is true at every moment. The reply's status line follows its
// phase, notices follow setLocale, each notice kind looks like itself, a clean stream end is a
// finished reply, and phones keep their keyboard down on open.
import { waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { chunk, DONE } from '../api/helpers';
import { mountWidget } from '../helpers/widget';
import { server, TEST_BASE_URL } from '../msw-server';

const CHAT = `${TEST_BASE_URL}/api/v1/widget/chat`;
// Read as written: vitest does not process CSS imports.
const css = (name: string) => readFileSync(`src/styles/${name}`, 'utf8');
const chatCss = css('chat.css');
const shellCss = css('shell.css');

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The next POST /chat answers with a stream the test writes to, frame by frame. */
function controlledChat() {
  const enc = new TextEncoder();
  let ctl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctl = c) });
  server.use(
    http.post(
      CHAT,
      () => new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream', 'X-Conversation-Id': 'conv_t' } }),
      { once: true },
    ),
  );
  return { push: (text: string) => ctl.enqueue(enc.encode(text)), close: () => ctl.close() };
}

const statusOf = (reply: HTMLElement) => reply.querySelector(':scope > p.status')?.textContent ?? null;

describe('the reply status line follows the reply', () => {
  it('"Thinking…" until the first text, "Looking up your data…" during tool calls, nothing once text flows', async () => {
    const stream = controlledChat();
    const w = await mountWidget();
    await w.send('How many orders?');
    const reply = await waitFor(() => {
      const el = w.messages('assistant')[0];
      if (!el) throw new Error('no reply yet');
      return el;
    });
    await waitFor(() => expect(statusOf(reply)).toBe('Thinking…'));

    stream.push(
      chunk({
        tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'db__sql', arguments: '' } }],
      }),
    );
    await waitFor(() => expect(statusOf(reply)).toBe('Looking up your data…'));

    stream.push(chunk({ content: 'There were **42** orders' }));
    await waitFor(() => expect(reply.textContent).toContain('42 orders'));
    await waitFor(() => expect(statusOf(reply)).toBeNull());
    expect(reply.getAttribute('aria-busy')).toBe('true');

    stream.push(chunk({}, 'stop') + DONE);
    await w.settled();
    expect(statusOf(reply)).toBeNull();
    expect(reply.getAttribute('aria-busy')).toBe('false');
  });
});

describe('notices follow setLocale', () => {
  it('a limit notice, its reset date and its buttons are re-translated', async () => {
    server.use(
      http.post(CHAT, () =>
        HttpResponse.json(
          { detail: { error: 'user_limit_reached', period: 'monthly', reset_at: '2099-01-01T09:00:00Z' } },
          { status: 429 },
        ),
      ),
    );
    const w = await mountWidget();
    await w.send('orders?');
    const notice = await w.findNotice('limit');
    expect(notice.textContent).toMatch(/monthly message limit/);
    expect(notice.textContent).toMatch(/January 1, 2099/);
    expect(notice.textContent).toMatch(/Dismiss/);

    w.instance.setLocale('tr');
    await waitFor(() => expect(w.part('notice')!.textContent).toMatch(/Aylık mesaj sınırınıza/));
    const tr = w.part('notice')!.textContent!;
    expect(tr).toMatch(/1 Ocak 2099/);
    expect(tr).toMatch(/Kapat/);
    expect(tr).not.toMatch(/monthly|January|Dismiss/);
  });
});

/** Token values of a theme block: `--sw-x: #abc` pairs. */
const tokens = (block: string) =>
  Object.fromEntries([...block.matchAll(/--sw-([\w-]+):\s*(#[0-9a-f]{3,6})/gi)].map((m) => [m[1]!, m[2]!]));

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const h = hex.length === 4 ? hex.replace(/\w/g, (c) => c + c).slice(1) : hex.slice(1);
    const [r, g, bl] = [0, 2, 4]
      .map((i) => parseInt(h.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('each notice kind looks like itself', () => {
  const KINDS = ['approval', 'limit', 'auth', 'error', 'offline', 'voice', 'interrupted'];

  it('every kind has its own colour, at least 4.5:1 on the notice surface in both themes', () => {
    const colourOf = Object.fromEntries(
      KINDS.map((k) => {
        const m = new RegExp(`\\[data-kind="${k}"\\]\\s*\\{\\s*--k:\\s*var\\(--sw-([\\w-]+)\\)`).exec(chatCss);
        return [k, m?.[1]];
      }),
    );
    expect(Object.values(colourOf).every(Boolean)).toBe(true);
    expect(new Set(Object.values(colourOf)).size).toBe(KINDS.length);
    const dark = tokens(shellCss.slice(shellCss.indexOf(':host {'), shellCss.indexOf('}')));
    const lightStart = shellCss.indexOf(':host([data-theme="light"])');
    const light = { ...dark, ...tokens(shellCss.slice(lightStart, shellCss.indexOf('}', lightStart))) };
    for (const theme of [dark, light]) {
      for (const k of KINDS) expect(contrast(theme[colourOf[k]!]!, theme.surface!), `${k}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(theme.text!, theme.surface!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('a waiting approval and a failure get different icons', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const w = await mountWidget();
    await w.send('hi');
    const offline = (await w.findNotice('offline')).querySelector('svg path')!.getAttribute('d');
    server.use(http.post(CHAT, () => HttpResponse.json({ detail: null }, { status: 500 })));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await w.send('hi');
    const error = (await w.findNotice('error')).querySelector('svg path')!.getAttribute('d');
    expect(error).not.toBe(offline);
  });
});

describe('a stream that ends cleanly after finish_reason "stop" (docs/protocol.md, "The chat stream")', () => {
  it('is a finished reply: no interrupted notice, reply_done fires', async () => {
    server.use(
      http.post(CHAT, () => {
        const enc = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(enc.encode(chunk({ content: 'All shipped.' }) + chunk({}, 'stop')));
            c.close();
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const onEvent = vi.fn();
    const w = await mountWidget({ onEvent });
    await w.send('shipped?');
    await waitFor(() => expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'reply_done' })));
    await w.settled();
    expect(w.messages('assistant')[0]!.textContent).toContain('All shipped.');
    expect(w.part('notice')).toBeNull();
    expect(onEvent).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
  });
});

describe('phones: the keyboard stays down on open, wide content scrolls', () => {
  const pointer = (coarse: boolean) =>
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (q: string) =>
        ({
          matches: coarse && /coarse/.test(q),
          media: q,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );

  it.each([
    [true, false],
    [false, true],
  ])('coarse pointer %s: the composer is focused on open: %s', async (coarse, focused) => {
    pointer(coarse);
    const w = await mountWidget({ container: undefined, open: true });
    const panel = await w.findPart('panel');
    await waitFor(() => expect(w.host.shadowRoot!.activeElement).not.toBeNull());
    const active = w.host.shadowRoot!.activeElement;
    expect(active === w.composer()).toBe(focused);
    // Focus is still inside the dialog, so Escape and screen readers work.
    expect(panel.contains(active)).toBe(true);
  });

  it('wide code blocks and tables show that they scroll, notices keep their distance (CSS only)', () => {
    const rule = (selector: string) =>
      [...chatCss.matchAll(new RegExp(`(?:^|\\n)${selector} \\{([^}]*)\\}`, 'g'))].map((m) => m[1]).join(' ');
    const pre = rule('\\.md pre');
    expect(pre).toMatch(/overflow-x: auto/);
    // Edge rules in the border colour (AA with the text; test/browser/theme-and-recording.test.ts
    // measures it), drawn by the box, under covers that scroll with the content: the code's
    // `local` background, the table's own.
    expect(rule('\\.md')).toMatch(/--edge-rules:[^;]*var\(--sw-border\)/);
    expect(pre).toMatch(/no-repeat local/);
    expect(pre).toMatch(/var\(--edge-rules\)/);
    expect(rule('\\.table-scroll')).toMatch(/var\(--edge-rules\)/);
    expect(rule('\\.md table')).toMatch(/linear-gradient\(90deg, var\(--sw-bg\)/);
    expect(/\.notices \{ padding: (\d+)px/.exec(chatCss)?.[1]).toBe('8');
  });
});

describe('the recording state is visible in both themes', () => {
  it('is drawn in the danger colour, with a red dot, of at least 3:1 in both themes', () => {
    const bar = /\.recording-bar \{([^}]*)\}/.exec(chatCss)![1]!;
    const dot = /\.recording-dot \{([^}]*)\}/.exec(chatCss)![1]!;
    expect(bar).toMatch(/color: var\(--sw-danger\)/);
    expect(dot).toMatch(/background: var\(--sw-danger\)/);
    const dark = tokens(shellCss.slice(shellCss.indexOf(':host {'), shellCss.indexOf('}')));
    const lightStart = shellCss.indexOf(':host([data-theme="light"])');
    const light = { ...dark, ...tokens(shellCss.slice(lightStart, shellCss.indexOf('}', lightStart))) };
    for (const theme of [dark, light]) expect(contrast(theme.danger!, theme.bg!)).toBeGreaterThanOrEqual(3);
  });
});

// Faulty service answers (docs/protocol.md) served to the mounted widget: generated with fast-check over
// the shape of each answer (test/api/faulty.ts), msw answers with them. Whatever the answer, the
// widget never throws into the page (no uncaught error, no unhandled rejection), never leaves a
// view on "Loading…", and uses its defaults.
import { fireEvent, waitFor } from '@testing-library/preact';
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { en } from '../helpers/en';
import { ANSWERS, faulty, wrongValue } from '../api/faulty';
import { passTime } from '../helpers/time';
import { mountWidget, type MountedWidget } from '../helpers/widget';
import { server, TEST_BASE_URL } from '../msw-server';

const API = `${TEST_BASE_URL}/api/v1/widget`;
/** Few runs: each one mounts a widget (the readers get hundreds in test/api/answers.test.ts). */
const RUNS = { numRuns: 12 };
/** Each property mounts RUNS widgets: room for a busy machine. */
const SLOW = 60_000;

let thrown: unknown[] = [];
const onError = (e: unknown) => void thrown.push(e);
beforeEach(() => {
  thrown = [];
  window.addEventListener('error', onError);
  process.on('unhandledRejection', onError);
  process.on('uncaughtException', onError);
});
afterEach(() => {
  window.removeEventListener('error', onError);
  process.off('unhandledRejection', onError);
  process.off('uncaughtException', onError);
  document.body.innerHTML = '';
});

/** Lets pending renders and promise callbacks run (Preact renders on a microtask, msw answers on a timer). */
/** Two macrotasks for anything still queued to throw: only before asserting that nothing did. */
const flush = () => passTime(0).then(() => passTime(0));

/** Serves `answer` as JSON for one endpoint and counts the requests. */
function serve(method: 'get' | 'post', path: string, answer: () => unknown) {
  const hits = { count: 0 };
  server.use(
    http[method](`${API}${path}`, () => {
      hits.count++;
      return HttpResponse.json(answer() as never);
    }),
  );
  return hits;
}

/** Runs `check` with a mounted widget, destroyed afterwards whatever happens. */
async function withWidget(check: (w: MountedWidget) => Promise<void>) {
  const w = await mountWidget();
  try {
    await check(w);
    await flush();
    expect(thrown).toEqual([]);
  } finally {
    w.instance.destroy();
    document.body.innerHTML = '';
  }
}

const notStuck = (w: MountedWidget) =>
  waitFor(() => {
    const root = w.host.shadowRoot!;
    expect(root.querySelector('[aria-busy="true"]')).toBeNull();
    expect(root.textContent).not.toContain(en.loading);
  });

describe('faulty answers served to the widget', () => {
  it(
    '/config: the header and composer show, with the default title where the answer has none',
    async () => {
      await fc.assert(
        fc.asyncProperty(faulty(ANSWERS.config), async (answer) => {
          server.resetHandlers();
          const hits = serve('get', '/config', () => answer);
          await withWidget(async (w) => {
            await waitFor(() => expect(hits.count).toBe(1));
            const title = (answer as { title?: unknown } | null)?.title;
            const accounts = (answer as { connected_accounts?: { enabled?: unknown } } | null)?.connected_accounts;
            // Watched until the answer shows (the default title is also the one before it came).
            await waitFor(() => {
              expect(w.part('header')!.querySelector('h2')!.textContent).toBe(
                typeof title === 'string' && title ? title : en.defaultTitle,
              );
              expect(w.part('composer-input')).not.toBeNull();
              expect(!!w.part('plug-button')).toBe(accounts?.enabled === true);
            });
          });
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    '/conversations: the list settles (entries, empty, or an error notice), never stuck on Loading…',
    async () => {
      await fc.assert(
        fc.asyncProperty(faulty(ANSWERS.page), async (answer) => {
          server.resetHandlers();
          const hits = serve('get', '/conversations', () => answer);
          await withWidget(async (w) => {
            fireEvent.click(await w.findPart('history-button'));
            await waitFor(() => expect(hits.count).toBe(1));
            await notStuck(w);
            const data = (answer as { data?: unknown } | null)?.data;
            if (!Array.isArray(data)) {
              // Notices live in the chat view: back there, the visitor is told.
              fireEvent.click(w.part('history-button')!);
              expect((await w.findNotice('error')).textContent).toContain(en.error);
            }
          });
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    '/conversations/{id}: the conversation opens or an error notice says why, never stuck',
    async () => {
      await fc.assert(
        fc.asyncProperty(faulty(ANSWERS.conversation), async (answer) => {
          server.resetHandlers();
          serve('get', '/conversations', () => ANSWERS.page);
          const hits = serve('get', '/conversations/conv_1', () => answer);
          await withWidget(async (w) => {
            fireEvent.click(await w.findPart('history-button'));
            fireEvent.click(await w.findPart('history-item'));
            await waitFor(() => expect(hits.count).toBe(1));
            await notStuck(w);
            const messages = (answer as { messages?: unknown } | null)?.messages;
            if (!Array.isArray(messages)) expect(w.part('notice')?.dataset.kind).toBe('error');
            // The composer is usable either way.
            expect((w.part('composer-input') as HTMLTextAreaElement).disabled).toBe(false);
          });
        }),
        RUNS,
      );
    },
    SLOW,
  );

  it(
    'chat stream: faulty chunks and events end in a finished reply or a notice, never a stuck stream',
    async () => {
      const frame = fc.oneof(
        faulty(ANSWERS.chunk).map((data) => `data: ${JSON.stringify(data)}\n\n`),
        fc
          .constantFrom(...(Object.keys(ANSWERS.events) as (keyof typeof ANSWERS.events)[]))
          .chain((event) =>
            faulty(ANSWERS.events[event]).map((data) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
          ),
        wrongValue.map((data) => `data: ${JSON.stringify(data)}\n\n`),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(frame, { maxLength: 6 }),
          fc.constantFrom('conv_1', '', '.', '..', 'a/b'),
          async (frames, header) => {
            server.resetHandlers();
            server.use(
              http.post(
                `${API}/chat`,
                () =>
                  new HttpResponse(`${frames.join('')}data: [DONE]\n\n`, {
                    headers: { 'Content-Type': 'text/event-stream', 'X-Conversation-Id': header },
                  }),
              ),
            );
            await withWidget(async (w) => {
              await w.send('How many orders?');
              await w.settled();
              await notStuck(w);
              expect(w.part('stop-button')).toBeNull();
            });
          },
        ),
        RUNS,
      );
    },
    SLOW,
  );
});

describe('faulty stored conversations and lists once seen from a service', () => {
  it('a stored message with `content: null` does not throw; the rest of the conversation shows', async () => {
    serve('get', '/conversations', () => ANSWERS.page);
    serve('get', '/conversations/conv_1', () => ({
      id: 'conv_1',
      title: 'Orders',
      messages: [
        { id: 'm1', role: 'user', content: 'How many orders?', created_at: 'x' },
        { id: 'm2', role: 'assistant', content: null, created_at: 'x' },
        { id: 'm3', role: 'assistant', content: 'There were **42**.', created_at: 'x' },
      ],
    }));
    await withWidget(async (w) => {
      fireEvent.click(await w.findPart('history-button'));
      fireEvent.click(await w.findPart('history-item'));
      await waitFor(() => expect(w.messages()).toHaveLength(2));
      expect(w.messages('assistant')[0]!.textContent).toContain('42');
    });
  });

  it('/config without connected_accounts: title and welcome still show', async () => {
    serve('get', '/config', () => ({
      title: 'Acme data',
      welcome: 'Ask me',
      read_only: false,
      voice: { configured: true },
    }));
    await withWidget(async (w) => {
      await waitFor(() => expect(w.part('header')!.textContent).toContain('Acme data'));
      expect(w.host.shadowRoot!.textContent).toContain('Ask me');
      expect(w.part('plug-button')).toBeNull();
    });
  });

  it('history whose `data` is not a list: an error notice, not "Loading…" forever', async () => {
    serve('get', '/conversations', () => ({ data: { items: [] }, next_cursor: null }));
    await withWidget(async (w) => {
      fireEvent.click(await w.findPart('history-button'));
      await notStuck(w);
      // Notices live in the chat view: back there, the visitor is told.
      fireEvent.click(w.part('history-button')!);
      expect((await w.findNotice('error')).textContent).toContain(en.error);
    });
  });
});

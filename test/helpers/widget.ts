import { fireEvent, waitFor } from '@testing-library/preact';
import { vi } from 'vitest';
import { init } from '../../src/init';
import type { InitOptions, WidgetInstance } from '../../src/types';
import { atEndOfTest } from './end-of-test';
import { mock, TEST_BASE_URL, TEST_PUBLIC_ID, testToken } from '../msw-server';

export { mock };

/** Captured at load, before any test fakes it: a real macrotask lets msw's own I/O run. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Under `vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })`: advances fake time in
 * steps, yielding a real macrotask between them, until `done()` holds or `ms` of fake time passed.
 * Backoffs and timeouts then cost no real time, whatever the machine's load.
 */
export async function advanceUntil(done: () => boolean, ms = 10_000, step = 50): Promise<void> {
  for (let t = 0; t <= ms && !done(); t += step) {
    await vi.advanceTimersByTimeAsync(step);
    await new Promise((r) => realSetTimeout(r, 0));
  }
}

/** The widget's `part`s (README, "Theming"), reached through the open shadow root like a page would. */
export interface MountedWidget {
  instance: WidgetInstance;
  host: HTMLElement;
  part(name: string): HTMLElement | null;
  parts(name: string): HTMLElement[];
  findPart(name: string): Promise<HTMLElement>;
  findNotice(kind: string): Promise<HTMLElement>;
  composer(): HTMLTextAreaElement;
  type(text: string): void;
  send(text: string): Promise<void>;
  messages(role?: 'user' | 'assistant'): HTMLElement[];
  /** Waits until no reply is streaming any more. */
  settled(): Promise<void>;
  chatRequests(): typeof mock.requests;
}

/**
 * Mounts an inline widget (open from the start) against the mock service; `container: undefined`:
 * floating. The widget is destroyed when the test ends (test/setup.ts): one left alive would go on
 * sending (a send's request leaves after the next frame) into the next test's mock.
 */
export async function mountWidget(options: Partial<InitOptions> = {}, sub = 'visitor-1'): Promise<MountedWidget> {
  const box = document.createElement('div');
  document.body.append(box);
  const token = await testToken(sub);
  const auth = options.authToken || options.getAuthToken ? {} : { getAuthToken: () => token };
  const instance = init({
    publicId: TEST_PUBLIC_ID,
    baseUrl: TEST_BASE_URL,
    container: box,
    locale: 'en',
    ...auth,
    ...options,
  } as InitOptions);
  atEndOfTest(() => instance.destroy());
  // `container: undefined` mounts floating (on document.body).
  const host = ('container' in options ? document.body : box).querySelector<HTMLElement>('[data-service-widget]')!;
  const root = host.shadowRoot!;
  const part = (name: string) => root.querySelector<HTMLElement>(`[part~="${name}"]`);
  const parts = (name: string) => [...root.querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
  const findPart = (name: string) =>
    waitFor(() => {
      const el = part(name);
      if (!el) throw new Error(`no part ${name} yet`);
      return el;
    });
  const composer = () => part('composer-input') as HTMLTextAreaElement;
  const type = (text: string) => {
    const input = composer();
    input.value = text;
    fireEvent.input(input);
  };
  const settled = () =>
    waitFor(() => {
      if (part('stop-button') || root.querySelector('[aria-busy="true"][part="message"]'))
        throw new Error('still streaming');
      // A reply's markdown keeps its live tail until all of it is on screen (the first reply of
      // a page waits for the markdown engine to load: src/markdown/engine.ts).
      if (root.querySelector('[data-md-tail]')) throw new Error('still rendering');
    });
  return {
    instance,
    host,
    part,
    parts,
    findPart,
    findNotice: (kind) =>
      waitFor(() => {
        const el = root.querySelector<HTMLElement>(`[part~="notice"][data-kind="${kind}"]`);
        if (!el) throw new Error(`no ${kind} notice yet`);
        return el;
      }),
    composer,
    type,
    async send(text) {
      await findPart('composer-input');
      type(text);
      fireEvent.keyDown(composer(), { key: 'Enter' });
    },
    messages: (role) => parts('message').filter((m) => !role || m.dataset.role === role),
    settled,
    chatRequests: () => mock.requests.filter((r) => r.path.endsWith('/chat')),
  };
}

// The mock in the browser, through msw's service worker (the demo page uses it).
import { setupWorker, type SetupWorker } from 'msw/browser';
import { createMockService, type MockService, type MockServiceOptions } from './service';

export interface MockWorker {
  mock: MockService;
  worker: SetupWorker;
  stop(): void;
}

/**
 * Starts the service worker at `/demo/mockServiceWorker.js` (made by `npx msw init demo`) answering
 * for `location.origin`. Resolves once requests are intercepted: call `ServiceWidget.init` after it.
 */
export async function startMockWorker(options: Partial<MockServiceOptions> = {}): Promise<MockWorker> {
  const mock = createMockService({ baseUrl: location.origin, chunkDelayMs: 25, ...options });
  const worker = setupWorker(...mock.handlers, ...mock.wsHandlers);
  await worker.start({
    serviceWorker: { url: '/demo/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return { mock, worker, stop: () => worker.stop() };
}

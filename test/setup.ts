import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // The widget keeps the open conversation per tab (`persist`); each test starts in a fresh tab.
  if (typeof sessionStorage != 'undefined') sessionStorage.clear();
});
afterAll(() => server.close());

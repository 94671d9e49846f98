import { configure } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server';

// `waitFor` and `findBy*` wait up to 3 s (not 1 s; a test times out at 5 s) for what the visitor
// would see: on a loaded 2-core machine a render can take over a second. A passing test waits no longer.
configure({ asyncUtilTimeout: 3000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // The widget keeps the open conversation per tab (`persist`); each test starts in a fresh tab.
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
afterAll(() => server.close());

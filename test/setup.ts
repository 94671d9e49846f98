import { cleanup, configure } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { endTest } from './helpers/end-of-test';
import { mock, server } from './msw-server';

// `waitFor` and `findBy*` wait up to 3 s (not 1 s; a test times out at 5 s) for what the visitor
// would see: on a loaded 2-core machine a render can take over a second. A passing test waits no longer.
configure({ asyncUtilTimeout: 3000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Hooks live here, not in the modules they reset: a setup file runs again for every test file,
// while a module imported by files that share modules (vitest.config.ts) runs once per worker, and
// a hook it registered would then serve its first file only.
afterEach(() => {
  // First what the test left running (its widgets, what it rendered), then what they used.
  // (@testing-library/preact's own clean-up hook is registered when it is first imported: once per worker.)
  endTest();
  cleanup();
  server.resetHandlers();
  // Every test starts from scenario `normal`, default settings, no visitors and no recorded requests.
  mock.reset();
  // The widget keeps the open conversation per tab (`persist`); each test starts in a fresh tab.
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
afterAll(() => server.close());

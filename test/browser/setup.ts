// Setup file of the `browser` project (vitest.config.ts): every test gets its own mock service
// (test/browser/test-server.ts), so tests in other workers and engines never share its state. It
// closes last, after the test's pages (onTestFinished hooks run in reverse order), so a page's
// own clean-up still reaches it.
import { beforeEach } from 'vitest';
import { startTestMock, stopTestMock } from './helpers';

beforeEach(async ({ onTestFinished }) => {
  await startTestMock();
  onTestFinished(stopTestMock);
});

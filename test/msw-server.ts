import { setupServer } from 'msw/node';
import { DEMO_PUBLIC_ID, mintToken, type MintOptions } from '../mock/jwt';
import { createMockService } from '../mock/service';

/** Where the mock service answers in unit tests: pass it as the widget's `baseUrl`. */
export const TEST_BASE_URL = 'https://service.test';
/** The `publicId` the mock accepts. */
export const TEST_PUBLIC_ID = DEMO_PUBLIC_ID;

/** The mock service behind `server`: `mock.setScenario('cut')`, `mock.requests`, `mock.state`, … */
export const mock = createMockService({ baseUrl: TEST_BASE_URL });

/** A visitor JWT the mock accepts (15 minutes unless told otherwise). */
export const testToken = (sub = 'visitor-1', options: Omit<MintOptions, 'sub'> = {}) => mintToken({ sub, ...options });

// One msw server for every unit test, answering with the mock by default; tests add overrides with
// server.use(), which test/setup.ts drops after each test.
export const server = setupServer(...mock.handlers, ...mock.wsHandlers);

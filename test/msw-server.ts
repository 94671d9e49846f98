import { setupServer } from 'msw/node';

// One msw server for every unit test; tests add overrides with server.use().
export const server = setupServer();

import type { Server } from 'node:http';

/**
 * Closes a test's own HTTP server and every connection to it. close() alone waits for each
 * connection to end, and a browser may keep one open: after a redirect the widget refused,
 * Chromium held hardening/page-steering's service past the hook timeout (a CI run, 29 Nov 2026).
 */
export const closeServer = (server: Server): Promise<void> =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

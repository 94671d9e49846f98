// Serves the QA demo: Vite compiles demo/*.ts and mock/*.ts on the fly; the built widget and the
// msw service worker are served as plain files. Run `npm run demo` (builds dist/ first).
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.PORT ?? 5173); // PORT=5180 npm run demo: another port
const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
};

/** `/dist/*` and the worker script go out byte for byte, never through Vite's module transform. */
function serveRaw(req, res, next) {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const raw = pathname.startsWith('/dist/') || pathname === '/demo/mockServiceWorker.js';
  const file = path.resolve(root, `.${pathname}`);
  if (!raw || !file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) return next();
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-store',
  });
  createReadStream(file).pipe(res);
}

const server = await createServer({
  configFile: false,
  root,
  appType: 'mpa',
  publicDir: false,
  logLevel: 'info',
  server: { host: '127.0.0.1', port: PORT, strictPort: true },
  optimizeDeps: { entries: ['demo/index.html'] },
  plugins: [
    {
      name: 'demo-raw-files',
      configureServer(vite) {
        vite.middlewares.use(serveRaw);
      },
    },
  ],
});
await server.listen();
if (!existsSync(path.join(root, 'dist/widget.js'))) {
  console.warn('dist/widget.js is missing: run `npm run build` (or `npm run demo`) first.');
}
const { port } = server.httpServer.address(); // PORT=0: whichever port was free
console.log(`Demo: http://127.0.0.1:${port}/demo/`);

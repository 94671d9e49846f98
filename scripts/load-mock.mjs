// Loads the mock service's TypeScript modules into Node 20, which cannot import .ts: Vite's SSR
// module loader transpiles them once, then steps aside. For `npm run mock` (scripts/mock-server.mjs)
// and the benchmarks (bench/lib.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The modules at `paths` (from the repository root, e.g. `/mock/standalone.ts`), in that order. */
export async function loadMock(...paths) {
  const vite = await createServer({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const modules = [];
    for (const p of paths) modules.push(await vite.ssrLoadModule(p));
    return modules;
  } finally {
    await vite.close().catch(() => undefined);
  }
}

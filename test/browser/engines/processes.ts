// WebKit runs: a private X server (Xvfb picks a free display and tells it through fd 3) and
// WebKitWebDriver on a free port, started by global-setup.ts in the main process and stopped at
// the end of the run (MiniBrowser, the driver's child, goes with them).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface WebKitProcesses {
  url: string;
  stop(): void;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

function startXvfb(): Promise<{ display: string; proc: ChildProcess }> {
  const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    proc.stderr!.on('data', (d: Buffer) => (stderr += String(d)));
    proc.once('error', (e) =>
      reject(new Error(`[browser tests] cannot start Xvfb (apt-get install -y xvfb xauth): ${e.message}`)),
    );
    proc.once('exit', (code) => reject(new Error(`[browser tests] Xvfb exited (${code}): ${stderr}`)));
    proc.stdio[3]!.once('data', (d: Buffer) => resolve({ display: `:${String(d).trim()}`, proc }));
  });
}

export async function startWebKitDriver(): Promise<WebKitProcesses> {
  const xvfb = await startXvfb();
  const port = await freePort();
  // GTK settings of this run only: no animations, which WebKitGTK reports to pages as
  // `prefers-reduced-motion: reduce` (as the Chromium and Firefox runs ask for).
  const config = mkdtempSync(path.join(tmpdir(), 'sw-webkit-'));
  mkdirSync(path.join(config, 'gtk-3.0'));
  writeFileSync(path.join(config, 'gtk-3.0', 'settings.ini'), '[Settings]\ngtk-enable-animations=0\n');
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
    // English UI (navigator.languages) and no accessibility bus to wait for. No accelerated
    // compositing: this machine has no GPU, so WebKitGTK's GL compositor ran on Mesa's llvmpipe
    // (OpenGL emulated on the CPU), which cost more CPU than the pages' own work (the WebKit run
    // 325 s → 226 s, markdown-budget 61 s → 23 s; docs/testing.md, "Where the time goes"). Layout,
    // scrolling, script and style are the same engine; only how layers reach the screen differs.
    env: {
      ...process.env,
      WEBKIT_DISABLE_COMPOSITING_MODE: '1',
      DISPLAY: xvfb.display,
      LANG: 'en_US.UTF-8',
      LANGUAGE: 'en_US',
      NO_AT_BRIDGE: '1',
      XDG_CONFIG_HOME: config,
    },
    stdio: 'ignore',
  });
  const stop = () => {
    driver.kill();
    xvfb.proc.kill();
    rmSync(config, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/status`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (driver.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error('[browser tests] WebKitWebDriver did not start (apt-get install -y webkit2gtk-driver)');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

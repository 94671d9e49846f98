// `npm run mock`: the mock service as a real local HTTP server, for trying the widget in your own
// page (mock/standalone.ts). Builds dist/ first when it is missing or older than src/.
//
//   npm run mock                              http://127.0.0.1:8787
//   PORT=9000 npm run mock   or   npm run mock -- --port 9000       (0: any free port)
//   npm run mock -- --scenario cut --delay 100                      (see --help)
//   npm run mock -- --fault buffered                   a deployment mistake (docs/troubleshooting.md)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadMock } from './load-mock.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HELP = `npm run mock [-- options]: the mock data query service on http://127.0.0.1:<port>

  --port <n>         port (also the PORT environment variable); default 8787, 0 for any free port
  --scenario <name>  how the mock answers (default normal); also POST /__mock/scenario while running:
                     SCENARIOS
  --delay <ms>       pause between streamed chunks (default 25)
  --fault <name>     answer as a misconfigured deployment does (docs/troubleshooting.md; default none);
                     also POST /__mock/fault {"name": …} while running:
                     FAULTS
  --help             this text
`;

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      scenario: { type: 'string', default: 'normal' },
      delay: { type: 'string', default: '25' },
      fault: { type: 'string', default: 'none' },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  console.error(`${error.message}\n\n${HELP}`);
  process.exit(2);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const [
  { startStandaloneMock, describeMock, DEFAULT_MOCK_PORT },
  { isScenarioName, SCENARIO_NAMES },
  { isFaultName, FAULTS, FAULT_NAMES },
] = await loadMock('/mock/standalone.ts', '/mock/scenarios.ts', '/mock/faults.ts');
const help = HELP.replace(
  'SCENARIOS',
  SCENARIO_NAMES.join(', ')
    .replace(/(.{1,60})(?:, |$)/g, '$1,\n                     ')
    .replace(/,\s*$/, ''),
).replace('FAULTS', FAULTS.map((f) => `${f.name.padEnd(18)} ${f.label}`).join('\n                     '));
if (args.help) {
  console.log(help);
  process.exit(0);
}

const portText = args.port ?? process.env.PORT ?? String(DEFAULT_MOCK_PORT);
const port = Number(portText);
const delay = Number(args.delay);
const problems = [
  !/^\d+$/.test(portText) || port > 65535 ? `--port/PORT must be a port number, not ${JSON.stringify(portText)}` : '',
  !isScenarioName(args.scenario) ? `--scenario must be one of: ${SCENARIO_NAMES.join(', ')}` : '',
  !(delay >= 0) ? `--delay must be a number of milliseconds, not ${JSON.stringify(args.delay)}` : '',
  !isFaultName(args.fault) ? `--fault must be one of: ${FAULT_NAMES.join(', ')}` : '',
].filter(Boolean);
if (problems.length > 0) {
  console.error(`${problems.join('\n')}\n\n${help}`);
  process.exit(2);
}

const widget = path.join(ROOT, 'dist', 'widget.js');
if (!existsSync(widget) || newestMtime(path.join(ROOT, 'src')) > statSync(widget).mtimeMs) {
  console.log('Building dist/ first…');
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

let server;
try {
  server = await startStandaloneMock({
    port,
    root: ROOT,
    scenario: args.scenario,
    chunkDelayMs: delay,
    fault: args.fault,
  });
} catch (error) {
  const busy = error?.code === 'EADDRINUSE';
  console.error(
    busy ? `Port ${port} is in use: try \`PORT=${port + 1} npm run mock\` (or PORT=0 for any free port).` : error,
  );
  process.exit(1);
}
const faultLine =
  args.fault === 'none' ? '' : `\n\nFault: ${args.fault}: ${FAULTS.find((f) => f.name === args.fault).label}`;
console.log(`${describeMock(server.url, server.mock.scenario, server.mock.publicId)}${faultLine}\n\nCtrl+C stops it.`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close().finally(() => process.exit(0));
  });
}

// Global setup of the `unit` vitest project: dist/ exists and is current (scripts/ensure-build.mjs),
// for test/esm and test/build, which check the built files.
import { ensureBuild } from '../scripts/ensure-build.mjs';

export default function setup(): void {
  ensureBuild('unit tests');
}

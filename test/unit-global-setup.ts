// Global setup of the `unit` vitest project: dist/ exists and is current (test/ensure-build.ts),
// for test/esm and test/build, which check the built files.
import { ensureBuild } from './ensure-build';

export default function setup(): void {
  ensureBuild('unit tests');
}

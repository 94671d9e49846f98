// Stands in for src/markdown/load-engine.cjs in the unit tests (vitest.config.ts): Node would run
// that file's require() natively, on a TypeScript file. Same effect: ./render.ts runs and hands
// its engine to src/markdown/engine.ts.
import '../../src/markdown/render';

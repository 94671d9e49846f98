// Runs ./render.ts (marked, DOMPurify) for its effect: it hands its engine to ./engine.ts.
// CommonJS on purpose: see ./engine.ts. The unit tests stand test/helpers/load-engine.ts in for
// this file (vitest.config.ts).
// oxlint-disable-next-line import/no-unassigned-import -- run for its effect, on purpose
require('./render.ts');

// The order test files are handed to workers (vitest.config.ts, `sequence.sequencer`): Vitest's own
// (projects one after another, isolated files first, larger or slower files first), with one change.
// A worker of a project that shares modules (`isolate: false`) is kept for the next file only
// when that next file runs in the same environment; otherwise Vitest starts a new worker, which
// sets up its environment (happy-dom), setup file and imports again: about 1.5 s on 2 cores. In
// Vitest's order the shared unit files alternate between happy-dom and `@vitest-environment node`,
// and the unit step started 22 workers for them. Here the files of each environment run together.
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The file's environment comment, as Vitest reads it (`@vitest-environment`, and its options). */
function environmentOf(spec: TestSpecification): string {
  if (spec.project.config.isolate) return '';
  const code = readFileSync(spec.moduleId, 'utf8');
  const env = /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(code)?.[1] ?? '';
  const options = /@(?:vitest|jest)-environment-options\s+(.+)/.exec(code)?.[1] ?? '';
  return `${env} ${options}`;
}

export class SameEnvironmentTogether extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const keyed = sorted.map((spec) => ({
      spec,
      project: projects.indexOf(spec.project.name),
      env: environmentOf(spec),
    }));
    // Array.prototype.sort is stable: within one environment, Vitest's order stays.
    keyed.sort((a, b) => a.project - b.project || (a.env < b.env ? -1 : a.env > b.env ? 1 : 0));
    return keyed.map(({ spec }) => spec);
  }
}

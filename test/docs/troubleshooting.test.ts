// @vitest-environment node
// Every entry the widget's console lines (src/api/: `tell(cause, …, entry)`) and the doctor's ✗
// lines (bin/doctor.mjs: `  [entry]`) name is an anchor of docs/troubleshooting.md, and every
// anchor there is named by one of them (issue #38).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../esm/snippet';

const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');
const anchors = new Set([...read('docs/troubleshooting.md').matchAll(/<a id="([a-z-]+)"><\/a>/g)].map((m) => m[1]!));

/**
 * The entries src/api/ names: each `tell('cause', …)` names its cause, or the finer entries given
 * as its third argument (`cors`: `cors-origin` or `cors-header`; `csp`: `csp-script`, `csp-voice`).
 */
function widgetEntries(): string[] {
  const code = ['src/api/diagnose.ts', 'src/api/read.ts', 'src/api/request.ts'].map(read).join('\n');
  const calls = code
    .split(/\btell\(/)
    .slice(1)
    .map((call) => call.slice(0, call.indexOf(');')));
  const named = calls.flatMap((call) => {
    const cause = /^\s*'([a-z-]+)'/.exec(call)?.[1];
    const finer = [...call.matchAll(/'([a-z]+-[a-z-]+)'/g)].map((m) => m[1]!).filter((e) => e !== cause);
    return finer.length ? finer : cause ? [cause] : [];
  });
  return [...new Set(named)].sort();
}

const doctorEntries = () =>
  [...new Set([...read('bin/doctor.mjs').matchAll(/ {2}\[([a-z-]+)\]/g)].map((m) => m[1]!))].sort();

describe('docs/troubleshooting.md', () => {
  it('has an anchor for every entry a console line of the widget names', () => {
    const named = widgetEntries();
    expect(named).toEqual(
      expect.arrayContaining([
        'cors-header',
        'cors-origin',
        'csp',
        'csp-script',
        'csp-voice',
        'buffered',
        'content-type',
      ]),
    );
    expect(named.filter((e) => !anchors.has(e))).toEqual([]);
  });

  it('has an anchor for every entry a ✗ of the doctor names', () => {
    const named = doctorEntries();
    expect(named).toEqual(expect.arrayContaining(['cors-origin', 'cors-header', 'token-clock']));
    expect(named.filter((e) => !anchors.has(e))).toEqual([]);
  });

  it('has no anchor that nothing names', () => {
    const named = new Set([...widgetEntries(), ...doctorEntries()]);
    expect([...anchors].filter((a) => !named.has(a))).toEqual([]);
  });
});

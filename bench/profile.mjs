// Where the main-thread time goes while a long reply streams: `node bench/profile.mjs [naive] [dist]`.
// One run of the same flow as bench/stream.mjs (see the method there), then:
// - default: the widget rebuilt UNMINIFIED into bench/.out/ (readable function names) and a V8 CPU
//   profile (200 µs sampling) of the window: self and inclusive time per function, for the
//   streaming phase (Enter → reply_done) and the final render (reply_done → 2 frames later).
//   `(program)` is the browser's own work outside JS (style, layout, paint, task overhead).
//   The raw profile goes to bench/.out/<variant>.cpuprofile (open it in Chrome DevTools).
// - `naive`: the same for the naive renderer (bench/naive-stream.ts).
// - `dist`: the production dist/widget.js as is, trace only (no profiler overhead).
// Always: trace self time per event (wall and CPU), per-frame costs over five slices of the
// stream, wall vs CPU time of all tasks, and the LONGEST (env, default 3) tasks opened up.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildWidget, fmt, log, measureOnce, OUT, ROOT, startHarness } from './lib.mjs';

const naive = process.argv.includes('naive');
// `dist`: trace only, of the production dist/widget.js (no CPU profiler, no unminified build).
const dist = process.argv.includes('dist');
const variant = naive ? 'naive-profile' : 'incremental-profile';
const TOP = Number(process.env.TOP ?? 25);

const script = dist
  ? path.join(ROOT, 'dist', 'widget.js')
  : await buildWidget({ fileName: `widget-${variant}.js`, naive, minify: false });
const h = await startHarness();
let r;
try {
  r = await measureOnce(h, variant, script, { profile: !dist, fullTrace: true });
} finally {
  await h.close();
}
const { clock, mainThreadTrace } = r;
const prof = r.cpuProfile ?? {
  nodes: [{ id: 1, callFrame: { functionName: '(no CPU profile)', url: '' } }],
  samples: [],
  timeDeltas: [],
  startTime: 0,
};
if (r.cpuProfile) writeFileSync(path.join(OUT, `${variant}.cpuprofile`), JSON.stringify(prof));
log(
  `${variant}: main-thread ${fmt(r.mainThreadMs)} ms, longest task ${fmt(r.longestTaskMs ?? 0, 1)} ms, wall ${fmt(r.wallMs / 1000, 1)} s`,
);
log(`longest tasks: ${JSON.stringify(r.longestTasks)}`);

const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n) => {
  const f = n.callFrame;
  if (!f.url) return f.functionName || '(anonymous)';
  return `${f.functionName || '(anonymous)'} ${path.basename(f.url)}:${f.lineNumber + 1}`;
};

const phases = {
  streaming: { from: clock.start, to: clock.replyDone ?? clock.end },
  'final render': { from: clock.replyDone ?? clock.end, to: clock.end },
};
for (const [name, { from, to }] of Object.entries(phases)) {
  const self = new Map();
  const incl = new Map();
  let t = prof.startTime;
  let total = 0;
  for (let i = 0; i < prof.samples.length; i++) {
    t += prof.timeDeltas[i];
    const dt = Math.max(0, prof.timeDeltas[i + 1] ?? 0); // a sample stands for the time until the next one
    if (t < from || t > to) continue;
    const node = byId.get(prof.samples[i]);
    const l = label(node);
    if (l === '(idle)') continue;
    total += dt;
    self.set(l, (self.get(l) ?? 0) + dt);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const ll = label(byId.get(id));
      if (seen.has(ll) || ll === '(root)') continue;
      seen.add(ll);
      incl.set(ll, (incl.get(ll) ?? 0) + dt);
    }
  }
  const print = (title, map) => {
    console.log(`\n${title}`);
    for (const [l, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`${fmt(us / 1000).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${l}`);
    }
  };
  console.log(`\n=== ${name}: ${fmt((to - from) / 1000)} ms wall, ${fmt(total / 1000)} ms busy (sampled) ===`);
  print('self time', self);
  print('inclusive time', incl);
}

// The same window from the trace: self time per trace event (script, style, layout, paint, …),
// wall clock and CPU (thread time, where the trace has it).
{
  const spans = [];
  const open = [];
  for (const e of [...mainThreadTrace].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X' && e.dur !== undefined)
      spans.push({ name: e.name, ts: e.ts, end: e.ts + e.dur, cpu: e.tdur ?? 0 });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const i = open.findLastIndex((b) => b.name === e.name);
      if (i >= 0) {
        const cpu = e.tts !== undefined && open[i].tts !== undefined ? e.tts - open[i].tts : 0;
        spans.push({ name: e.name, ts: open[i].ts, end: e.ts, cpu });
        open.splice(i, 1);
      }
    }
  }
  spans.sort((a, b) => a.ts - b.ts || b.end - a.end);
  for (const [name, { from, to }] of Object.entries(phases)) {
    const self = new Map();
    const add = (n, wall, cpu, count) => {
      const v = self.get(n) ?? { wall: 0, cpu: 0, count: 0 };
      v.wall += wall;
      v.cpu += cpu;
      v.count += count;
      self.set(n, v);
    };
    const stack = [];
    for (const s of spans.filter((x) => x.ts >= from && x.ts <= to)) {
      while (stack.length && stack[stack.length - 1].end <= s.ts) stack.pop();
      const top = stack[stack.length - 1];
      if (top) add(top.name, -(Math.min(s.end, top.end) - s.ts), -s.cpu, 0);
      add(s.name, s.end - s.ts, s.cpu, 1);
      stack.push(s);
    }
    console.log(`\n=== ${name}: trace self time per event (main thread): wall, CPU, count ===`);
    for (const [n, v] of [...self].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, TOP)) {
      console.log(
        `${fmt(v.wall / 1000).padStart(8)} ms ${fmt(v.cpu / 1000).padStart(8)} ms  ${String(v.count).padStart(6)}×  ${n}`,
      );
    }
  }
}

// Does the per-frame cost grow with the message? CPU per occurrence of the main events, in five
// equal slices of the streaming phase (inclusive times, from the trace).
{
  const names = ['FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];
  const { from, to } = phases.streaming;
  const slices = 5;
  console.log(`\n=== streaming, in ${slices} slices: CPU per event (ms), and RunTask count ===`);
  console.log(['slice'.padEnd(6), ...names.map((n) => n.padStart(17)), 'tasks'.padStart(7)].join(''));
  for (let k = 0; k < slices; k++) {
    const a = from + ((to - from) * k) / slices;
    const b = from + ((to - from) * (k + 1)) / slices;
    const inSlice = mainThreadTrace.filter((e) => e.ph === 'X' && e.ts >= a && e.ts < b);
    const cells = names.map((n) => {
      const es = inSlice.filter((e) => e.name === n);
      const cpu = es.reduce((x, e) => x + (e.tdur ?? 0), 0) / 1000;
      return `${fmt(es.length ? cpu / es.length : 0, 2)} ×${es.length}`.padStart(17);
    });
    console.log(
      [`${k + 1}`.padEnd(6), ...cells, String(inSlice.filter((e) => e.name === 'RunTask').length).padStart(7)].join(''),
    );
  }
}

// Wall vs CPU time of the window's tasks: on a loaded machine the main thread also waits for a core.
{
  const tasks = mainThreadTrace.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= clock.start && e.ts <= clock.end,
  );
  const wall = tasks.reduce((n, e) => n + e.dur, 0);
  const cpu = tasks.reduce((n, e) => n + (e.tdur ?? NaN), 0);
  console.log(
    `\n=== tasks in the window: ${tasks.length}, ${fmt(wall / 1000)} ms wall, ${fmt(cpu / 1000)} ms CPU (thread time) ===`,
  );
}

// The longest tasks, opened up: what ran inside them (trace events and JS functions).
{
  const runTasks = mainThreadTrace
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= clock.start && e.ts <= clock.end)
    .sort((a, b) => b.dur - a.dur)
    .slice(0, Number(process.env.LONGEST ?? 3));
  for (const task of runTasks) {
    const end = task.ts + task.dur;
    const cpu = task.tdur === undefined ? '' : ` (${fmt(task.tdur / 1000, 1)} ms on the CPU)`;
    console.log(`\n=== task of ${fmt(task.dur / 1000, 1)} ms${cpu} at +${fmt((task.ts - clock.start) / 1000)} ms ===`);
    const inside = mainThreadTrace.filter(
      (e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end && e.dur > 500,
    );
    for (const e of inside.sort((a, b) => a.ts - b.ts).slice(0, 30)) {
      const data = e.args?.data ?? e.args?.beginData ?? {};
      const info = data.functionName ? ` ${data.functionName}` : data.url ? ` ${data.url}` : '';
      const cpu = e.tdur === undefined ? '' : ` (cpu ${fmt(e.tdur / 1000, 1)})`;
      console.log(
        `  +${fmt((e.ts - task.ts) / 1000, 1).padStart(6)} ms ${fmt(e.dur / 1000, 1).padStart(7)} ms${cpu}  ${e.name}${info}`,
      );
    }
    const self = new Map();
    let t = prof.startTime;
    for (let i = 0; i < prof.samples.length; i++) {
      t += prof.timeDeltas[i];
      if (t < task.ts || t > end) continue;
      const l = label(byId.get(prof.samples[i]));
      self.set(l, (self.get(l) ?? 0) + Math.max(0, prof.timeDeltas[i + 1] ?? 0));
    }
    console.log('  JS self time inside:');
    for (const [l, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 10))
      console.log(`  ${fmt(us / 1000, 1).padStart(8)} ms  ${l}`);
  }
}

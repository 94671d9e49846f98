// Long series reduced to what a chart can show: a line keeps at most a few hundred of its points,
// chosen by largest-triangle-three-buckets (Steinarsson 2013), which keeps peaks and dips, so the
// line keeps its shape and its stroke rather than turning into a solid block. Every kept point is a
// real row of the table. docs/charts.md, "Long tables".

/**
 * Indices (into `ys`, x = index) of at most `target` points chosen by largest-triangle-three-buckets:
 * the first and the last, and in each bucket between them the point that makes the largest
 * triangle with the point kept before and the mean of the next bucket.
 */
export function lttb(ys: ArrayLike<number>, target: number): number[] {
  const n = ys.length;
  if (target >= n || n <= 2) return Array.from({ length: n }, (_, i) => i);
  if (target < 3) return [0, n - 1];
  const out = [0];
  const every = (n - 2) / (target - 2);
  let a = 0;
  for (let b = 0; b < target - 2; b++) {
    // The next bucket's mean (the last point for the last bucket).
    const from = Math.floor((b + 1) * every) + 1;
    const to = Math.min(Math.floor((b + 2) * every) + 1, n);
    let mx = 0,
      my = 0;
    for (let i = from; i < to; i++) {
      mx += i;
      my += ys[i]! / (to - from);
    }
    mx /= to - from;
    if (to <= from) {
      mx = n - 1;
      my = ys[n - 1]!;
    }
    let best = -1,
      pick = from;
    // Halved coordinates: values near 1e308 stay finite in the products.
    const ay = ys[a]! / 2;
    for (let i = Math.floor(b * every) + 1; i < from; i++) {
      const area = Math.abs((a - mx) * (ys[i]! / 2 - ay) - (a - i) * (my / 2 - ay));
      if (area > best) {
        best = area;
        pick = i;
      }
    }
    out.push((a = pick));
  }
  out.push(n - 1);
  return out;
}

/** A series' points as runs between gaps (`null`: a cell that is not a number), as row indices. */
export function runs(values: (number | null)[]): number[][] {
  const out: number[][] = [];
  let run: number[] | undefined;
  values.forEach((v, i) => {
    if (v === null) run = undefined;
    else if (run) run.push(i);
    else out.push((run = [i]));
  });
  return out;
}

export interface Line {
  /** Row indices drawn, as unbroken pieces (a gap in the data breaks the line). */
  pieces: number[][];
  /** How many rows hold a value. */
  total: number;
  /** Gaps were too many to show at this length: the pieces were joined. */
  joined: boolean;
}

/**
 * The points of a line, at most about `target` of them: each run between gaps keeps a share of
 * the points by its length (at least its ends). With more runs than the line has room for, the
 * gaps cannot be shown honestly at this size: the runs are joined and the chart says so.
 */
export function reduceLine(values: (number | null)[], target: number): Line {
  let pieces = runs(values);
  const total = pieces.reduce((t, r) => t + r.length, 0);
  if (total <= target) return { pieces, total, joined: false };
  const joined = pieces.length * 2 > target;
  if (joined) pieces = [pieces.flat()];
  const reduced = pieces.map((run) => {
    const keep = Math.min(run.length, Math.max(2, Math.floor((target * run.length) / total)));
    return lttb(
      run.map((i) => values[i]!),
      keep,
    ).map((k) => run[k]!);
  });
  return { pieces: reduced, total, joined };
}

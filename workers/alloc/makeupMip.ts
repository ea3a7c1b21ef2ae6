// The exact make-up model for one independent part of the day, solved by HiGHS from the greedy
// start. Binary x[i,r] puts segregation i on resource r; capacity is written once per maximal
// clique of each resource's interval graph (the segregations alive together just before one of
// them ends), not per minute or per pair. A flight is split unless all its segregations sit on
// its one "home" resource z[f,r]; the peak P bounds every clique load. The lexicographic
// objective (unassigned, split flights, peak) is scalarised with weights large enough that no
// amount of a later term can pay for one unit of an earlier one.
import { maximalCliques } from './intervals';
import { MipBuilder, solveMip, type Highs } from './mip';
import type { MakeupProblem } from './makeupModel';

export interface MakeupWeights {
  readonly unassigned: number;
  readonly split: number;
}

export interface ComponentSolve {
  /** Resource chosen for each segregation of the part, in the order of `segIds`; -1 unassigned. */
  readonly resources: Int32Array | null;
  /** Proven lower bound on unassigned*w1 + split*w2 + max(peak, peakFloor) for this part. */
  readonly bound: number;
}

export function solveMakeupComponent(
  highs: Highs,
  problem: MakeupProblem,
  segIds: readonly number[],
  start: Int32Array,
  weights: MakeupWeights,
  peakFloor: number,
  settings: { timeLimitS: number; relGap: number; onProgress?: (p: { objective: number; bound: number }) => void },
): ComponentSolve {
  const { segs } = problem;
  const m = new MipBuilder();
  const free = segIds.filter((i) => segs[i].lockedResource < 0);
  const xCol = new Map<number, Map<number, number>>();
  const startValues: number[] = [];
  const value = (col: number, v: number) => {
    startValues[col] = v;
  };
  for (const i of free) {
    const cols = new Map<number, number>();
    for (const r of segs[i].eligible) {
      const col = m.column(-weights.unassigned, 0, 1, true);
      value(col, start[i] === r ? 1 : 0);
      cols.set(r, col);
    }
    xCol.set(i, cols);
    m.row(-Infinity, 1, [...cols.values()], [...cols.values()].map(() => 1));
  }

  // Flights with two or more segregations here: split_f or one home resource for all of them.
  const byFlight = new Map<number, number[]>();
  for (const i of segIds) {
    let list = byFlight.get(segs[i].flight);
    if (!list) byFlight.set(segs[i].flight, (list = []));
    list.push(i);
  }
  for (const members of byFlight.values()) {
    if (members.length < 2) continue;
    const hosted = new Map<number, number>();
    for (const i of members) if (start[i] >= 0) hosted.set(start[i], (hosted.get(start[i]) ?? 0) + 1);
    const home = [...hosted.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? -1;
    const split = m.column(weights.split, 0, 1, true);
    value(split, hosted.size > 1 ? 1 : 0);
    const zCol = new Map<number, number>();
    const z = (r: number) => {
      let col = zCol.get(r);
      if (col === undefined) {
        col = m.column(0, 0, 1, false);
        value(col, r === home ? 1 : 0);
        zCol.set(r, col);
      }
      return col;
    };
    for (const i of members) {
      if (segs[i].lockedResource >= 0) {
        m.row(1, Infinity, [z(segs[i].lockedResource), split], [1, 1]);
      } else {
        for (const [r, col] of xCol.get(i)!) m.row(-Infinity, 0, [col, z(r), split], [1, -1, -1]);
      }
    }
    m.row(-Infinity, 1, [...zCol.values()], [...zCol.values()].map(() => 1));
  }

  const peak = m.column(1, peakFloor, Infinity, false);
  let startPeak = peakFloor;
  const members = new Map<number, number[]>();
  for (const i of segIds) {
    const rs = segs[i].lockedResource >= 0 ? [segs[i].lockedResource] : segs[i].eligible;
    for (const r of rs) {
      let list = members.get(r);
      if (!list) members.set(r, (list = []));
      list.push(i);
    }
  }
  for (const [r, list] of members) {
    for (const clique of maximalCliques(segs, list)) {
      let lockedLoad = 0;
      let startLoad = 0;
      const cols: number[] = [];
      const coefs: number[] = [];
      for (const i of clique) {
        const w = segs[i].width;
        if (segs[i].lockedResource >= 0) lockedLoad += w;
        else {
          cols.push(xCol.get(i)!.get(r)!);
          coefs.push(w);
        }
        if (start[i] === r) startLoad += w;
      }
      startPeak = Math.max(startPeak, startLoad);
      if (cols.length === 0) continue;
      m.row(-Infinity, problem.resources[r].positions - lockedLoad, cols, coefs);
      m.row(-Infinity, -lockedLoad, [...cols, peak], [...coefs, -1]);
    }
  }
  value(peak, startPeak);

  const outcome = solveMip(
    highs,
    { cost: m.cost, lower: m.lower, upper: m.upper, integer: m.integer, rows: m.rows, offset: weights.unassigned * free.length },
    { ...settings, start: startValues },
  );
  if (!outcome.x) return { resources: null, bound: outcome.bound };
  const x = outcome.x;
  const resources = Int32Array.from(segIds, (i) => {
    if (segs[i].lockedResource >= 0) return segs[i].lockedResource;
    for (const [r, col] of xCol.get(i)!) if (x[col] > 0.5) return r;
    return -1;
  });
  return { resources, bound: outcome.bound };
}

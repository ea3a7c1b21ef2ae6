// The exact make-up models, solved by HiGHS from the greedy start.
//
// `solveMakeupMip`: binary x[i,r] puts segregation i on resource r; capacity is written once per
// maximal clique of each resource's interval graph (the segregations alive together just before
// one of them ends), not per minute or per pair. A flight is split unless all its segregations
// sit on its one home resource z[f,r]; the peak P bounds every clique load. The lexicographic
// objective (unassigned, split flights, peak) is scalarised with weights large enough that no
// amount of a later term can pay for one unit of an earlier one. Segregations outside `free`
// but in `held` keep their current resource (locks, or the rest of the day in a window search).
//
// `unassignedBound`: the same capacity rows with identical resources merged into one pool, which
// removes their symmetry. It relaxes the real problem, so it proves how few segregations can be
// left out, quickly and usually exactly.
import { maximalCliques } from './intervals';
import { MipBuilder, solveMip, type Highs } from './mip';
import { type MakeupProblem, usableResources } from './makeupModel';

export interface MakeupWeights {
  readonly unassigned: number;
  readonly split: number;
}

export interface MipSettings {
  readonly timeLimitS: number;
  readonly relGap: number;
  readonly now: () => number;
}

/** 'placement' drops the split and peak terms: a much smaller model that only places more. */
export type MakeupObjective = 'full' | 'placement';

export interface MakeupMipSolve {
  /** Resource of each free segregation, in the order of `free`; -1 unassigned; null if none found. */
  readonly resources: Int32Array | null;
  /** Proven lower bound on w1*unassigned + w2*split + max(peak, peakFloor) over these segregations. */
  readonly bound: number;
}

/** The model being built and what every part of it reads. */
interface Model {
  readonly m: MipBuilder;
  /** The current solution as a column start, filled in as columns are made. */
  readonly start: number[];
  readonly problem: MakeupProblem;
  readonly current: Int32Array;
  /** Segregations of `held` that keep their current resource. */
  readonly heldResource: ReadonlyMap<number, number>;
  /** Per free segregation, its column per eligible resource. */
  readonly xCol: ReadonlyMap<number, ReadonlyMap<number, number>>;
}

export function solveMakeupMip(
  highs: Highs,
  problem: MakeupProblem,
  free: readonly number[],
  held: readonly number[],
  current: Int32Array,
  weights: MakeupWeights,
  peakFloor: number,
  settings: MipSettings,
  objective: MakeupObjective = 'full',
): MakeupMipSolve {
  const m = new MipBuilder();
  const start: number[] = [];
  const heldResource = new Map<number, number>();
  for (const i of held) if (current[i] >= 0) heldResource.set(i, current[i]);
  // Placing only, the placement weight can be 1: nothing else is counted.
  const placeWeight = objective === 'full' ? weights.unassigned : 1;
  const xCol = new Map<number, Map<number, number>>();
  for (const i of free) {
    const cols = new Map<number, number>();
    for (const r of problem.segs[i].eligible) {
      const col = m.column(-placeWeight, 0, 1, true);
      start[col] = current[i] === r ? 1 : 0;
      cols.set(r, col);
    }
    xCol.set(i, cols);
    m.row(
      -Infinity,
      1,
      [...cols.values()],
      [...cols.values()].map(() => 1),
    );
  }
  const model: Model = { m, start, problem, current, heldResource, xCol };
  const members = [...free, ...heldResource.keys()];
  if (objective === 'full') splitRows(model, members, weights.split);
  capacityRows(model, members, objective === 'full' ? peakFloor : null);

  const outcome = solveMip(
    highs,
    { cost: m.cost, lower: m.lower, upper: m.upper, integer: m.integer, rows: m.rows, offset: placeWeight * free.length },
    { ...settings, start },
  );
  const x = outcome.x;
  if (!x) return { resources: null, bound: outcome.bound };
  const resources = Int32Array.from(free, (i) => {
    for (const [r, col] of xCol.get(i)!) if (x[col] > 0.5) return r;
    return -1;
  });
  return { resources, bound: outcome.bound };
}

/** Flights with two or more segregations here: split_f, or one home resource z[f,r] for all of them. */
function splitRows({ m, start, problem, current, heldResource, xCol }: Model, members: readonly number[], splitWeight: number): void {
  const byFlight = new Map<number, number[]>();
  for (const i of members) {
    let list = byFlight.get(problem.segs[i].flight);
    if (!list) byFlight.set(problem.segs[i].flight, (list = []));
    list.push(i);
  }
  for (const list of byFlight.values()) {
    if (list.length < 2 || !list.some((i) => xCol.has(i))) continue;
    const hosted = new Map<number, number>();
    for (const i of list) if (current[i] >= 0) hosted.set(current[i], (hosted.get(current[i]) ?? 0) + 1);
    const home = [...hosted.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? -1;
    const split = m.column(splitWeight, 0, 1, true);
    start[split] = hosted.size > 1 ? 1 : 0;
    const zCol = new Map<number, number>();
    const z = (r: number) => {
      let col = zCol.get(r);
      if (col === undefined) {
        col = m.column(0, 0, 1, false);
        start[col] = r === home ? 1 : 0;
        zCol.set(r, col);
      }
      return col;
    };
    for (const i of list) {
      const fixed = heldResource.get(i);
      if (fixed !== undefined) m.row(1, Infinity, [z(fixed), split], [1, 1]);
      else for (const [r, col] of xCol.get(i)!) m.row(-Infinity, 0, [col, z(r), split], [1, -1, -1]);
    }
    m.row(
      -Infinity,
      1,
      [...zCol.values()],
      [...zCol.values()].map(() => 1),
    );
  }
}

/**
 * Per resource and maximal clique of its possible users: their load within its positions and,
 * with a `peakFloor` (the full objective), under the peak P, which is at least that floor.
 */
function capacityRows({ m, start, problem, current, heldResource, xCol }: Model, members: readonly number[], peakFloor: number | null): void {
  const { segs } = problem;
  const peak = peakFloor !== null ? m.column(1, peakFloor, Infinity, false) : -1;
  let startPeak = peakFloor ?? 0;
  const users = new Map<number, number[]>();
  for (const i of members) {
    const fixed = heldResource.get(i);
    for (const r of fixed !== undefined ? [fixed] : segs[i].eligible) {
      let list = users.get(r);
      if (!list) users.set(r, (list = []));
      list.push(i);
    }
  }
  for (const [r, list] of users) {
    for (const clique of maximalCliques(segs, list)) {
      let fixedLoad = 0;
      let startLoad = 0;
      const cols: number[] = [];
      const coefs: number[] = [];
      for (const i of clique) {
        const w = segs[i].width;
        if (heldResource.has(i)) fixedLoad += w;
        else {
          cols.push(xCol.get(i)!.get(r)!);
          coefs.push(w);
        }
        if (current[i] === r) startLoad += w;
      }
      startPeak = Math.max(startPeak, startLoad);
      if (cols.length === 0) continue;
      m.row(-Infinity, problem.resources[r].positions - fixedLoad, cols, coefs);
      if (peak >= 0) m.row(-Infinity, -fixedLoad, [...cols, peak], [...coefs, -1]);
    }
  }
  if (peak >= 0) start[peak] = startPeak;
}

export interface UnassignedBound {
  /** Proven lower bound on the number of `segIds` left unassigned. */
  readonly bound: number;
  /** Segregations the pooled model places (a candidate set for the greedy), or null. */
  readonly placed: Uint8Array | null;
}

/** Lower bound on unassigned segregations among `segIds`, identical resources pooled. */
export function unassignedBound(highs: Highs, problem: MakeupProblem, segIds: readonly number[], settings: MipSettings): UnassignedBound {
  const { segs } = problem;
  // Resources are interchangeable here when they have the same size and the same users.
  const users = new Map<number, number[]>();
  for (const i of segIds) {
    for (const r of usableResources(segs[i])) {
      let list = users.get(r);
      if (!list) users.set(r, (list = []));
      list.push(i);
    }
  }
  const pools = new Map<string, { resources: number[]; users: number[] }>();
  const poolOf = new Map<number, string>();
  for (const [r, list] of users) {
    const key = `${problem.resources[r].positions}:${list.join(',')}`;
    let pool = pools.get(key);
    if (!pool) pools.set(key, (pool = { resources: [], users: list }));
    pool.resources.push(r);
    poolOf.set(r, key);
  }
  const m = new MipBuilder();
  const free = segIds.filter((i) => segs[i].lockedResource < 0);
  const yCol = new Map<number, Map<string, number>>();
  for (const i of free) {
    const cols = new Map<string, number>();
    for (const r of segs[i].eligible) {
      const key = poolOf.get(r)!;
      if (!cols.has(key)) cols.set(key, m.column(-1, 0, 1, true));
    }
    yCol.set(i, cols);
    m.row(
      -Infinity,
      1,
      [...cols.values()],
      [...cols.values()].map(() => 1),
    );
  }
  for (const [key, pool] of pools) {
    const capacity = pool.resources.reduce((sum, r) => sum + problem.resources[r].positions, 0);
    for (const clique of maximalCliques(segs, pool.users)) {
      let lockedLoad = 0;
      const cols: number[] = [];
      const coefs: number[] = [];
      for (const i of clique) {
        if (segs[i].lockedResource >= 0) lockedLoad += segs[i].width;
        else {
          cols.push(yCol.get(i)!.get(key)!);
          coefs.push(segs[i].width);
        }
      }
      m.row(-Infinity, capacity - lockedLoad, cols, coefs);
    }
  }
  const outcome = solveMip(highs, { cost: m.cost, lower: m.lower, upper: m.upper, integer: m.integer, rows: m.rows, offset: free.length }, settings);
  const x = outcome.x;
  const placed = x ? new Uint8Array(segs.length) : null;
  if (x && placed) {
    for (const i of segIds) placed[i] = segs[i].lockedResource >= 0 || [...yCol.get(i)!.values()].some((c) => x[c] > 0.5) ? 1 : 0;
  }
  return { bound: Math.max(0, Math.ceil(outcome.bound - 1e-6)), placed };
}

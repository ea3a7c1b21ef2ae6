// allocateMakeup: the make-up allocation engine as one pure call. It validates the document,
// runs the greedy, splits the day into independent parts (segregations that share a resource at
// the same time, or a flight), improves each part with the MIP within its share of the time
// limit, and reports the result with a proven lower bound and the gap between them.
import { parseMakeupDocument } from './schema';
import { UnionFind, maximalCliques, unionOverlapping } from './intervals';
import {
  type MakeupProblem,
  type MakeupScore,
  type Occupancy,
  type UnassignedReason,
  assignPositions,
  buildMakeupProblem,
  compareScores,
  scoreMakeup,
} from './makeupModel';
import { greedyMakeup } from './makeupGreedy';
import { type MakeupWeights, solveMakeupComponent } from './makeupMip';
import type { Highs } from './mip';

export type { UnassignedReason, MakeupScore };

export interface AllocProgress {
  readonly stage: 'greedy' | 'mip' | 'done';
  /** Independent parts finished, out of `total`. */
  readonly done: number;
  readonly total: number;
}

export interface AllocOptions {
  /** A loaded HiGHS runtime; without it the engine returns the greedy solution and its bound. */
  readonly highs?: Highs;
  /** Wall-clock budget for the whole solve, seconds (default 30). */
  readonly timeLimitS?: number;
  /** Relative MIP gap at which a part counts as solved (default 0.0001). */
  readonly relGap?: number;
  readonly onProgress?: (progress: AllocProgress) => void;
  /** Milliseconds clock (default `Date.now`), injectable for reproducible timing. */
  readonly now?: () => number;
}

export interface MakeupResult {
  assignments: { segregation: string; resource: string; positions: number[] }[];
  unassigned: { segregation: string; reason: UnassignedReason }[];
  objective: MakeupScore;
  /** Lexicographic lower bound: each term is proven only once the terms before it are tight. */
  bound: MakeupScore;
  /** Relative gap of the weighted objective (unassigned, split, peak weighted in that order). */
  gap: number;
  optimal: boolean;
  wall_ms: number;
}

export function allocateMakeup(input: unknown, options: AllocOptions = {}): MakeupResult {
  const now = options.now ?? Date.now;
  const began = now();
  const deadline = began + (options.timeLimitS ?? 30) * 1000;
  const problem = buildMakeupProblem(parseMakeupDocument(input));
  const { segs } = problem;
  const report = options.onProgress ?? (() => undefined);

  report({ stage: 'greedy', done: 0, total: 1 });
  const greedy = greedyMakeup(problem);
  const parts = independentParts(problem);
  const multiFlights = problem.flightSegs.filter((list) => list.filter((i) => !segs[i].impossible).length > 1).length;
  const maxPositions = Math.max(0, ...problem.resources.map((r) => r.positions));
  const weights: MakeupWeights = { split: maxPositions + 1, unassigned: (maxPositions + 1) * (multiFlights + 1) };
  const scalar = (s: MakeupScore) => weights.unassigned * s.unassigned + weights.split * s.split_flights + s.peak;

  // A peak every lexicographic optimum reaches: parts the greedy places entirely are placed
  // entirely at the optimum too, so their average load over the resources they can use counts.
  const trivialPeak = parts.map((ids) => averagePeak(problem, ids));
  let peakFloor = 0;
  parts.forEach((ids, k) => {
    if (scoreMakeup(problem, greedy.resourceOf, ids).unassigned === 0) peakFloor = Math.max(peakFloor, trivialPeak[k]);
  });
  const partScore = (resourceOf: Int32Array, ids: readonly number[]): MakeupScore => {
    const s = scoreMakeup(problem, resourceOf, ids);
    return { ...s, peak: Math.max(s.peak, peakFloor) };
  };

  const chosen = Int32Array.from(greedy.resourceOf);
  const bounds = parts.map((ids, k) => Math.max(peakFloor, trivialPeak[k]));
  const open = parts
    .map((_, k) => k)
    .filter((k) => scalar(partScore(greedy.resourceOf, parts[k])) > bounds[k])
    .sort((a, b) => parts[b].length - parts[a].length);
  let usedMip = false;
  if (options.highs) {
    let remainingSize = open.reduce((sum, k) => sum + parts[k].length, 0);
    open.forEach((k, done) => {
      report({ stage: 'mip', done, total: open.length });
      const ids = parts[k];
      const share = ((deadline - now()) / 1000) * (ids.length / remainingSize);
      remainingSize -= ids.length;
      if (share <= 0.05) return;
      const solved = solveMakeupComponent(options.highs!, problem, ids, greedy.resourceOf, weights, peakFloor, {
        timeLimitS: share,
        relGap: options.relGap ?? 0.0001,
      });
      bounds[k] = Math.max(bounds[k], solved.bound);
      if (!solved.resources) return;
      const candidate = Int32Array.from(chosen);
      ids.forEach((i, j) => (candidate[i] = solved.resources![j]));
      if (compareScores(partScore(candidate, ids), partScore(chosen, ids)) < 0) {
        ids.forEach((i, j) => (chosen[i] = solved.resources![j]));
        usedMip = true;
      }
    });
  }

  let final: Occupancy = greedy;
  if (usedMip) {
    const positioned = assignPositions(problem, chosen);
    if (compareScores(scoreMakeup(problem, positioned.resourceOf), scoreMakeup(problem, greedy.resourceOf)) <= 0) {
      final = positioned;
    }
  }

  const objective = scoreMakeup(problem, final.resourceOf);
  const bound = lexicographicBound(problem, parts, final.resourceOf, bounds, weights, peakFloor);
  const scoreValue = scalar(objective);
  const gap = scoreValue > 0 ? Math.max(0, (scoreValue - scalar(bound)) / scoreValue) : 0;
  report({ stage: 'done', done: open.length, total: open.length });
  return {
    assignments: segs.flatMap((s, i) =>
      final.resourceOf[i] >= 0
        ? [{ segregation: s.id, resource: problem.resources[final.resourceOf[i]].id, positions: final.positionsOf[i] }]
        : [],
    ),
    unassigned: segs.flatMap((s, i) =>
      final.resourceOf[i] < 0 ? [{ segregation: s.id, reason: s.impossible ?? 'capacity' }] : [],
    ),
    objective,
    bound,
    gap,
    optimal: compareScores(objective, bound) === 0,
    wall_ms: Math.round(now() - began),
  };
}

/** Groups of placeable segregations that can influence each other: same resource and overlapping time, or same flight. */
function independentParts(problem: MakeupProblem): number[][] {
  const { segs } = problem;
  const uf = new UnionFind(segs.length);
  const users = problem.resources.map((): number[] => []);
  segs.forEach((s, i) => {
    if (s.impossible) return;
    for (const r of s.lockedResource >= 0 ? [s.lockedResource] : s.eligible) users[r].push(i);
  });
  for (const list of users) unionOverlapping(segs, list, uf);
  for (const list of problem.flightSegs) {
    const placeable = list.filter((i) => !segs[i].impossible);
    for (let k = 1; k < placeable.length; k++) uf.union(placeable[0], placeable[k]);
  }
  return uf.groups().map((g) => g.filter((i) => !segs[i].impossible)).filter((g) => g.length > 0);
}

/** Peak any full placement of the part must reach: widest segregation, and each moment's load spread over the resources it can use. */
function averagePeak(problem: MakeupProblem, ids: readonly number[]): number {
  const { segs } = problem;
  let peak = 0;
  for (const i of ids) peak = Math.max(peak, segs[i].width);
  for (const clique of maximalCliques(segs, ids)) {
    const resources = new Set<number>();
    let load = 0;
    for (const i of clique) {
      load += segs[i].width;
      for (const r of segs[i].lockedResource >= 0 ? [segs[i].lockedResource] : segs[i].eligible) resources.add(r);
    }
    peak = Math.max(peak, Math.ceil(load / resources.size));
  }
  return peak;
}

/**
 * Turns each part's scalar bound into bounds on the three terms: a term is bounded only when the
 * terms before it are proven, because a worse earlier term could allow a better later one.
 */
function lexicographicBound(
  problem: MakeupProblem,
  parts: readonly number[][],
  resourceOf: Int32Array,
  bounds: readonly number[],
  weights: MakeupWeights,
  peakFloor: number,
): MakeupScore {
  const eps = 1e-6;
  let unassigned = problem.segs.filter((s) => s.impossible).length;
  let split = 0;
  let peak = peakFloor;
  let unassignedTight = true;
  let splitTight = true;
  parts.forEach((ids, k) => {
    const s = scoreMakeup(problem, resourceOf, ids);
    const d = bounds[k];
    const lbU = Math.min(s.unassigned, Math.max(0, Math.ceil((d - (weights.unassigned - 1)) / weights.unassigned - eps)));
    unassigned += lbU;
    if (lbU < s.unassigned) {
      unassignedTight = false;
      return;
    }
    const rest = d - weights.unassigned * lbU;
    const lbS = Math.min(s.split_flights, Math.max(0, Math.ceil((rest - (weights.split - 1)) / weights.split - eps)));
    split += lbS;
    if (lbS < s.split_flights) {
      splitTight = false;
      return;
    }
    peak = Math.max(peak, Math.ceil(rest - weights.split * lbS - eps));
  });
  return {
    unassigned,
    split_flights: unassignedTight ? split : 0,
    peak: unassignedTight && splitTight ? peak : 0,
  };
}

// allocateMakeup: the make-up allocation engine as one pure call. It validates the document,
// runs the greedy, splits the day into independent parts (segregations that share a resource at
// the same time, or a flight), improves each part with the MIP within its share of the time
// limit (parts too large for it window by window, makeupWindows.ts), brings split flights together
// (makeupConsolidate.ts, makeupPerturb.ts), gives large parts' layouts the window MIPs with the
// time left, and reports the result with a proven lower bound (makeupBounds.ts) and the gap
// between them.
import { parseMakeupDocument } from './schema';
import { UnionFind, unionOverlapping } from './intervals';
import {
  type MakeupProblem,
  type MakeupScore,
  type Occupancy,
  type UnassignedReason,
  assignPositions,
  buildMakeupProblem,
  compareScores,
  scoreMakeup,
  usableResources,
} from './makeupModel';
import { greedyMakeup } from './makeupGreedy';
import { consolidateFlights } from './makeupConsolidate';
import { averagePeak, lexicographicBound, peakForced } from './makeupBounds';
import { type MakeupWeights, solveMakeupMip, unassignedBound } from './makeupMip';
import { type LargePart, type WindowSearch, improveLayout, largePart, placeMore, withResources } from './makeupWindows';
import type { Highs } from './mip';

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
  // The MIP gets the time up to CONSOLIDATION_SHARE before the end (less when it is done sooner);
  // then split flights are brought together, and what that leaves goes to the large parts'
  // window MIPs; the last 5% is left for choosing positions.
  const limitMs = (options.timeLimitS ?? 30) * 1000;
  const deadline = began + limitMs * (0.95 - CONSOLIDATION_SHARE);
  const consolidated = began + limitMs * 0.95;
  const problem = buildMakeupProblem(parseMakeupDocument(input));
  const { segs } = problem;
  const report = options.onProgress ?? (() => undefined);

  report({ stage: 'greedy', done: 0, total: 1 });
  const greedy = bestOf(problem, (packing) => greedyMakeup(problem, packing));
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

  // `chosen` is the working solution (a resource per segregation); positions come at the end.
  const chosen = Int32Array.from(greedy.resourceOf);
  const bounds = parts.map((_, k) => Math.max(peakFloor, trivialPeak[k]));
  const open = parts
    .map((_, k) => k)
    .filter((k) => scalar(partScore(greedy.resourceOf, parts[k])) > bounds[k])
    .sort((a, b) => parts[b].length - parts[a].length);
  const adopt = (ids: readonly number[], candidate: Int32Array): void => {
    if (compareScores(partScore(candidate, ids), partScore(chosen, ids)) < 0) for (const i of ids) chosen[i] = candidate[i];
  };
  const highs = options.highs;
  let improveLargeLayouts: () => void = () => {};
  if (highs) {
    const relGap = options.relGap ?? 0.0001;
    // Part by part: the pooled bound and its greedy placement; small parts then get the exact
    // MIP with their share of the time. Large parts short of their bound share PLACEMENT_SHARE of
    // what is left to place more; the rest of the time improves the large parts' layout.
    const large: LargePart[] = [];
    inShares(
      open,
      (k) => parts[k].length,
      deadline,
      now,
      (k, partEnd, done) => {
        report({ stage: 'mip', done, total: open.length });
        const ids = parts[k];
        const free = ids.filter((i) => segs[i].lockedResource < 0);
        const locked = ids.filter((i) => segs[i].lockedResource >= 0);
        const left = () => (partEnd - now()) / 1000;
        if (left() <= 0.05) return;
        let target = 0;
        if (partScore(chosen, ids).unassigned > 0) {
          const pooled = unassignedBound(highs, problem, ids, { timeLimitS: left() * 0.3, relGap: 0, now });
          target = pooled.bound;
          bounds[k] = Math.max(bounds[k], weights.unassigned * pooled.bound);
          const placed = pooled.placed;
          if (placed) adopt(ids, bestOf(problem, (packing) => greedyMakeup(problem, packing, placed)).resourceOf);
        }
        if (free.length > EXACT_PART_SIZE) {
          large.push(largePart(k, free, target));
          return;
        }
        const solved = solveMakeupMip(highs, problem, free, locked, chosen, weights, peakFloor, { timeLimitS: left(), relGap, now });
        bounds[k] = Math.max(bounds[k], solved.bound);
        if (solved.resources) adopt(ids, withResources(chosen, free, solved.resources));
      },
    );
    const shareOut = (selected: typeof large, end: number, run: (search: WindowSearch, part: LargePart) => void) =>
      inShares(
        selected,
        (p) => p.free.length,
        end,
        now,
        (part, partEnd) => {
          const left = () => (partEnd - now()) / 1000;
          run({ highs, problem, ids: parts[part.k], chosen, weights, peakFloor, left, now, adopt }, part);
        },
      );
    // A part that reaches its bound before its share ends leaves the rest to the parts after it
    // only: the parts still short then share what is left in a second round.
    const placementEnd = now() + (deadline - now()) * PLACEMENT_SHARE;
    const short = (p: LargePart) => partScore(chosen, parts[p.k]).unassigned > p.target;
    for (let round = 0; round < 2; round++) shareOut(large.filter(short), placementEnd, placeMore);
    improveLargeLayouts = () => shareOut(large, consolidated, (search, part) => improveLayout(search, part.free));
  }

  inShares(
    parts,
    (ids) => ids.length,
    consolidated,
    now,
    (ids, partEnd) => consolidateFlights(problem, ids, chosen, () => now() > partEnd),
  );
  // The window MIPs come last: on large days the local search removes far more split flights in
  // the same time (bench:alloc's 1,000 departures: 26 to 28 against 40 with the windows first).
  improveLargeLayouts();

  let final: Occupancy = greedy;
  if (chosen.some((r, i) => r !== greedy.resourceOf[i])) {
    const positioned = assignPositions(problem, chosen);
    if (compareScores(scoreMakeup(problem, positioned.resourceOf), scoreMakeup(problem, greedy.resourceOf)) <= 0) {
      final = positioned;
    }
  }

  const objective = scoreMakeup(problem, final.resourceOf);
  // The peak's proof before the split questions, in at most half the time left: it takes about
  // a tenth of a second, and the questions, asked first, took all there was on a busy machine.
  const end = began + limitMs;
  const peakIsForced = highs !== undefined && peakProven(highs, problem, parts, final.resourceOf, objective.peak, (now() + end) / 2, now);
  let bound = lexicographicBound(problem, parts, final.resourceOf, bounds, weights, peakFloor, () => now() >= end);
  if (peakIsForced && bound.peak < objective.peak) bound = { ...bound, peak: objective.peak };
  const scoreValue = scalar(objective);
  const gap = scoreValue > 0 ? Math.max(0, (scoreValue - scalar(bound)) / scoreValue) : 0;
  report({ stage: 'done', done: open.length, total: open.length });
  return {
    assignments: segs.flatMap((s, i) =>
      final.resourceOf[i] >= 0 ? [{ segregation: s.id, resource: problem.resources[final.resourceOf[i]].id, positions: final.positionsOf[i] }] : [],
    ),
    unassigned: segs.flatMap((s, i) => (final.resourceOf[i] < 0 ? [{ segregation: s.id, reason: s.impossible ?? 'capacity' }] : [])),
    objective,
    bound,
    gap,
    optimal: compareScores(objective, bound) === 0,
    wall_ms: Math.round(now() - began),
  };
}

/**
 * Share of the time limit kept for bringing split flights together, after the MIP. On the 1,000-
 * departure day of bench:alloc the MIP reaches the proven fewest unassigned within the 55% before
 * (about 5 of 25 s); the search for fewer split flights takes the rest and still gains at 60 s
 * (26 to 28 split flights at 25 s, 9 at 60 s).
 */
const CONSOLIDATION_SHARE = 0.4;
/** Share of the time in which large parts try to place more, before their layout is improved. */
const PLACEMENT_SHARE = 0.85;
/** A peak proof is not started with less time than this, seconds. */
const MIN_PROOF_SECONDS = 0.05;
/** Parts up to this many free segregations get the exact MIP; larger ones a window search. */
const EXACT_PART_SIZE = 150;
/**
 * Whether the day's `peak` is forced: the parts that reach it (smallest first) are asked in turn,
 * in the time until `end`, whether every placement leaving no more of them out reaches it too.
 */
function peakProven(
  highs: Highs,
  problem: MakeupProblem,
  parts: readonly number[][],
  resourceOf: Int32Array,
  peak: number,
  end: number,
  now: () => number,
): boolean {
  const peaked = parts
    .map((ids) => ({ ids, score: scoreMakeup(problem, resourceOf, ids) }))
    .filter((p) => p.score.peak === peak)
    .sort((a, b) => a.ids.length - b.ids.length);
  let proven = false;
  inShares(
    peaked,
    (p) => p.ids.length,
    end,
    now,
    ({ ids, score }, partEnd) => {
      const left = (partEnd - now()) / 1000;
      if (proven || left < MIN_PROOF_SECONDS) return;
      proven = peakForced(highs, problem, ids, score.unassigned, peak, { timeLimitS: left, relGap: 0, now });
    },
  );
  return proven;
}

/**
 * Runs `run` on each item in turn, each with a share of the time until `end` in proportion to its
 * size (`partEnd` is when its share ends); time an item leaves unused passes to those after it.
 */
function inShares<T>(
  items: readonly T[],
  size: (item: T) => number,
  end: number,
  now: () => number,
  run: (item: T, partEnd: number, index: number) => void,
): void {
  let remaining = items.reduce((sum, item) => sum + size(item), 0);
  items.forEach((item, index) => {
    const partEnd = now() + (end - now()) * (size(item) / remaining);
    remaining -= size(item);
    run(item, partEnd, index);
  });
}

function bestOf(problem: MakeupProblem, run: (packing: 'level' | 'tight') => Occupancy): Occupancy {
  const level = run('level');
  const tight = run('tight');
  return compareScores(scoreMakeup(problem, tight.resourceOf), scoreMakeup(problem, level.resourceOf)) < 0 ? tight : level;
}

/** Groups of placeable segregations that can influence each other: same resource and overlapping time, or same flight. */
function independentParts(problem: MakeupProblem): number[][] {
  const { segs } = problem;
  const uf = new UnionFind(segs.length);
  const users = problem.resources.map((): number[] => []);
  segs.forEach((s, i) => {
    if (s.impossible) return;
    for (const r of usableResources(s)) users[r].push(i);
  });
  for (const list of users) unionOverlapping(segs, list, uf);
  for (const list of problem.flightSegs) {
    const placeable = list.filter((i) => !segs[i].impossible);
    for (let k = 1; k < placeable.length; k++) uf.union(placeable[0], placeable[k]);
  }
  return uf
    .groups()
    .map((g) => g.filter((i) => !segs[i].impossible))
    .filter((g) => g.length > 0);
}

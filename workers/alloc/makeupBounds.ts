// Lower bounds of the make-up objective, term by term: the peak any full placement reaches, the
// peak a placement with the fewest unassigned must reach, the flights too wide for any one
// resource, the flights crowded moments split (makeupCrowdedSplits.ts), and the split of each
// part's scalar MIP bound into the three terms (a term is proven only once the terms before it
// are tight).
import { maximalCliques } from './intervals';
import { type MakeupProblem, type MakeupScore, peakLoadOf, scoreMakeup, usableResources } from './makeupModel';
import { type MakeupWeights, type MipSettings, unassignedBound } from './makeupMip';
import type { Highs } from './mip';
import { crowdedSplits, dayNodeBudget } from './makeupCrowdedSplits';

/** Peak any full placement of the part must reach: widest segregation, and each moment's load spread over the resources it can use. */
export function averagePeak(problem: MakeupProblem, ids: readonly number[]): number {
  const { segs } = problem;
  let peak = 0;
  for (const i of ids) peak = Math.max(peak, segs[i].width);
  for (const clique of maximalCliques(segs, ids)) {
    const resources = new Set<number>();
    let load = 0;
    for (const i of clique) {
      load += segs[i].width;
      for (const r of usableResources(segs[i])) resources.add(r);
    }
    peak = Math.max(peak, Math.ceil(load / resources.size));
  }
  return peak;
}

/**
 * Turns each part's scalar bound into bounds on the three terms: a term is bounded only when the
 * terms before it are proven, because a worse earlier term could allow a better later one. The
 * peak has a second bound that needs only the unassigned count proven (`crowdedPeak`). The
 * crowded-moment questions stop once `timeUp` says the job's time is up, so the bound keeps the
 * job's time limit (questions not asked prove nothing).
 */
export function lexicographicBound(
  problem: MakeupProblem,
  parts: readonly number[][],
  resourceOf: Int32Array,
  bounds: readonly number[],
  weights: MakeupWeights,
  peakFloor: number,
  timeUp: () => boolean,
): MakeupScore {
  const eps = 1e-6;
  let unassigned = problem.segs.filter((s) => s.impossible).length;
  let split = 0;
  let peak = peakFloor;
  let crowded = 0;
  let unassignedTight = true;
  let splitTight = true;
  const nodes = dayNodeBudget(timeUp);
  parts.forEach((ids, k) => {
    const s = scoreMakeup(problem, resourceOf, ids);
    const d = bounds[k];
    const lbU = Math.min(s.unassigned, Math.max(0, Math.ceil((d - (weights.unassigned - 1)) / weights.unassigned - eps)));
    unassigned += lbU;
    if (lbU < s.unassigned) {
      unassignedTight = false;
      return;
    }
    crowded = Math.max(crowded, crowdedPeak(problem, ids, lbU));
    const rest = d - weights.unassigned * lbU;
    const fromMip = Math.ceil((rest - (weights.split - 1)) / weights.split - eps);
    // The crowded moments' search only where the cheaper bounds fall short.
    const cheap = Math.max(0, fromMip, forcedSplits(problem, ids, lbU));
    const lbS = Math.min(s.split_flights, cheap < s.split_flights ? Math.max(cheap, crowdedSplits(problem, ids, lbU, nodes)) : cheap);
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
    peak: unassignedTight ? Math.max(crowded, splitTight ? peak : peakFloor) : 0,
  };
}

/**
 * Flights every placement of a part leaving at most `left` segregations out must split. A flight
 * kept on one resource needs, for some resource r, every segregation that may not use r left
 * out, and enough of the others left out that the rest fit r's positions at once (each one left
 * out frees at most the widest's positions), the least of that over r being what the flight
 * needs. Flights that need none can stay whole; of the others, at most as many as the smallest
 * needs add up to within `left` can, so the rest are split.
 */
export function forcedSplits(problem: MakeupProblem, ids: readonly number[], left: number): number {
  const { segs } = problem;
  // A part holds all of a flight's placeable segregations.
  const flights = new Set(ids.map((i) => segs[i].flight));
  const needs = [...flights]
    .map((f) =>
      leftOutToKeepWhole(
        problem,
        problem.flightSegs[f].filter((i) => !segs[i].impossible),
      ),
    )
    .filter((n) => n > 0);
  needs.sort((a, b) => a - b);
  let whole = 0;
  for (let budget = left; whole < needs.length && needs[whole] <= budget; whole++) budget -= needs[whole];
  return needs.length - whole;
}

/** Fewest of a flight's segregations to leave out so that the rest fit on one resource (a lower bound). */
function leftOutToKeepWhole(problem: MakeupProblem, flight: readonly number[]): number {
  const { segs } = problem;
  if (flight.length < 2) return 0;
  const usable = (i: number) => usableResources(segs[i]);
  let fewest = Infinity;
  for (const r of new Set(flight.flatMap(usable))) {
    const fitting = flight.filter((i) => usable(i).includes(r));
    let crowded = 0;
    for (const clique of maximalCliques(segs, fitting)) {
      const load = clique.reduce((sum, i) => sum + segs[i].width, 0);
      const widest = Math.max(...clique.map((i) => segs[i].width));
      crowded = Math.max(crowded, Math.ceil(Math.max(0, load - problem.resources[r].positions) / widest));
    }
    fewest = Math.min(fewest, flight.length - fitting.length + crowded);
  }
  return fewest;
}

/**
 * The peak every placement of a part with its fewest unassigned must reach, when that fewest
 * (`left`) is proven and above zero. A segregation left out finds no resource it may use with
 * room for it throughout its window, or placing it would leave fewer out; so each such resource
 * carries at least its positions - width + 1 at once. The `left` segregations a placement leaves
 * out could be those for which that is least: the bound is the left-th smallest value.
 */
function crowdedPeak(problem: MakeupProblem, ids: readonly number[], left: number): number {
  if (left === 0) return 0;
  const values = ids.map((i) => leftOutPeak(problem, i)).sort((a, b) => a - b);
  return values[left - 1];
}

/** The load some resource of segregation `i` carries at once in a placement that leaves `i` out (see `crowdedPeak`). */
function leftOutPeak(problem: MakeupProblem, i: number): number {
  const s = problem.segs[i];
  return Math.max(...usableResources(s).map((r) => problem.resources[r].positions - s.width + 1));
}

/**
 * Whether every placement of a part leaving at most `left` segregations out loads some resource
 * with `peak` positions at once: the locked segregations alone do, or, with every resource held
 * to `peak` - 1 positions (a segregation wider than that placed nowhere), the pooled model
 * (`unassignedBound`) must leave more than `left` out. With `left` the part's unassigned count in
 * some placement, this bounds the peak of the lexicographic optimum, whose part leaves at most as
 * many out, whether or not `left` is proven minimal.
 */
export function peakForced(highs: Highs, problem: MakeupProblem, ids: readonly number[], left: number, peak: number, settings: MipSettings): boolean {
  const { segs } = problem;
  const cap = peak - 1;
  const lockedOn = new Map<number, number[]>();
  for (const i of ids) if (segs[i].lockedResource >= 0) lockedOn.set(segs[i].lockedResource, [...(lockedOn.get(segs[i].lockedResource) ?? []), i]);
  for (const list of lockedOn.values()) if (peakLoadOf(problem, list) > cap) return true;
  const held: MakeupProblem = {
    ...problem,
    resources: problem.resources.map((r) => ({ ...r, positions: Math.min(r.positions, cap) })),
    segs: segs.map((s) => (s.width <= cap ? s : { ...s, eligible: [] })),
  };
  return unassignedBound(highs, held, ids, settings).bound > left;
}

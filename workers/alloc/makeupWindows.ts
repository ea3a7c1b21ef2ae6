// The window searches of parts too large for the exact make-up MIP: the MIP re-solves one window
// of a part at a time, the rest of the part held where it is. `placeMore` places more around the
// unassigned segregations (the placement model); `improveLayout` then takes split flights and the
// peak (the full objective).
import type { MakeupProblem } from './makeupModel';
import { type MakeupObjective, type MakeupWeights, solveMakeupMip } from './makeupMip';
import type { Highs } from './mip';

/** Free segregations per window of the window search, and how far the next window moves on. */
const WINDOW = 40;
const STRIDE = 20;
/** Time limit of one window's MIP, seconds. */
const WINDOW_SECONDS = 2;
/**
 * First time limit of one placement window's MIP, seconds: the placement model is solved in well
 * under a second when it can place more, so a window that takes longer is left for the next one
 * (doubled once every window has been tried). Starting with 2 s, a part of one of bench:alloc's
 * generated days (1,000 departures, seed 6) tried three windows of 160 to 185 segregations, each
 * undecided at its limit, and ended one short of its proven minimum at 25 s; with 1 s it reached it.
 */
const PLACEMENT_WINDOW_SECONDS = 1;

export function withResources(base: Int32Array, segIds: readonly number[], resources: Int32Array): Int32Array {
  const out = Int32Array.from(base);
  segIds.forEach((i, j) => (out[i] = resources[j]));
  return out;
}

export interface WindowSearch {
  readonly highs: Highs;
  readonly problem: MakeupProblem;
  /** The part's segregations. */
  readonly ids: readonly number[];
  readonly chosen: Int32Array;
  readonly weights: MakeupWeights;
  readonly peakFloor: number;
  readonly left: () => number;
  readonly now: () => number;
  readonly adopt: (ids: readonly number[], candidate: Int32Array) => void;
}

/** A part too large for the exact MIP, searched window by window. */
export interface LargePart {
  /** Its index among the day's parts. */
  readonly k: number;
  /** Its segregations that are not locked. */
  readonly free: number[];
  /** Its proven fewest unassigned. */
  readonly target: number;
  /** The placement windows' MIP time limit, doubled while they stop at it (kept between rounds). */
  windowSeconds: number;
  /** Placement windows that cannot place more around the layout in hand; emptied when it changes. */
  readonly proven: Set<string>;
}

/** A large part before any window search: its placement windows start at the shortest limit. */
export const largePart = (k: number, free: number[], target: number): LargePart => ({
  k,
  free,
  target,
  windowSeconds: PLACEMENT_WINDOW_SECONDS,
  proven: new Set(),
});

export interface WindowOutcome {
  /** Whether the part's layout changed. */
  readonly changed: boolean;
  /** The MIP's proven lower bound on the window's objective (the placement model: its unassigned). */
  readonly bound: number;
}

export type WindowSolver = (search: WindowSearch, window: readonly number[], objective: MakeupObjective, seconds: number) => WindowOutcome;

/**
 * Re-solves one window of a large part with the exact MIP in at most `seconds`, the rest of the
 * part held where it is (what overlaps the window in time, and for the full objective the
 * window's flights), and keeps the result if the whole part scores better.
 */
function solveWindow(search: WindowSearch, window: readonly number[], objective: MakeupObjective, seconds = WINDOW_SECONDS): WindowOutcome {
  const { problem, ids, chosen } = search;
  const { segs } = problem;
  const inWindow = new Set(window);
  const flights = new Set(window.map((i) => segs[i].flight));
  let first = Infinity;
  let last = -Infinity;
  for (const i of window) {
    first = Math.min(first, segs[i].start);
    last = Math.max(last, segs[i].stop);
  }
  const held = ids.filter(
    (i) => !inWindow.has(i) && chosen[i] >= 0 && ((segs[i].start < last && first < segs[i].stop) || (objective === 'full' && flights.has(segs[i].flight))),
  );
  const before = Int32Array.from(chosen);
  const solved = solveMakeupMip(
    search.highs,
    problem,
    window,
    held,
    chosen,
    search.weights,
    search.peakFloor,
    { timeLimitS: Math.min(seconds, search.left()), relGap: 0.0001, now: search.now },
    objective,
  );
  if (solved.resources) search.adopt(ids, withResources(chosen, window, solved.resources));
  return { changed: chosen.some((r, i) => r !== before[i]), bound: solved.bound };
}

/**
 * Around each unassigned segregation, everything alive at the same time is re-solved with the
 * placement model (small and fast), pass after pass while it helps, until the part reaches its
 * target (its proven bound) or its time is up. A pass that places nothing more while some
 * window's MIP stopped at its time limit makes the limit twice as long: on a slower or busier
 * machine 1 s left every window of a part undecided, the part one short of its bound and most
 * of the placement time unused (bench:alloc's generator, 1,000 departures, seed 3: 35 against
 * 34 in every run).
 */
export function placeMore(search: WindowSearch, part: LargePart, solve: WindowSolver = solveWindow): void {
  const { segs } = search.problem;
  const sorted = [...part.free].sort((a, b) => segs[a].start - segs[b].start || a - b);
  const unassigned = () => sorted.filter((i) => search.chosen[i] < 0);
  const short = () => unassigned().length > part.target && search.left() > 0.2;
  const { proven } = part;
  for (let again = true; again && short();) {
    again = false;
    let cutOff = false;
    // Segregations with the same times share a window: each distinct one once per pass.
    const tried = new Set<string>();
    for (const i of unassigned()) {
      if (!short()) break;
      if (search.chosen[i] >= 0) continue;
      const window = sorted.filter((j) => segs[j].start < segs[i].stop && segs[i].start < segs[j].stop);
      const key = window.join(',');
      if (tried.has(key) || proven.has(key)) continue;
      tried.add(key);
      const out = window.filter((j) => search.chosen[j] < 0).length;
      const { changed, bound } = solve(search, window, 'placement', part.windowSeconds);
      if (changed) {
        again = true;
        tried.clear();
        proven.clear();
      } else if (bound > out - 1 + 1e-6) proven.add(key);
      else cutOff = true;
    }
    // Also when the time ran out mid-pass: a second round starts with the longer limit.
    if (!again && cutOff) {
      again = true;
      part.windowSeconds *= 2;
    }
  }
}

/**
 * With the full objective: first a window around each split flight (its segregations and
 * WINDOW others alive with them, nearest start first), then windows of WINDOW segregations in
 * start order, STRIDE apart, while a pass helps and time remains.
 */
export function improveLayout(search: WindowSearch, free: readonly number[]): void {
  const { problem, chosen } = search;
  const { segs } = problem;
  const sorted = [...free].sort((a, b) => segs[a].start - segs[b].start || a - b);
  const inPart = new Set(free);
  for (const list of problem.flightSegs) {
    if (search.left() <= 0.2) break;
    const own = list.filter((i) => inPart.has(i) && chosen[i] >= 0);
    if (new Set(own.map((i) => chosen[i])).size < 2) continue;
    const start = Math.min(...own.map((i) => segs[i].start));
    const stop = Math.max(...own.map((i) => segs[i].stop));
    const others = sorted
      .filter((j) => !own.includes(j) && segs[j].start < stop && start < segs[j].stop)
      .sort((a, b) => Math.abs(segs[a].start - start) - Math.abs(segs[b].start - start))
      .slice(0, WINDOW);
    solveWindow(search, [...own, ...others], 'full');
  }
  for (let improved = true; improved && search.left() > 0.2;) {
    improved = false;
    for (let from = 0; from < sorted.length && search.left() > 0.2; from += STRIDE) {
      if (solveWindow(search, sorted.slice(from, from + WINDOW), 'full').changed) improved = true;
      if (from + WINDOW >= sorted.length) break;
    }
  }
}

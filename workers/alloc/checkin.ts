// allocateCheckin: the check-in counter engine as one pure call. It reads an ACCAP instance or the
// product document (sizing each flight from its turn-up profile first), builds a greedy layout,
// improves it by ruin-and-recreate, then runs the exact MIP when the model is small enough for
// HiGHS, and reports the ACCAP objective with a proven lower bound.
import { isAccapInstance, parseAccapInstance, parseCheckinDocument } from './schema';
import {
  type CheckinProblem,
  type CheckinScore,
  compareCheckin,
  oneFreeRow,
  problemFromAccap,
  problemFromDocument,
  rowOfCounter,
  scoreCheckin,
} from './checkinModel';
import type { FlightSizing } from './checkinSizing';
import { greedyCheckin } from './checkinSearch';
import { checkinMipSize, solveCheckinMip } from './checkinMip';
import type { CpSolver } from './cp';
import type { Highs } from './mip';
import { depthSearch } from './checkinDepth';
import { maximalCliques } from './intervals';
import type { AllocOptions } from './makeup';
import { mulberry32 } from './random';

export interface CheckinResult {
  placements: {
    flight: string;
    row: string;
    first_counter: number;
    counters: number;
    /** Window of the block: ACCAP slots [start, end) or minutes of the day. */
    start: number;
    end: number;
    phase?: number;
  }[];
  unplaced: { flight: string; reason: 'no_row' | 'capacity'; phase?: number }[];
  /** ACCAP objective: max_counter plus the sum of the airline spreads (placed blocks). */
  objective: number;
  max_counter: number;
  /** Per airline: max over ordered pairs of distinct blocks of top counter minus first counter. */
  spread: Record<string, number>;
  /** Proven lower bound on `objective` (0 when the number unplaced is not proven minimal). */
  bound: number;
  gap: number;
  optimal: boolean;
  wall_ms: number;
  /** Counters per slot of each sized flight (product documents with passengers). */
  sizing?: FlightSizing[];
}

/** Largest MIP (non-zeros) handed to HiGHS; beyond it the WASM heap and the time limit do not fit. */
const MIP_NONZERO_LIMIT = 600_000;
/** Share of the time budget for ruin-and-recreate before the MIP. */
const SEARCH_SHARE = 0.4;
/**
 * With a constraint solver, ruin-and-recreate's share before the depth search takes the rest: on
 * the 2019 and 2022 instances the MIP's bound never rose above the combinatorial one, while the
 * depth search's proofs take most of a minute (instance5's three questions, 45 s).
 */
const SEARCH_SHARE_BEFORE_DEPTH = 0.1;
/**
 * Larger problems keep the whole time for ruin-and-recreate: on 500 flights the solver's
 * questions stay open and the search's time is worth more (measured with bench:alloc: 140
 * flights gained 20, 500 lost 43).
 */
const DEPTH_SEARCH_MAX_BLOCKS = 200;
/**
 * On the product's documents, the MIP's share of the time after the search, before the depth
 * search takes the rest (on the demo day the MIP proves the optimum in a few seconds).
 */
const MIP_SHARE_BEFORE_DEPTH = 0.6;

/** A layout (first counter per block, 0 unplaced), its score and a proven lower bound. */
interface Layout {
  best: CheckinScore;
  first: Int32Array;
  bound: number;
}

export interface CheckinOptions extends AllocOptions {
  seed?: number;
  /** A constraint solver for the depth search (checkinDepth.ts); without it, search and MIP only. */
  cp?: CpSolver;
}

export function allocateCheckin(input: unknown, options: CheckinOptions = {}): CheckinResult {
  const now = options.now ?? Date.now;
  const began = now();
  // 5% of the time is kept for building, disposing and reporting around the solver's own limit.
  const deadline = began + (options.timeLimitS ?? 30) * 950;
  const accap = isAccapInstance(input);
  const problem = accap ? problemFromAccap(parseAccapInstance(input)) : problemFromDocument(parseCheckinDocument(input));
  const report = options.onProgress ?? (() => undefined);

  report({ stage: 'greedy', done: 0, total: 1 });
  const search = greedyCheckin(problem);
  const random = mulberry32(options.seed ?? 1);
  const lower = lowerBounds(problem);
  const highs = options.highs;
  const cp = options.cp !== undefined && problem.blocks.length <= DEPTH_SEARCH_MAX_BLOCKS ? options.cp : null;
  // One row of free single blocks (the ACCAP instances): the depth search first, the MIP on what it
  // leaves. Rows, phases and locks (the product's documents): the MIP first, where it often
  // proves the optimum within seconds, and the depth search on what it leaves.
  const depthFirst = cp !== null && oneFreeRow(problem);
  const span = deadline - began;
  const searchShare = depthFirst ? SEARCH_SHARE_BEFORE_DEPTH : highs || cp ? SEARCH_SHARE : 1;
  const searched = search.improve(random, () => now() >= began + span * searchShare, lower.objective);
  let state: Layout = { best: searched, first: Int32Array.from(search.first), bound: searched.unplaced === 0 ? lower.objective : 0 };
  const open = () => now() < deadline && !(state.best.unplaced === 0 && state.best.objective <= state.bound);

  const byDepth = () => {
    if (!cp || !open() || state.best.unplaced > 0) return;
    report({ stage: 'mip', done: 0, total: 1 });
    state = depthSearch(problem, state, lower, cp, deadline, now);
  };
  const byMip = (until: number) => {
    if (!highs || !open()) return;
    report({ stage: 'mip', done: 0, total: 1 });
    state = improveByMip({ highs, problem, lower, accap, relGap: options.relGap ?? 0.0001, now }, state, until, () => {
      search.reset(state.first);
      const more = search.improve(random, () => now() >= until, lower.objective);
      return { best: more, first: Int32Array.from(search.first) };
    });
  };
  if (depthFirst) {
    byDepth();
    byMip(deadline);
  } else {
    byMip(cp ? now() + (deadline - now()) * MIP_SHARE_BEFORE_DEPTH : deadline);
    byDepth();
  }
  report({ stage: 'done', done: 1, total: 1 });
  return resultOf(problem, state, Math.round(now() - began));
}

/** The engine's answer: placements in row terms, the unplaced with their reason, score and proof. */
function resultOf(problem: CheckinProblem, layout: Layout, wallMs: number): CheckinResult {
  const { best, first } = layout;
  const bound = Math.min(layout.bound, best.objective);

  const placements: CheckinResult['placements'] = [];
  const unplaced: CheckinResult['unplaced'] = [];
  problem.blocks.forEach((b, i) => {
    const phase = b.phase === null ? {} : { phase: b.phase };
    if (first[i] > 0) {
      const row = problem.rows[rowOfCounter(problem, first[i])];
      placements.push({ flight: b.flight, row: row.id, first_counter: first[i] - row.offset, counters: b.width, start: b.from, end: b.to, ...phase });
    } else {
      const fits = b.rows.some((r) => problem.rows[r].size >= b.width);
      unplaced.push({ flight: b.flight, reason: fits ? 'capacity' : 'no_row', ...phase });
    }
  });
  const spread: Record<string, number> = {};
  problem.airlines.forEach((a, k) => (spread[a] = best.spread[k]));
  const unplacedProven = best.unplaced === 0 || bound > 0;
  return {
    placements,
    unplaced,
    objective: best.objective,
    max_counter: best.maxCounter,
    spread,
    bound,
    gap: best.objective > 0 ? (best.objective - bound) / best.objective : 0,
    optimal: unplacedProven && bound >= best.objective,
    wall_ms: wallMs,
    ...(problem.sizing.length ? { sizing: problem.sizing } : {}),
  };
}

interface MipStage {
  readonly highs: Highs;
  readonly problem: CheckinProblem;
  readonly lower: ReturnType<typeof lowerBounds>;
  readonly accap: boolean;
  readonly relGap: number;
  readonly now: () => number;
}

/**
 * The position-indexed MIP from the layout, until `until`, keeping what is better and the bound
 * it proves; a model too large for HiGHS hands the time to `searchMore` instead.
 */
function improveByMip(
  { highs, problem, lower, accap, relGap, now }: MipStage,
  layout: Layout,
  until: number,
  searchMore: () => { best: CheckinScore; first: Int32Array },
): Layout {
  let { best, first, bound } = layout;
  const limit = best.unplaced === 0 ? Math.min(problem.counters, best.objective - lower.spreadSum) : problem.counters;
  if (checkinMipSize(problem, limit) > MIP_NONZERO_LIMIT) {
    const more = searchMore();
    return compareCheckin(more.best, best) < 0 ? { ...more, bound } : layout;
  }
  const solved = solveCheckinMip(highs, problem, {
    limit,
    minMaxCounter: best.unplaced === 0 ? lower.maxCounter : 0,
    minSpread: best.unplaced === 0 ? lower.spread : lower.spread.map(() => 0),
    // An ACCAP row is as long as all blocks together, so everything always fits.
    allowUnplaced: !accap,
    mirror: accap,
    start: first,
    timeLimitS: (until - now()) / 1000,
    relGap,
    now,
  });
  if (solved.first) {
    const score = scoreCheckin(problem, solved.first);
    if (compareCheckin(score, best) < 0) {
      best = score;
      first = solved.first;
    }
  }
  const unplacedBound = Math.max(0, Math.ceil((solved.bound - (solved.weight - 1)) / solved.weight - 1e-6));
  if (unplacedBound >= best.unplaced) bound = Math.max(bound, Math.ceil(solved.bound - solved.weight * best.unplaced - 1e-6));
  return { best, first, bound };
}

/**
 * Bounds that hold whenever every block is placed: D is at least the busiest moment's demand;
 * an airline's spread is at least its own busiest moment's demand minus one when two of its
 * blocks are open together, and half the two widest blocks' combined width minus one.
 */
export function lowerBounds(problem: CheckinProblem): { maxCounter: number; spread: number[]; spreadSum: number; objective: number } {
  const { blocks } = problem;
  let maxCounter = 0;
  const spread = problem.airlines.map(() => 0);
  for (const clique of maximalCliques(
    blocks,
    blocks.map((_, i) => i),
  )) {
    let load = 0;
    const perAirline = new Map<number, [count: number, width: number]>();
    for (const b of clique) {
      load += blocks[b].width;
      const entry = perAirline.get(blocks[b].airline) ?? [0, 0];
      perAirline.set(blocks[b].airline, [entry[0] + 1, entry[1] + blocks[b].width]);
    }
    maxCounter = Math.max(maxCounter, load);
    for (const [a, [count, width]] of perAirline) if (count >= 2) spread[a] = Math.max(spread[a], width - 1);
  }
  problem.airlines.forEach((_, a) => {
    const widths = blocks
      .filter((b) => b.airline === a)
      .map((b) => b.width)
      .sort((x, y) => y - x);
    if (widths.length >= 2) spread[a] = Math.max(spread[a], Math.ceil((widths[0] + widths[1] - 2) / 2));
  });
  const spreadSum = spread.reduce((x, y) => x + y, 0);
  return { maxCounter, spread, spreadSum, objective: maxCounter + spreadSum };
}

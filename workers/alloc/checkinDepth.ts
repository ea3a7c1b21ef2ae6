// The depth search: exact improvement and proof for the check-in objective D + sum of spreads by
// a constraint solver (Chuffed through MiniZinc), one yes-or-no question at a time. "Is there a
// layout under `depth` counters whose airline spreads sum to at most `budget`?" Fixing the depth
// makes each question far easier than the whole minimisation: on the 2019 instances 5 and 6 a
// question is answered in one to thirty seconds; the minimisation found nothing below 104 on
// instance5 in a minute.
//
// Every layout of objective at most T has some depth D between the busiest moment's demand and
// T - (the spreads' lower bound), and its spreads sum to at most T - D; so when every question
// (D, T - D) over that range is refused, no layout reaches T, and the incumbent's T + 1 is proven.
// A question the solver cannot decide in its time leaves the proof open, never a wrong bound.
//
// The product's documents ask the same questions with their rows (a block lies inside one of its
// rows, numbered end to end), phases (a flight's blocks share their first counter) and locks.
import type { CpSolver } from './cp';
import { maximalCliques } from './intervals';
import { type CheckinProblem, type CheckinScore, oneFreeRow, scoreCheckin } from './checkinModel';

/** The question, in MiniZinc (written for this project from the ACCAP definition), without its search. */
const QUESTION = `
include "cumulative.mzn";
int: blocks;
int: groups;
int: airlines;
int: depth;
int: budget;
array[1..blocks] of int: start;
array[1..blocks] of int: stop;
array[1..blocks] of int: width;
array[1..blocks] of 1..airlines: airline;
% A flight placed phase by phase is a group: its blocks share their first counter.
array[1..blocks] of 1..groups: group;
array[1..groups] of int: reach;
% First counters that keep a group inside one of its rows, or its lock.
array[1..groups] of set of int: allowed;
array[1..airlines] of int: least_spread;
int: cliques;
array[1..cliques] of set of int: clique;
bool: mirror;
array[1..groups] of var 1..depth: at;
array[1..airlines] of var 0..depth: spread;
constraint sum(spread) <= budget;
constraint forall(a in 1..airlines)(spread[a] >= least_spread[a]);
constraint forall(g in 1..groups)(at[g] in allowed[g] /\\ at[g] + reach[g] - 1 <= depth);
% Blocks open at a common slot use different counters: the blocks of each set open together (a
% maximal clique of their times; every pair that meets is in one) as tasks of one machine along
% the counters. Chuffed's cumulative propagator then reasons about their total width against the
% depth, which is what makes refusals fast (instance3's four at 88: 110 s with pairwise
% disjunctions alone, 18 s with both, 16 s with this alone).
constraint forall(q in 1..cliques)(
  cumulative([at[group[i]] | i in clique[q]], [width[i] | i in clique[q]], [1 | i in clique[q]], 1));
% An airline's spread: the most any of its blocks reaches above the first counter of another.
constraint forall(i, j in 1..blocks where i != j /\\ airline[i] = airline[j])(
  spread[airline[i]] >= at[group[i]] + width[i] - 1 - at[group[j]]);
% On one row without locks or phases, a layout mirrored in [1, depth] has the same depth and
% spreads: the widest block takes the lower half.
int: widest = arg_max(reach);
constraint mirror -> 2 * at[widest] + reach[widest] - 1 <= depth + 1;
`;

/**
 * The question with each of its searches: widest block first, at its lowest counter or at its
 * highest; Chuffed's free search alternates each with its own. Placing the wide blocks first finds
 * the tight layouts near the optimum far sooner (2022's a12, 100 flights: its optimum's question
 * answered in 2.5 s instead of 24.5 s by the smallest domain first; 128's in 6.4 s instead of
 * 21.8 s); refusals take about as long either way. Which end first matters as much and no end
 * wins everywhere: a12's layout at depth 41 took 0.8 s from the lowest counter and 18.2 s from
 * the highest; a18's at depth 40, 77.6 s and 18.4 s. Asked side by side, the first answer counts.
 */
const MODELS = ['indomain_min', 'indomain_max'].map(
  (value) => `${QUESTION}solve :: int_search([at[g] | g in reverse(arg_sort(reach))], input_order, ${value}) satisfy;\n`,
);

/**
 * No question is started with less time than this: starting MiniZinc and flattening the model
 * alone take most of a second, so it could not be answered, and the engine would end late.
 */
const MIN_QUESTION_MS = 1000;

export interface DepthBounds {
  /** The busiest moment's demand: no layout is shallower. */
  readonly maxCounter: number;
  /** Per airline, a lower bound on its spread; and their sum. */
  readonly spread: readonly number[];
  readonly spreadSum: number;
}

export interface DepthResult {
  best: CheckinScore;
  first: Int32Array;
  /** Proven lower bound on the objective (the incumbent's when proven optimal). */
  bound: number;
}

/**
 * Improves `first` (a layout placing every block) question by question until the time is up or
 * its objective is proven optimal. Within one target the deepest question comes first: a layout
 * just under the incumbent's depth is the likeliest, and shallow questions are the hardest.
 */
export function depthSearch(
  problem: CheckinProblem,
  start: { best: CheckinScore; first: Int32Array; bound: number },
  lower: DepthBounds,
  solver: CpSolver,
  deadline: number,
  now: () => number,
): DepthResult {
  let { best, first, bound } = start;
  const base = {
    blocks: problem.blocks.length,
    airlines: problem.airlines.length,
    start: problem.blocks.map((b) => b.start),
    stop: problem.blocks.map((b) => b.stop),
    width: problem.blocks.map((b) => b.width),
    airline: problem.blocks.map((b) => b.airline + 1),
    least_spread: lower.spread,
    ...groupData(problem),
    ...cliqueData(problem),
  };
  search: while (bound < best.objective) {
    const target = best.objective - 1;
    let undecided = false;
    // No deeper than the row: a product document's island has its own length.
    for (let depth = Math.min(target - lower.spreadSum, problem.counters); depth >= lower.maxCounter; depth--) {
      const left = deadline - now();
      if (left < MIN_QUESTION_MS) return { best, first, bound };
      // Each question may take all the time left: a proof needs every answer at this target, so a
      // question cut short for the others' sake would lose it all the same.
      const answer = solver.satisfy(MODELS, { ...base, depth, budget: target - depth }, left);
      if (answer.status === 'satisfied') {
        const at = answer.values.at as number[];
        const found = Int32Array.from(problem.blocks, (b) => at[b.group]);
        const score = scoreCheckin(problem, found);
        if (score.unplaced > 0 || score.objective > target) throw new Error('the depth search read back a layout that does not answer its question');
        best = score;
        first = found;
        continue search;
      }
      // A broken solver keeps what it found; its adapter reports why (workers/cli/chuffed.ts).
      if (answer.status === 'failed') return { best, first, bound };
      if (answer.status === 'unknown') undecided = true;
    }
    if (!undecided) bound = best.objective;
    return { best, first, bound };
  }
  return { best, first, bound };
}

/** Groups, their reach and where each may start, 1-based for MiniZinc; whether mirroring holds. */
function groupData(problem: CheckinProblem) {
  const { blocks, groups, rows } = problem;
  const allowed = groups.map((g) => {
    const locked = g.blocks.map((i) => blocks[i].locked).find((c) => c > 0);
    if (locked !== undefined) return { set: [locked] };
    const starts = blocks[g.blocks[0]].rows.flatMap((r) => Array.from({ length: Math.max(0, rows[r].size - g.width + 1) }, (_, k) => rows[r].offset + 1 + k));
    return { set: starts };
  });
  return {
    groups: groups.length,
    group: blocks.map((b) => b.group + 1),
    reach: groups.map((g) => g.width),
    allowed,
    mirror: oneFreeRow(problem),
  };
}

/** The sets of blocks open together (maximal cliques of their intervals), 1-based for MiniZinc. */
function cliqueData(problem: CheckinProblem) {
  const cliques = maximalCliques(
    problem.blocks,
    problem.blocks.map((_, i) => i),
  ).filter((q) => q.length > 1);
  return { cliques: cliques.length, clique: cliques.map((q) => ({ set: q.map((i) => i + 1) })) };
}

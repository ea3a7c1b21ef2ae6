// The exact check-in placement model (position-indexed): binary x[b,c] starts block b at global
// counter c. No counter serves two blocks at once: one row per maximal time clique and counter,
// summing the x that cover that counter. D is at least every block's top counter; S[a] is at least
// top(f) - first(g) for every ordered pair of distinct blocks of airline a, through the integer
// first counter p_b = sum c x[b,c]. Objective: W * unplaced + D + sum S[a], the ACCAP objective
// behind a weight that makes placing a block worth more than any layout gain. The blocks of one
// group (a flight's phases) share their columns: one first counter, placed or not together.
import { maximalCliques } from './intervals';
import { MipBuilder, solveMip, type Highs } from './mip';
import type { CheckinProblem } from './checkinModel';

export interface CheckinMipInput {
  /** Highest global counter the model may use; every solution worth having fits below it. */
  readonly limit: number;
  /** Lower bounds: of D, and of each airline's spread. */
  readonly minMaxCounter: number;
  readonly minSpread: readonly number[];
  /** Whether blocks may stay unplaced (rows of limited size). */
  readonly allowUnplaced: boolean;
  /**
   * One row, no locks: mirroring a layout inside [1, D] keeps D and every spread, so the widest
   * block may be required to start in the lower half, which halves the search.
   */
  readonly mirror: boolean;
  readonly start: Int32Array;
  readonly timeLimitS: number;
  readonly relGap: number;
  readonly now: () => number;
}

/** Non-zeros the model would have: a guard so it is only built when HiGHS can take it. */
export function checkinMipSize(problem: CheckinProblem, limit: number): number {
  const ids = problem.blocks.map((_, i) => i);
  let size = 0;
  for (const clique of maximalCliques(problem.blocks, ids)) {
    for (const b of clique) size += problem.blocks[b].width * limit;
  }
  return size + 3 * ids.length * limit;
}

/** The model being built: its builder, the start it is given, and what every part reads. */
interface Model {
  readonly m: MipBuilder;
  /** The incumbent as a column start, filled in as columns are made. */
  readonly start: number[];
  readonly problem: CheckinProblem;
  /** Highest counter. */
  readonly K: number;
  readonly incumbent: Int32Array;
}

/** Per block, its group's columns: x (counter, column), p and the unplaced indicator u (-1: none). */
interface Placement {
  readonly x: [counter: number, col: number][][];
  readonly p: number[];
  readonly u: number[];
}

export function solveCheckinMip(highs: Highs, problem: CheckinProblem, input: CheckinMipInput): { first: Int32Array | null; bound: number; weight: number } {
  const { blocks } = problem;
  const weight = input.limit * (problem.airlines.length + 1) + 1;
  let widest = 0;
  blocks.forEach((b, i) => {
    if (b.width > blocks[widest].width) widest = i;
  });
  const incumbent = input.mirror ? lowerHalf(input.start, problem, widest) : input.start;
  const model: Model = { m: new MipBuilder(), start: [], problem, K: input.limit, incumbent };
  const placement = placementColumns(model, input.allowUnplaced ? weight : null);
  noOverlapRows(model, placement);
  const d = topCounterColumn(model, placement, input.minMaxCounter);
  if (input.mirror) model.m.row(-Infinity, 2 - blocks[widest].width, [placement.p[widest], d], [2, -1]);
  spreadColumns(model, placement, input.minSpread);

  const { m } = model;
  const outcome = solveMip(
    highs,
    { cost: m.cost, lower: m.lower, upper: m.upper, integer: m.integer, rows: m.rows },
    {
      timeLimitS: input.timeLimitS,
      relGap: input.relGap,
      now: input.now,
      presolve: false,
      start: model.start,
    },
  );
  const x = outcome.x;
  if (!x) return { first: null, bound: outcome.bound, weight };
  const first = Int32Array.from(blocks, (b, i) => {
    if (b.locked > 0) return b.locked;
    for (const [c, col] of placement.x[i]) if (x[col] > 0.5) return c;
    return 0;
  });
  return { first, bound: outcome.bound, weight };
}

/**
 * Per group: its first counter p, one x per counter it may start at (exactly one, or the unplaced
 * indicator, weighted by `unplacedWeight` per block, when blocks may stay unplaced), p = sum c x.
 * A locked group gets p fixed and nothing else.
 */
function placementColumns({ m, start, problem, K, incumbent }: Model, unplacedWeight: number | null): Placement {
  const placement: Placement = { x: [], p: [], u: [] };
  for (const group of problem.groups) {
    const i = group.blocks[0];
    const b = problem.blocks[i];
    const options: [number, number][] = [];
    const p = m.column(0, 0, K, false);
    let u = -1;
    if (b.locked > 0) {
      m.lower[p] = m.upper[p] = b.locked;
      start[p] = b.locked;
    } else {
      for (const r of b.rows) {
        const row = problem.rows[r];
        const last = Math.min(row.offset + row.size, K) - group.width + 1;
        for (let c = row.offset + 1; c <= last; c++) {
          const col = m.column(0, 0, 1, true);
          start[col] = incumbent[i] === c ? 1 : 0;
          options.push([c, col]);
        }
      }
      if (unplacedWeight !== null) {
        // Weighted by its blocks: the objective counts unplaced blocks, as the score does.
        u = m.column(unplacedWeight * group.blocks.length, 0, 1, false);
        start[u] = incumbent[i] > 0 ? 0 : 1;
      }
      start[p] = incumbent[i];
      const cols = options.map((o) => o[1]);
      const coefs = options.map(() => 1);
      if (u >= 0) {
        cols.push(u);
        coefs.push(1);
      }
      m.row(1, 1, cols, coefs);
      m.row(0, 0, [p, ...options.map((o) => o[1])], [1, ...options.map((o) => -o[0])]);
    }
    for (const k of group.blocks) {
      placement.x[k] = options;
      placement.p[k] = p;
      placement.u[k] = u;
    }
  }
  return placement;
}

/** Per maximal time clique and counter: at most one block covers it, none where one is locked. */
function noOverlapRows({ m, problem, K }: Model, placement: Placement): void {
  const { blocks } = problem;
  for (const clique of maximalCliques(
    blocks,
    blocks.map((_, i) => i),
  )) {
    const lockedAt = new Uint8Array(K + 2);
    for (const b of clique) {
      if (blocks[b].locked > 0) for (let k = blocks[b].locked; k < blocks[b].locked + blocks[b].width && k <= K; k++) lockedAt[k] = 1;
    }
    for (let k = 1; k <= K; k++) {
      const cols: number[] = [];
      for (const b of clique) {
        for (const [c, col] of placement.x[b]) if (c <= k && k < c + blocks[b].width) cols.push(col);
      }
      if (cols.length > 1 || (cols.length === 1 && lockedAt[k]))
        m.row(
          -Infinity,
          lockedAt[k] ? 0 : 1,
          cols,
          cols.map(() => 1),
        );
    }
  }
}

/** D, at least every group's top counter (a locked one's as a bound); answers its column. */
function topCounterColumn({ m, start, problem, K, incumbent }: Model, placement: Placement, minMaxCounter: number): number {
  const { blocks } = problem;
  let startMax = 0;
  blocks.forEach((b, i) => {
    if (incumbent[i] > 0) startMax = Math.max(startMax, incumbent[i] + b.width - 1);
  });
  const d = m.column(1, minMaxCounter, K, false);
  start[d] = startMax;
  problem.groups.forEach((group) => {
    const i = group.blocks[0];
    if (blocks[i].locked > 0) {
      m.lower[d] = Math.max(m.lower[d], blocks[i].locked + group.width - 1);
      return;
    }
    m.row(0, Infinity, [d, ...placement.x[i].map((o) => o[1])], [1, ...placement.x[i].map((o) => -(o[0] + group.width - 1))]);
  });
  return d;
}

/**
 * Spread: S[a] >= top(f) - first(g) over ordered pairs of distinct blocks; between two groups
 * only the wider's widest block counts, within a group of several blocks S >= its width - 1.
 */
function spreadColumns({ m, start, problem, K, incumbent }: Model, placement: Placement, minSpread: readonly number[]): void {
  const { blocks, groups } = problem;
  const { p: pCol, u: uCol } = placement;
  const members = problem.airlines.map((): number[] => []);
  groups.forEach((group, g) => members[blocks[group.blocks[0]].airline].push(g));
  members.forEach((list, a) => {
    const blockCount = list.reduce((n, g) => n + groups[g].blocks.length, 0);
    if (blockCount < 2) return;
    const s = m.column(1, minSpread[a], K, false);
    let startSpread = 0;
    for (const f of list) {
      const group = groups[f];
      const F = group.blocks[0];
      if (group.blocks.length > 1) {
        // S >= w - 1 while the group is placed.
        if (uCol[F] >= 0) m.row(group.width - 1, Infinity, [s, uCol[F]], [1, group.width - 1]);
        else m.lower[s] = Math.max(m.lower[s], group.width - 1);
        if (incumbent[F] > 0) startSpread = Math.max(startSpread, group.width - 1);
      }
      for (const g of list) {
        if (f === g) continue;
        const G = groups[g].blocks[0];
        const wf = group.width;
        // S >= p_f + w_f - 1 - p_g, switched off (by K) when f or g stays unplaced.
        const cols = [s, pCol[F], pCol[G]];
        const coefs = [1, -1, 1];
        for (const u of [uCol[F], uCol[G]]) {
          if (u >= 0) {
            cols.push(u);
            coefs.push(K);
          }
        }
        m.row(wf - 1, Infinity, cols, coefs);
        if (incumbent[F] > 0 && incumbent[G] > 0) startSpread = Math.max(startSpread, incumbent[F] + wf - 1 - incumbent[G]);
      }
    }
    start[s] = startSpread;
  });
}

/** The layout or its mirror image in [1, D], whichever starts `widest` in the lower half. */
function lowerHalf(first: Int32Array, problem: CheckinProblem, widest: number): Int32Array {
  let top = 0;
  problem.blocks.forEach((b, i) => (top = Math.max(top, first[i] + b.width - 1)));
  const w = problem.blocks[widest].width;
  if (2 * first[widest] - top <= 2 - w) return first;
  return Int32Array.from(first, (f, i) => (f > 0 ? top - f - problem.blocks[i].width + 2 : 0));
}

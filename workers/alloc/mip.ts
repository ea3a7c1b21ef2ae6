// The one place that talks to HiGHS. Engines describe a MIP as plain rows and columns; this
// builds the sparse model directly (no LP text, so no line-length limit), seeds the greedy
// solution as a start, solves with a time limit and a gap, and always disposes the native model.
// The HiGHS runtime is passed in, so the same code runs in node, a browser worker and tests.
import type { Highs } from 'highs';
import { AllocError } from './errors';

export type { Highs };

export interface MipRow {
  readonly lower: number;
  readonly upper: number;
  readonly cols: readonly number[];
  readonly coefs: readonly number[];
}

export interface MipProblem {
  readonly cost: readonly number[];
  readonly lower: readonly number[];
  readonly upper: readonly number[];
  readonly integer: readonly boolean[];
  readonly rows: readonly MipRow[];
  readonly offset?: number;
}

export interface MipSettings {
  readonly timeLimitS: number;
  readonly relGap: number;
  /** A feasible solution (usually the greedy one): HiGHS starts from it. */
  readonly start?: readonly number[];
  readonly onProgress?: (p: { objective: number; bound: number }) => void;
  /** Milliseconds clock, to stop on time inside LP solves where HiGHS does not look at its limit. */
  readonly now: () => number;
  /**
   * HiGHS presolve cannot be interrupted; on the check-in model it ran for seconds past the time
   * limit (accap a18: 11 s asked, 16 s taken), so that model turns it off.
   */
  readonly presolve?: boolean;
}

export interface MipOutcome {
  /** Column values of the best solution found, or null when none was found. */
  readonly x: Float64Array | null;
  readonly objective: number;
  /** Proven lower bound on the objective (minimisation). */
  readonly bound: number;
}

/** Adds a column and returns its index; keeps the four column arrays in step. */
export class MipBuilder {
  readonly cost: number[] = [];
  readonly lower: number[] = [];
  readonly upper: number[] = [];
  readonly integer: boolean[] = [];
  readonly rows: MipRow[] = [];
  column(cost: number, lower: number, upper: number, integer: boolean): number {
    this.cost.push(cost);
    this.lower.push(lower);
    this.upper.push(upper);
    this.integer.push(integer);
    return this.cost.length - 1;
  }
  row(lower: number, upper: number, cols: number[], coefs: number[]): void {
    if (cols.length > 0) this.rows.push({ lower, upper, cols, coefs });
  }
}

export function solveMip(highs: Highs, problem: MipProblem, settings: MipSettings): MipOutcome {
  const numCols = problem.cost.length;
  const numRows = problem.rows.length;
  let nonZeros = 0;
  for (const row of problem.rows) nonZeros += row.cols.length;
  const starts = new Int32Array(numRows + 1);
  const indices = new Int32Array(nonZeros);
  const values = new Float64Array(nonZeros);
  const rowLower = new Float64Array(numRows);
  const rowUpper = new Float64Array(numRows);
  let at = 0;
  problem.rows.forEach((row, r) => {
    starts[r] = at;
    rowLower[r] = row.lower === -Infinity ? -highs.infinity : row.lower;
    rowUpper[r] = row.upper === Infinity ? highs.infinity : row.upper;
    for (let k = 0; k < row.cols.length; k++) {
      indices[at] = row.cols[k];
      values[at] = row.coefs[k];
      at++;
    }
  });
  starts[numRows] = at;
  const model = highs.createModel({
    numCols,
    numRows,
    offset: problem.offset ?? 0,
    colCost: problem.cost,
    colLower: problem.lower,
    colUpper: problem.upper.map((u) => (u === Infinity ? highs.infinity : u)),
    rowLower,
    rowUpper,
    matrix: { format: 'csr', numRows, numCols, starts, indices, values },
    integrality: Int32Array.from(problem.integer, (isInt) => (isInt ? 1 : 0)),
  });
  try {
    model.options.set({
      output_flag: false,
      log_to_console: false,
      time_limit: Math.max(0.05, settings.timeLimitS),
      mip_rel_gap: settings.relGap,
      presolve: settings.presolve === false ? 'off' : 'choose',
    });
    if (settings.start) model.setSolution({ colValue: settings.start });
    const report = settings.onProgress;
    const stopAt = settings.now() + settings.timeLimitS * 1000;
    let lastReport = 0;
    // HiGHS looks at its own time limit only between some phases (a root LP can run far past
    // it), so every interrupt channel also stops the solve at the deadline.
    const onTime = (event: { interrupt(): void }): undefined => {
      if (settings.now() >= stopAt) event.interrupt();
      return undefined;
    };
    model.run({
      [highs.constants.callbackType.simplexInterrupt]: onTime,
      [highs.constants.callbackType.ipmInterrupt]: onTime,
      [highs.constants.callbackType.mipInterrupt](event) {
        onTime(event);
        const t = event.data.running_time ?? 0;
        if (!report || t - lastReport < 0.5) return;
        lastReport = t;
        report({ objective: event.data.mip_primal_bound ?? Infinity, bound: event.data.mip_dual_bound ?? -Infinity });
      },
    });
    const status = model.getModelStatus();
    const hasSolution = Number(model.info.get('primal_solution_status')) === 2;
    const objective = hasSolution ? model.getObjectiveValue() : Infinity;
    let bound = Number(model.info.get('mip_dual_bound'));
    if (!Number.isFinite(bound)) bound = -Infinity;
    if (status === highs.constants.modelStatus.infeasible) {
      throw new AllocError('solver_failed', '', 'the MIP was reported infeasible although a start solution exists');
    }
    return { x: hasSolution ? model.getSolution().colValue : null, objective, bound };
  } finally {
    model.dispose();
  }
}

// The allocation jobs: plan from the scenario, solve in an engine thread with the solver's
// progress reported, write the answer back. The engine's own refusal of a document (its typed
// error, naming the field) fails the job with the engine's words; anything else is a fault,
// logged by the job runner and reported with a reference.
import { ApiError } from '../../errors';
import { Comlink, isEngineRefusal, withAllocationThread } from '../../engines/runInThread';
import { planMakeup, writeMakeup } from '../../allocation/makeup';
import { DEFAULT_CHECKIN_SETTINGS, planCheckin } from '../../allocation/checkin';
import { writeCheckin } from '../../allocation/checkinWrite';
import { describeCheckin } from '../../allocation/checkinReport';
import type { AllocProgress } from '../../../workers/alloc/makeup';
import type { JobContext, JobHandler } from '../types';
import type { Transaction } from '../../db/database';
import { requireRunning } from '../cancel';

const SOLVE_SHARE = 85;
const TICK_MS = 1_000;

/**
 * The solver's progress: its parts done, and between them the time spent against the time limit
 * (a long part would otherwise leave the bar still for most of the run).
 */
async function solveWithProgress<T>(
  ctx: JobContext,
  what: string,
  timeLimitS: number,
  run: (onProgress: ReturnType<typeof Comlink.proxy<(p: AllocProgress) => void>>) => Promise<T>,
): Promise<T> {
  const started = Date.now();
  let parts = 0;
  let stage = 'starting';
  const report = () => {
    const elapsed = (Date.now() - started) / 1000;
    const share = Math.max(parts, Math.min(0.99, elapsed / timeLimitS));
    void ctx.progress(5 + SOLVE_SHARE * share, `${what}: ${stage} · ${Math.round(elapsed)} s of at most ${timeLimitS} s`);
  };
  const tick = setInterval(report, TICK_MS);
  try {
    return await solve(() =>
      run(
        Comlink.proxy((p: AllocProgress) => {
          parts = p.total ? p.done / p.total : 0;
          stage = `${p.stage === 'mip' ? 'optimising' : p.stage} (${p.done} of ${p.total} parts)`;
          report();
        }),
      ),
    );
  } finally {
    clearInterval(tick);
  }
}

/** The write's guard: nothing is saved for a job cancelled meanwhile. */
const stillRunning = (ctx: JobContext) => (tx: Transaction) => requireRunning(tx, ctx.jobId);

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

async function solve<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isEngineRefusal(error)) throw new ApiError(422, 'allocation_refused', `The allocation could not run: ${error.message}`);
    throw error;
  }
}

export const allocateMakeupJob: JobHandler = async (ctx) => {
  const { db, scenarioId, params } = ctx;
  const plan = await planMakeup(db, scenarioId, Number(params.buffer_minutes ?? 5));
  await ctx.progress(5, `Allocating ${plan.document.segregations.length} segregations to ${plan.document.resources.length} make-up resources`);
  const timeLimitS = Number(params.time_limit_s ?? 30);
  const result = await solveWithProgress(ctx, 'Make-up', timeLimitS, (onProgress) =>
    withAllocationThread((api) => api.makeup(plan.document, { timeLimitS }, onProgress)),
  );
  await ctx.progress(92, 'Saving baggage allocations');
  const rows = await writeMakeup(db, scenarioId, plan, result, stillRunning(ctx));
  return {
    segregations: plan.document.segregations.length,
    assigned: result.assignments.length,
    unassigned: result.unassigned.length,
    unassigned_by_reason: countBy(result.unassigned.map((u) => u.reason)),
    unassigned_segregations: result.unassigned.slice(0, 200).map((u) => ({ segregation_id: Number(u.segregation), reason: u.reason })),
    rows_written: rows,
    objective: result.objective,
    bound: result.bound,
    // Each term's own gap (issue 14): the weighted gap is all about the unplaced segregations.
    term_gaps: termGaps(result.objective, result.bound),
    gap: result.gap,
    optimal: result.optimal,
    wall_ms: result.wall_ms,
  };
};

/** Per objective term, (value - bound) / value: 0 where it is proven (or nothing to do). */
function termGaps<K extends string>(objective: Record<K, number>, bound: Record<K, number>): Record<K, number> {
  const keys = Object.keys(objective) as K[];
  return Object.fromEntries(keys.map((k) => [k, objective[k] > 0 ? Math.max(0, (objective[k] - bound[k]) / objective[k]) : 0])) as Record<K, number>;
}

/** A constraint solver that broke down: logged, while the job goes on with the other methods' layout. */
const logSolverError = (ctx: JobContext) => (message: string) =>
  ctx.log.error({ jobId: ctx.jobId, scenarioId: ctx.scenarioId }, `check-in allocation went on without its constraint solver: ${message}`);

export const allocateCheckinJob: JobHandler = async (ctx) => {
  const { db, scenarioId, params } = ctx;
  const plan = await planCheckin(db, scenarioId, {
    maxQueueMinutes: Number(params.max_queue_minutes ?? DEFAULT_CHECKIN_SETTINGS.maxQueueMinutes),
    serviceLevel: Number(params.service_level ?? DEFAULT_CHECKIN_SETTINGS.serviceLevel),
    countersPer: params.counters_per === 'flight' ? 'flight' : 'airline',
    sizing: params.sizing === 'simulation' ? 'simulation' : 'rule',
  });
  if (!plan.document.rows.length) {
    throw new ApiError(422, 'no_counters', 'The scenario has no check-in counters: add full-service or bag-drop resources to a check-in zone.');
  }
  const what =
    plan.countersPer === 'airline' ? `${plan.owners.size} airline check-in windows (${plan.departures} departures)` : `${plan.owners.size} departures`;
  await ctx.progress(5, `Sizing and placing ${what} on ${plan.document.rows.length} rows of counters`);
  const timeLimitS = Number(params.time_limit_s ?? 30);
  const result = await solveWithProgress(ctx, 'Check-in', timeLimitS, (onProgress) =>
    withAllocationThread((api) => api.checkin(plan.document, { timeLimitS }, onProgress, Comlink.proxy(logSolverError(ctx)))),
  );
  await ctx.progress(92, 'Saving counter allocations');
  const rows = await writeCheckin(db, scenarioId, plan, result, stillRunning(ctx));
  return describeCheckin(plan, result, rows);
};

// The sizing job (issue 12): the engine's search for the fewest positions per period that keep
// every check-in group and checkpoint of the document within its target, run in this process
// while the parts of each depth run as jobs on every worker sharing the queue (server/sizing/
// batchJobs.ts). The plan is saved with the scenario in the transaction that writes the job's
// result; a cancelled job stops when the parts under way end and saves nothing.
import { and, eq } from 'drizzle-orm';
import { jobs, sizingPlans } from '../../db/schema';
import { ApiError } from '../../errors';
import { batchJobs, partsOf } from '../../sizing/batchJobs';
import { cancelJobs } from '../cancel';
import type { JobContext, JobHandler } from '../types';
import { SimError } from '../../../workers/sim/errors';
import { prepareSizing } from '../../../workers/sim/sizing/problem';
import { sizeToTarget } from '../../../workers/sim/sizing/search';
import type { SizingOutput } from '../../../workers/sim/sizing/types';

/**
 * Parts a depth is split into at most: enough for several worker processes of a few threads to
 * share it (a part's outcome never depends on how the depth was split).
 */
const SEARCH_PARTS = 8;
const POLL_MS = 150;

type SizeJobParams = { document: Record<string, unknown>; name: string; settings: Record<string, unknown> };

function problemOf(document: unknown) {
  try {
    return prepareSizing(document);
  } catch (error) {
    if (error instanceof SimError) throw new ApiError(422, 'sizing_refused', `The sizing could not run: ${error.message}`);
    throw error;
  }
}

async function savePlan(ctx: JobContext, params: SizeJobParams, output: SizingOutput, workers: Record<string, number>) {
  return ctx.db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(sizingPlans)
      .values({ scenario_id: ctx.scenarioId, name: params.name, settings: params.settings, plan: output as unknown as Record<string, unknown> })
      .returning({ id: sizingPlans.id });
    const result = { plan_id: plan.id, replications: output.replications, parts: Object.values(workers).reduce((a, n) => a + n, 0), workers };
    // Only while the job is still running: a plan of a cancelled job is not saved.
    const running = await tx
      .update(jobs)
      .set({ result })
      .where(and(eq(jobs.id, ctx.jobId), eq(jobs.status, 'running')))
      .returning({ id: jobs.id });
    if (!running.length) throw new SimError('cancelled', 'sizing cancelled');
    return result;
  });
}

export const sizeToTargetJob: JobHandler = async (ctx) => {
  const params = ctx.params as SizeJobParams;
  const problem = problemOf(params.document);
  // Parts an earlier attempt of this job left (its worker died) are not waited for.
  await cancelJobs(ctx.db, partsOf(ctx.jobId));
  await ctx.progress(1, `Sizing ${problem.sized.length} queues and checkpoints`);
  const parts = batchJobs(ctx, { pollMs: POLL_MS });
  let output: SizingOutput;
  try {
    output = await sizeToTarget(problem, {
      evaluate: parts.evaluate,
      parts: SEARCH_PARTS,
      signal: parts.signal,
      onProgress: (fraction, message) => void ctx.progress(1 + 98 * fraction, message),
      clock: () => performance.now(),
    });
  } finally {
    await parts.close();
  }
  return savePlan(ctx, params, output, parts.workers);
};

// The demo scenario's preparation on a first start: import rules, segregations, then (unless
// turned off) its make-up and check-in allocations as ordinary jobs, so the planner who signs in
// meanwhile sees the demo being prepared (projects screen, jobs panel) and the log tells it too.
import { prepareJfkDesignDay } from '../../seed/jfkDesignDay';
import type { JobHandler } from '../types';
import { JOB_KINDS } from '../kinds';

export const DEMO_ALLOCATIONS = [JOB_KINDS.allocateMakeup, JOB_KINDS.allocateCheckin];

export const prepareDemo: JobHandler = async (ctx) => {
  const { log, scenarioId } = ctx;
  log.info({ scenarioId }, 'Demo data: applying the import rules and generating segregations (step 1 of 2)');
  await prepareJfkDesignDay(ctx);
  if (ctx.params.allocations !== true) {
    log.info({ scenarioId }, 'Demo data ready');
    return { allocations: [] };
  }
  // The allocations are jobs of their own, shown as such; the demo status follows them.
  const queued = [];
  for (const kind of DEMO_ALLOCATIONS) queued.push((await ctx.enqueue(kind, { time_limit_s: 15 })).id);
  log.info({ scenarioId, jobs: queued }, 'Demo data: flights ready; allocating make-up and check-in (step 2 of 2)');
  return { allocations: queued };
};

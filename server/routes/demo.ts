// GET /api/demo/status/: how far the demo's preparation has come on a first start (its flights,
// then its allocations, all ordinary jobs), for the projects screen. Read from the jobs table, so
// any API process answers it.
import { z } from 'zod';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobs, scenarios } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { scenarioRole } from '../access/roles';
import { JOB_KINDS } from '../jobs/kinds';
import { DEMO_ALLOCATIONS } from '../jobs/handlers/prepareDemo';
import { bearerSecurity, errorResponses } from './schemas';

const DemoStatusSchema = z
  .object({
    status: z.enum(['none', 'preparing', 'ready', 'failed']).describe("'none': no demo this user can see"),
    project_id: z.number().int().nullable(),
    scenario_id: z.number().int().nullable(),
    progress: z.number().int().describe('0 to 100 over every step'),
    message: z.string(),
  })
  .meta({ id: 'DemoStatus' });

type JobRow = typeof jobs.$inferSelect;

const STEP_NAMES: Record<string, string> = {
  [JOB_KINDS.prepareDemo]: 'Preparing the flights',
  [JOB_KINDS.allocateMakeup]: 'Allocating make-up positions',
  [JOB_KINDS.allocateCheckin]: 'Allocating check-in counters',
};

const ended = (job: JobRow) => job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled';

/** The demo's state from its preparation job and the allocation jobs it queued. */
function demoState(preparation: JobRow, steps: JobRow[]) {
  const expected = preparation.params.allocations === true ? 1 + DEMO_ALLOCATIONS.length : 1;
  const progress = Math.round(steps.reduce((sum, job) => sum + (ended(job) ? 100 : job.progress), 0) / expected);
  const failed = steps.find((job) => job.status === 'failed');
  if (failed) return { status: 'failed' as const, progress, message: `${STEP_NAMES[failed.kind]} failed: ${failed.error ?? 'no reason given'}` };
  const current = steps.find((job) => !ended(job));
  if (!current && steps.length >= expected) return { status: 'ready' as const, progress: 100, message: 'The demo is ready' };
  const step = current ?? preparation;
  return { status: 'preparing' as const, progress, message: `${STEP_NAMES[step.kind]} (step ${steps.indexOf(step) + 1} of ${expected}): ${step.message}` };
}

const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/demo/status/', {
    schema: {
      tags: ['demo'],
      security: bearerSecurity,
      summary: "How far the demo project's preparation has come (first start)",
      response: { 200: DemoStatusSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const none = { status: 'none' as const, project_id: null, scenario_id: null, progress: 0, message: '' };
      const [preparation] = await app.db.select().from(jobs).where(eq(jobs.kind, JOB_KINDS.prepareDemo)).orderBy(desc(jobs.id)).limit(1);
      if (!preparation || !(await scenarioRole(app.db, currentUser(request), preparation.scenario_id))) return none;
      const [scenario] = await app.db.select({ project_id: scenarios.project_id }).from(scenarios).where(eq(scenarios.id, preparation.scenario_id));
      if (!scenario) return none;
      const queued = (preparation.result?.allocations ?? []) as number[];
      const allocations = queued.length ? await app.db.select().from(jobs).where(inArray(jobs.id, queued)).orderBy(jobs.id) : [];
      const steps = [preparation, ...allocations];
      return { ...demoState(preparation, steps), project_id: scenario.project_id, scenario_id: preparation.scenario_id };
    },
  });
};

export default demoRoutes;

// Facility requirements plans of a scenario (issue 12): saved sizing answers, listed, opened,
// saved from the browser's quick sizing, deleted, and applied (at most one per scenario: the
// check-in allocation with sizing=simulation and the simulation's security lanes follow it).
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sizingPlans } from '../db/schema';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole } from '../access/roles';
import { notFound, type FieldErrors } from '../errors';
import type { ResourceSpec } from './scenarioRows';
import { registerScenarioResource } from './scenarioResource';
import { toDto } from './scenarioRows';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery, name } from './fields';

/** The parts of a plan the product reads: each station's servers per period, and the period. */
const stationShape = z.object({
  servers: z.array(z.number().int().min(0).max(10_000)).min(1).max(2_880),
  period_minutes: z.number().int().min(1).max(1_440),
});
const planShape = z.object({ stations: z.record(z.string().max(500), stationShape), origin_minute: z.number().int().min(-10_080).max(10_080).optional() });

/** Field errors of a plan that the allocation and the simulation could not read. */
function planErrors(row: Record<string, unknown>): FieldErrors {
  const parsed = planShape.safeParse(row.plan);
  if (parsed.success) return {};
  const issue = parsed.error.issues[0];
  return { plan: [`${['plan', ...issue.path].join('.')}: ${issue.message}`] };
}

export const sizingPlansResource: ResourceSpec = {
  path: 'sizing-plans/',
  table: sizingPlans,
  name: 'SizingPlan',
  tag: 'sizing-plans',
  fields: z.object({
    name,
    settings: z.record(z.string(), z.unknown()).optional().describe('Share within target, planning period and targets the plan was sized for'),
    plan: z.record(z.string(), z.unknown()).describe("The sizing engine's answer: stations with servers per period"),
  }),
  outputExtra: { applied: z.boolean().describe('The plan the check-in allocation (sizing=simulation) and the security lanes follow') },
  validate: (_ex, _scenario, row) => planErrors(row),
  orderBy: [sizingPlans.created_at],
};

const sizingPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  registerScenarioResource(app, sizingPlansResource);

  app.post('/sizing-plans/:id/apply/', {
    schema: {
      tags: ['sizing-plans'],
      security: bearerSecurity,
      summary: "Make this plan the scenario's applied one (the previous one is no longer applied)",
      params: z.object({ id: idQuery }),
      response: { 200: z.record(z.string(), z.unknown()), ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      const [plan] = await app.db.select({ scenario_id: sizingPlans.scenario_id }).from(sizingPlans).where(eq(sizingPlans.id, request.params.id));
      if (!plan) throw notFound();
      await requireScenarioRole(app.db, currentUser(request), plan.scenario_id, 'editor');
      const applied = await app.db.transaction(async (tx) => {
        await tx
          .update(sizingPlans)
          .set({ applied: false })
          .where(and(eq(sizingPlans.scenario_id, plan.scenario_id), eq(sizingPlans.applied, true)));
        const [row] = await tx.update(sizingPlans).set({ applied: true }).where(eq(sizingPlans.id, request.params.id)).returning();
        return row;
      });
      return toDto(applied);
    },
  });
};

export default sizingPlansRoutes;

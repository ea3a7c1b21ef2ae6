// The calls that act on a whole scenario: load the default rule sets, apply the flight import
// rules, generate segregations, and run the make-up and check-in allocations. All but the
// defaults run as jobs (they touch every flight); the call answers the queued job at once. What
// each job would replace is said beforehand by jobPreviews.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../db/database';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole } from '../access/roles';
import { createDefaultBagsRules, createDefaultImportRules, createDefaultSegregationRules } from '../rules/defaults';
import { JOB_KINDS } from '../jobs/handlers';
import { toDto } from './scenarioRows';
import { JobSchema } from './jobs';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery } from './fields';
import { CHECKIN_SIZING, COUNTERS_PER } from '../allocation/checkin';
import { appliedPlan } from '../allocation/checkinFromPlan';

const scenarioQuery = z.object({ scenario_id: idQuery });
const timeLimit = z.coerce.number().min(1, 'At least 1 second.').max(600, 'At most 600 seconds.').optional();
const security = bearerSecurity;
export const countersPerQuery = z
  .enum(COUNTERS_PER, "Must be 'airline' or 'flight'.")
  .optional()
  .describe(
    "'airline' (default): one block of counters per airline over each cluster of its overlapping flight windows, following demand; 'flight': one block per departure over its window",
  );

const ruleActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const defaults: Array<[string, string, (ex: Executor, scenarioId: number) => Promise<Array<Record<string, unknown>>>]> = [
    ['rules/segregation-rules/default/', 'segregation-rules', createDefaultSegregationRules],
    ['rules/bagsperallocation-rules/default/', 'bags-per-allocation-rules', createDefaultBagsRules],
    ['rules/flight-import/default/', 'flight-import-rules', createDefaultImportRules],
  ];
  for (const [path, tag, create] of defaults) {
    app.post(`/${path}`, {
      schema: {
        tags: [tag],
        security,
        summary: 'Give the scenario the default rule set (refused when it already has rules)',
        querystring: scenarioQuery,
        response: { 201: z.array(z.record(z.string(), z.unknown())), ...errorResponses },
      },
      preHandler: requireUser(),
      handler: async (request, reply) => {
        const scenarioId = request.query.scenario_id;
        await requireScenarioRole(app.db, currentUser(request), scenarioId, 'editor');
        const rows = await app.db.transaction((tx) => create(tx, scenarioId));
        return reply.code(201).send(rows.map(toDto));
      },
    });
  }

  const jobCalls: Array<[string, string, string, string, z.ZodObject]> = [
    [
      'rules/flight-import/apply/',
      'flight-import-rules',
      JOB_KINDS.applyImportRules,
      "Apply the scenario's flight import rules to its flights (a job)",
      scenarioQuery,
    ],
    [
      'allocation/generate/segregations/',
      'segregations',
      JOB_KINDS.generateSegregations,
      "Generate every departure's segregations and bags from the rules (a job)",
      scenarioQuery,
    ],
    [
      'allocation/generate/graphics/',
      'baggage-allocations',
      JOB_KINDS.generateGraphics,
      'Render the make-up and check-in Gantt charts and the make-up occupancy as SVG files to download (a job)',
      scenarioQuery,
    ],
    [
      'allocation/run/makeup/',
      'baggage-allocations',
      JOB_KINDS.allocateMakeup,
      'Allocate every segregation to make-up positions and write the baggage allocations, keeping locked ones (a job)',
      scenarioQuery.extend({ time_limit_s: timeLimit, buffer_minutes: z.coerce.number().int().min(0).max(60).optional() }),
    ],
    [
      'allocation/run/checkin/',
      'resource-allocations',
      JOB_KINDS.allocateCheckin,
      "Size and place check-in counters, per airline (common check-in, the default) or per flight, from the passengers who check in at a counter (the scenario's counter_share), and write the resource allocations, keeping locked ones (a job)",
      scenarioQuery.extend({
        time_limit_s: timeLimit,
        max_queue_minutes: z.coerce.number().min(1).max(120).optional(),
        service_level: z.coerce.number().gt(0).lt(1).optional(),
        counters_per: countersPerQuery,
        sizing: z
          .enum(CHECKIN_SIZING, "Must be 'rule' or 'simulation'.")
          .optional()
          .describe(
            "'rule' (default): counters per slot by Erlang C from the turn-up profiles; 'simulation': the counters of the scenario's applied sizing plan",
          ),
      }),
    ],
  ];
  for (const [path, tag, kind, summary, querystring] of jobCalls) {
    app.post(`/${path}`, {
      schema: { tags: [tag], security, summary, querystring, response: { 202: JobSchema, ...errorResponses } },
      preHandler: requireUser(),
      handler: async (request, reply) => {
        const { scenario_id, ...params } = request.query as { scenario_id: number } & Record<string, unknown>;
        await requireScenarioRole(app.db, currentUser(request), scenario_id, 'editor');
        // Refused at once rather than as a failed job.
        if (params.sizing === 'simulation') await appliedPlan(app.db, scenario_id);
        const job = await app.jobs().enqueue(kind, scenario_id, params);
        return reply.code(202).send(toDto(job) as never);
      },
    });
  }
};

export default ruleActionsRoutes;

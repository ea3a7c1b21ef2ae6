// What each job that rewrites a planner's rows would do if it ran now, said before it runs:
// generating segregations, applying the flight import rules, and the make-up and check-in
// allocations. Each answer comes from the same plan the job makes, so the counts are what the
// job removes, changes and keeps; the screens ask for confirmation with them. They also tell
// how the allocations stand now, whatever the last job's result said.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../db/database';
import { currentUser, requireUser } from '../auth/authenticate';
import { requireScenarioRole } from '../access/roles';
import { planSegregations } from '../allocation/regenerateSegregations';
import { planImportRules } from '../rules/importRulesPlan';
import { makeupPreview, unplacedSegregations } from '../allocation/makeup';
import { checkinPreview } from '../allocation/checkinWrite';
import { bearerSecurity, errorResponses } from './schemas';
import { idQuery } from './fields';
import { countersPerQuery } from './ruleActions';

const count = z.number().int();
const scenarioQuery = z.object({ scenario_id: idQuery });

const SegregationPreviewSchema = z
  .object({
    departures: count,
    segregations: count.describe('segregations the rules make'),
    segregations_added: count,
    segregations_updated: count.describe('same flight and name, new share or bags: kept with their allocations'),
    segregations_removed: count,
    segregations_unchanged: count,
    allocations_removed: count.describe('baggage allocations that go with removed segregations (never locked ones)'),
    allocations_kept: count,
    locked_allocations_kept: count,
    locked_segregations_kept: count.describe('segregations the rules no longer make, kept for their locked allocations'),
  })
  .meta({ id: 'SegregationPreview' });

const ImportRulesPreviewSchema = z
  .object({
    flights: count,
    rules: count,
    flights_matched: count.describe('flights at least one rule matches'),
    flights_changed: count.describe('flights with at least one value the rules set differently now: those values are overwritten'),
    locked_flights_kept: count.describe('locked flights the rules would change: left as they are'),
    fields_changed: z
      .object({ terminal_id: count, zone_id: count, makeup_zone_id: count, load_factor: count, turnup_profile_id: count, sector: count })
      .describe('per field, the flights whose value of it changes'),
  })
  .meta({ id: 'ImportRulesPreview' });

const MakeupPreviewSchema = z
  .object({
    segregations: count.describe("the departures' segregations a run places"),
    segregations_placed: count.describe('of those, the ones with a baggage allocation now'),
    allocations: count.describe('baggage allocations now'),
    allocations_removed: count.describe('unlocked allocations a run replaces with its answer'),
    locked_allocations_kept: count,
  })
  .meta({ id: 'MakeupPreview' });

const UnplacedSegregationSchema = z
  .object({
    segregation_id: z.number().int(),
    flight_id: z.number().int(),
    bags: count,
    containers: count.describe('containers its bags fill, by its rule'),
    start: z.iso.datetime({ offset: true }).describe('when its rule opens its make-up at the earliest'),
    end: z.iso.datetime({ offset: true }).describe('when its rule closes its make-up at the latest'),
  })
  .meta({ id: 'UnplacedSegregation' });

const CheckinPreviewSchema = z
  .object({
    counters_per: z.enum(['airline', 'flight']),
    allocations: count.describe("allocations of the check-in zones' counters now"),
    allocations_removed: count.describe('unlocked allocations a run replaces with its answer'),
    locked_allocations_kept: count,
    unlocked_allocations_kept: count.describe("unlocked allocations kept because a locked block of their airline's cluster freezes it (per airline)"),
  })
  .meta({ id: 'CheckinPreview' });

type Query = { scenario_id: number; counters_per?: 'airline' | 'flight' };

const PREVIEWS: Array<{
  path: string;
  tag: string;
  summary: string;
  querystring: z.ZodObject;
  response: z.ZodType;
  preview: (ex: Executor, query: Query) => Promise<unknown>;
}> = [
  {
    path: 'allocation/generate/segregations/preview/',
    tag: 'segregations',
    summary: 'What generating segregations would change now, before it runs: segregations added, updated and removed, allocations removed and kept',
    querystring: scenarioQuery,
    response: SegregationPreviewSchema,
    preview: async (ex, { scenario_id }) => {
      const plan = await planSegregations(ex, scenario_id);
      return { departures: plan.departures, segregations: plan.wanted.length, ...plan.counts };
    },
  },
  {
    path: 'rules/flight-import/apply/preview/',
    tag: 'flight-import-rules',
    summary: 'What applying the flight import rules would change now, before it runs: the flights whose values it overwrites, per field',
    querystring: scenarioQuery,
    response: ImportRulesPreviewSchema,
    preview: async (ex, { scenario_id }) => (await planImportRules(ex, scenario_id)).counts,
  },
  {
    path: 'allocation/run/makeup/preview/',
    tag: 'baggage-allocations',
    summary: 'The make-up allocations now, and what a make-up allocation run would replace (every unlocked allocation) and keep (every locked one)',
    querystring: scenarioQuery,
    response: MakeupPreviewSchema,
    preview: (ex, { scenario_id }) => makeupPreview(ex, scenario_id),
  },
  {
    path: 'allocation/baggage-allocation/unplaced/',
    tag: 'baggage-allocations',
    summary: "The departures' segregations with bags but no baggage allocation, each with the make-up window its rule gives it (to place by hand)",
    querystring: scenarioQuery,
    response: z.array(UnplacedSegregationSchema),
    preview: (ex, { scenario_id }) => unplacedSegregations(ex, scenario_id),
  },
  {
    path: 'allocation/run/checkin/preview/',
    tag: 'resource-allocations',
    summary:
      'The counter allocations now, and what a check-in allocation run with counters_per would replace and keep (locked blocks, and per airline the clusters they freeze)',
    querystring: scenarioQuery.extend({ counters_per: countersPerQuery }),
    response: CheckinPreviewSchema,
    preview: (ex, { scenario_id, counters_per }) => checkinPreview(ex, scenario_id, counters_per),
  },
];

const jobPreviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { path, tag, summary, querystring, response, preview } of PREVIEWS) {
    app.get(`/${path}`, {
      schema: { tags: [tag], security: bearerSecurity, summary, querystring, response: { 200: response, ...errorResponses } },
      preHandler: requireUser(),
      handler: async (request) => {
        const query = request.query as Query;
        await requireScenarioRole(app.db, currentUser(request), query.scenario_id, 'viewer');
        return preview(app.db, query) as never;
      },
    });
  }
};

export default jobPreviewsRoutes;

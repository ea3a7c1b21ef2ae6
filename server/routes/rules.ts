// The three rule sets of a scenario (flight import, segregation, bags per allocation) as
// resources; the calls that create defaults and apply them are in ruleActions.ts.
import { z } from 'zod';
import { and, eq, exists } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../db/database';
import { bagsPerAllocationRules, flightImportRuleMatches, flightImportRules, segregationRules } from '../db/schema';
import { IMPORT_ACTION_REFS } from '../scenarios/references';
import type { FieldErrors } from '../errors';
import type { ResourceSpec } from './scenarioRows';
import { registerScenarioResource } from './scenarioResource';
import { airlineCode, airportCode, idQuery, minutes, percent, ref, sector, sharesTotal100 } from './fields';

const flightMatchSchema = z
  .object({
    airline_codes: z.array(airlineCode).optional(),
    destinations: z.array(airportCode).optional(),
    sector: sector.optional(),
    body: z.enum(['narrow', 'wide']).optional(),
    aircraft_types: z.array(z.string().trim().toUpperCase()).optional(),
    flight_number_ranges: z.array(z.tuple([z.number().int().min(0).max(9999), z.number().int().min(0).max(9999)])).optional(),
    days: z.array(z.number().int().min(1, 'Days are 1 (Monday) to 7.').max(7, 'Days are 1 (Monday) to 7.')).optional(),
    time_of_day: z.tuple([minutes, minutes]).optional().describe('[from, to) in minutes after local midnight'),
    segregation_names: z.array(z.string().trim().toUpperCase()).optional(),
  })
  .strict()
  .meta({ id: 'FlightMatch' });

const ruleBase = {
  name: z.string().trim().max(200).optional(),
  priority: z.number().int().min(0).max(100_000).optional().describe('Lower numbers apply first'),
  match: flightMatchSchema.optional(),
};

const importActions = z
  .object({
    terminal_id: ref.optional(),
    zone_id: ref.optional(),
    makeup_zone_id: ref.optional(),
    load_factor: z.number().min(0).max(1).optional(),
    turnup_profile_id: ref.optional(),
    sector: sector.optional(),
  })
  .strict();

/** Ids inside a rule's actions must name rows of the same scenario, like any reference. */
async function actionRefErrors(ex: Executor, scenarioId: number, actions: Record<string, unknown>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [field, table] of Object.entries(IMPORT_ACTION_REFS)) {
    const id = actions[field];
    if (typeof id !== 'number') continue;
    const [hit] = await ex
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(eq(table.id, id), eq(table.scenario_id, scenarioId)));
    if (!hit) errors[`actions.${field}`] = [`No such ${field.replace(/_id$/, '').replace(/_/g, ' ')} ${id} in this scenario.`];
  }
  return errors;
}

const flightImportRulesResource: ResourceSpec = {
  path: 'rules/flight-import/',
  table: flightImportRules,
  name: 'FlightImportRule',
  tag: 'flight-import-rules',
  fields: z.object({ ...ruleBase, actions: importActions.optional() }),
  validate: (ex, scenarioId, row) => actionRefErrors(ex, scenarioId, (row.actions ?? {}) as Record<string, unknown>),
  filters: {
    matched_flights__id: {
      schema: idQuery,
      where: (v: number, db: Database) =>
        exists(
          db
            .select({ one: flightImportRuleMatches.rule_id })
            .from(flightImportRuleMatches)
            .where(and(eq(flightImportRuleMatches.rule_id, flightImportRules.id), eq(flightImportRuleMatches.flight_id, v))),
        ),
    },
  },
  orderBy: [flightImportRules.priority],
};

const segregationRulesResource: ResourceSpec = {
  path: 'rules/segregation/',
  table: segregationRules,
  name: 'SegregationRule',
  tag: 'segregation-rules',
  fields: z.object({
    ...ruleBase,
    segregations: z.array(z.object({ name: z.string().trim().toUpperCase().min(1).max(40), share: percent })).min(1, 'Give at least one segregation.'),
  }),
  validate: (_ex, _scenario, row) => {
    const list = row.segregations as Array<{ name: string; share: number }>;
    const errors: FieldErrors = {};
    const total = sharesTotal100(
      list.map((s) => s.share),
      'Segregation shares',
    );
    if (total) errors.segregations = [total];
    if (new Set(list.map((s) => s.name)).size !== list.length) {
      (errors.segregations ??= []).push('Segregation names must be different.');
    }
    return errors;
  },
  orderBy: [segregationRules.priority],
};

export const bagRulesResource: ResourceSpec = {
  path: 'rules/bagsperallocation/',
  table: bagsPerAllocationRules,
  name: 'BagsPerAllocationRule',
  tag: 'bags-per-allocation-rules',
  fields: z.object({
    ...ruleBase,
    bags_per_passenger: z.number().min(0).max(10).optional(),
    bags_per_container: z.number().int().min(1, 'Must be at least 1.').max(1000).optional(),
    positions: z.number().int().min(1, 'Must be at least 1.').max(20).optional(),
    open_minutes: minutes.optional(),
    close_minutes: minutes.optional(),
  }),
  validate: (_ex, _scenario, row): FieldErrors =>
    (row.open_minutes as number) > (row.close_minutes as number) ? {} : { open_minutes: ['Make-up must open more minutes before STD than it closes.'] },
  orderBy: [bagsPerAllocationRules.priority],
};

const rulesRoutes: FastifyPluginAsync = async (app) => {
  registerScenarioResource(app, flightImportRulesResource);

  registerScenarioResource(app, segregationRulesResource);

  registerScenarioResource(app, bagRulesResource);
};

export default rulesRoutes;

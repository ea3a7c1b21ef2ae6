// Simulation runs a planner saved with a scenario, to reopen and to compare: the settings, the
// airport document that ran, and the results the engine answered.
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, changeStamps } from './columns';
import { scenarioId } from './scenarioRef';

export const simulationRuns = pgTable('simulation_runs', {
  id: id(),
  scenario_id: scenarioId(),
  name: text('name').notNull(),
  /** Replications, seed, levels of service, time range: what the planner chose. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The airport document that ran (what `npm run sim -- run` takes). */
  document: jsonb('document').$type<Record<string, unknown>>(),
  results: jsonb('results').$type<Record<string, unknown>>().notNull(),
  ...changeStamps(),
});

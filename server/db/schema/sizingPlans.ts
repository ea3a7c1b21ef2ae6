// Facility requirements plans of a scenario (issue 12): the fewest positions per period that keep
// every check-in group and checkpoint within its waiting-time target, as the sizing engine
// answered them, with the settings they were sized for. At most one plan of a scenario is
// applied: the check-in allocation (sizing=simulation) and the security lanes follow it.
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, changeStamps } from './columns';
import { scenarioId } from './scenarioRef';

export const sizingPlans = pgTable('sizing_plans', {
  id: id(),
  scenario_id: scenarioId(),
  name: text('name').notNull(),
  /** Share within target, planning period and the targets per queue the plan was sized for. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The engine's SizingOutput (workers/sim/sizing/types.ts). */
  plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
  applied: boolean('applied').notNull().default(false),
  ...changeStamps(),
});

// A scenario holds one version of an airport's planning data; everything below belongs to one.
import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ScenarioProvenance } from '../../../workers/schedule/provenance';
import { id, changeStamps } from './columns';
import { projects } from './projects';

export const scenarios = pgTable(
  'scenarios',
  {
    id: id(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The flight schedule file whose flights are "the source" (SPEC: used as the source id). */
    selected_schedule: integer('selected_schedule'),
    design_date: date('design_date', { mode: 'string' }),
    /**
     * Percent of each departure's passengers who check in at a staffed counter (full service or bag
     * drop); the rest check in online or at a kiosk without hold baggage and go straight to security.
     */
    counter_share: integer('counter_share').notNull().default(100),
    /** Where the design day came from (a season file and a rule) and how it was grown, if it was. */
    provenance: jsonb('provenance').$type<ScenarioProvenance>().notNull().default({}),
    ...changeStamps(),
  },
  (t) => [check('scenarios_counter_share_percent', sql`${t.counter_share} between 1 and 100`)],
);

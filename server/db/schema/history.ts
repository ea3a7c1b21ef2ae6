// A scenario's History (issue 35): who changed what and when. The database writes it, one row per
// statement and table (as it announces the change, migration 0015), with the planner and job the
// statement was made for (server/db/actor.ts); kept for HISTORY_DAYS days.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { scenarioId } from './scenarioRef';
import { users } from './users';

export const scenarioHistory = pgTable(
  'scenario_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scenario_id: scenarioId(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The table written: flights, baggage_allocations, ... */
    set: text('set').notNull(),
    /** insert, update or delete. */
    op: text('op').notNull(),
    /** The first 100 ids the statement touched, and how many in all. */
    ids: integer('ids').array().notNull(),
    count: integer('count').notNull(),
    /** The planner it was made for (a job's: who started it); none for the server's own writes. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The job that made it, if a job did. */
    job_id: integer('job_id'),
  },
  (t) => [index('scenario_history_scenario_at').on(t.scenario_id, t.at.desc(), t.id.desc())],
);

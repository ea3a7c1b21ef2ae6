// Who has a scenario open (issue 35): a row per open event stream (routes/scenarioEvents.ts),
// renewed at each keep-alive and deleted when the stream ends; a row not renewed for a minute (its
// server stopped without saying) no longer counts and is deleted in time.
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { scenarioId } from './scenarioRef';
import { users } from './users';

export const scenarioPresence = pgTable('scenario_presence', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  scenario_id: scenarioId(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  seen_at: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

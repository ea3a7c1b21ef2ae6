// A scenario holds one version of an airport's planning data; everything below belongs to one.
import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { projects } from './projects';

export const scenarios = pgTable('scenarios', {
  id: id(),
  project_id: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The flight schedule file whose flights are "the source" (SPEC: used as the source id). */
  selected_schedule: integer('selected_schedule'),
  design_date: date('design_date', { mode: 'string' }),
  ...timestamps(),
});

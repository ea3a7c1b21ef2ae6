// The column every scenario-owned table starts with; deleting a scenario deletes its data.
import { integer } from 'drizzle-orm/pg-core';
import { scenarios } from './scenarios';

export const scenarioId = () =>
  integer('scenario_id')
    .notNull()
    .references(() => scenarios.id, { onDelete: 'cascade' });

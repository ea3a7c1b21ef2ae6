// Column helpers shared by the domain tables. Domain tables name their properties exactly as
// the API names its fields (snake_case), so a row is its own API object and the generic
// resource routes need no per-table mapping. Ids are identities "by default" so a scenario clone
// can reserve ids first and insert copies with their remapped references in one pass.
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/**
 * When a row was made and last changed, and its version: 1 when made, raised by one by the
 * database itself on every update that changes a value (the trigger bump_row_version, migration
 * 0014), whoever writes it (a route, a job, a bulk write, an import). The API answers it as the
 * row's ETag and refuses a write whose If-Match names an older one (routes/preconditions.ts).
 */
export const changeStamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  version: integer('version').notNull().default(1),
});

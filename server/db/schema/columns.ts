// Column helpers shared by the domain tables. Domain tables name their properties exactly as
// the API names its fields (snake_case), so a row is its own API object and the generic
// resource routes need no per-table mapping. Ids are identities "by default" so a scenario clone
// can reserve ids first and insert copies with their remapped references in one pass.
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const timestamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

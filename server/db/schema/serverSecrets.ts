// Secrets generated on first start and shared by every API process through the database, so
// tokens signed by one process verify in another without configuring anything.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

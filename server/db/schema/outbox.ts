// Every e-mail the server sends is recorded here first: without SMTP configured this is where
// an administrator (or a test) reads password reset mails.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const outbox = pgTable('outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

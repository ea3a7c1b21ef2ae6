// Attempts at the calls that guess secrets (sign-in, one-time codes, reset mails), counted per
// key (an account, an address) and fixed time window in the database every API process shares,
// so a limit holds however many processes run behind a balancer.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

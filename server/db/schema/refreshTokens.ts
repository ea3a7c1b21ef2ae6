// Refresh tokens are opaque random strings kept only as hashes, so they can be revoked on
// logout and rotated on refresh, and a leaked database does not leak live sessions.
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const refreshTokens = pgTable('refresh_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** Issued before the second factor was verified: refreshes only into another pending token. */
  mfaPending: boolean('mfa_pending').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** When it was exchanged for its successor; within the grace period it may be presented once more. */
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  graceUsed: boolean('grace_used').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

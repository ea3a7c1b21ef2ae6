// People who sign in. Emails are stored lower-cased so uniqueness ignores case.
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  isStaff: boolean('is_staff').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  /** Base32 TOTP secret; set by generate, trusted only once otpEnabled. */
  otpSecret: text('otp_secret'),
  otpEnabled: boolean('otp_enabled').notNull().default(false),
  /** Time step of the last code accepted: a code of that step or before is never taken again. */
  otpLastStep: integer('otp_last_step'),
  dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  lastLogin: timestamp('last_login', { withTimezone: true }),
  /** Raised by the database on every change but a sign-in's (columns.ts, changeStamps). */
  version: integer('version').notNull().default(1),
});

export type UserRow = typeof users.$inferSelect;

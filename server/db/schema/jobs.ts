// Background work of a scenario (imports, rule runs, allocations): the row the API reports,
// mirroring the queue's state with progress and a result or an error.
import { integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, changeStamps } from './columns';
import { scenarioId } from './scenarioRef';
import { users } from './users';

export const jobStatus = pgEnum('job_status', ['queued', 'running', 'succeeded', 'failed', 'cancelled']);

export const jobs = pgTable('jobs', {
  id: id(),
  scenario_id: scenarioId(),
  kind: text('kind').notNull(),
  status: jobStatus('status').notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  message: text('message').notNull().default(''),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  result: jsonb('result').$type<Record<string, unknown>>(),
  error: text('error'),
  /** The queue's (pg-boss's) id of the job, to retry or fail it there when its worker died. */
  queue_id: text('queue_id'),
  /** Who asked for it: its writes are theirs in the History (db/actor.ts). */
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** Runs started, counting retries after a worker died. */
  attempts: integer('attempts').notNull().default(0),
  /** Written by the worker running the job every few seconds; a stale one means it died. */
  heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }),
  started_at: timestamp('started_at', { withTimezone: true }),
  finished_at: timestamp('finished_at', { withTimezone: true }),
  ...changeStamps(),
});

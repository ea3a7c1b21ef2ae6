// Runs one job the queue delivered and keeps its row in `jobs` in step: claims the row (so a job
// delivered twice runs once), writes progress and, where other processes watch for dead workers,
// a heartbeat, then the result or the error. A run is one attempt; only the attempt that claimed
// the row may settle it, so a run taken for dead that comes back after all changes nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { jobs } from '../db/schema';
import { ApiError } from '../errors';
import { reportFault } from '../faults';
import { actingAs } from '../db/actor';
import type { EnqueueOptions, JobContext, JobHandler } from './types';

export type RunnerOptions = {
  db: Database;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  /** How often a running job's heartbeat is written; 0 for none (nobody watches for it). */
  heartbeatMs: number;
  /** The queue's enqueue, for follow-up jobs. */
  enqueue(kind: string, scenarioId: number, params?: Record<string, unknown>, options?: EnqueueOptions): Promise<{ id: number }>;
};

/** Progress is written at most this often, so a fast loop does not flood the database. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * Status writes of a running job, in order, never awaited by the job itself. (On PGlite a write
 * outside the job's own open transaction would wait for that transaction, which would be waiting
 * for the write.)
 */
function statusWrites(log: FastifyBaseLogger, jobId: number) {
  let tail = Promise.resolve();
  let pending = 0;
  return {
    push(write: () => Promise<unknown>) {
      pending++;
      tail = tail
        .then(write)
        .then(
          () => undefined,
          (err) => log.warn({ err, jobId }, 'job status not recorded'),
        )
        .finally(() => pending--);
    },
    idle: () => pending === 0,
    /** Resolves once every write pushed so far has ended. */
    drained: () => tail,
  };
}

function failureText(error: unknown, log: FastifyBaseLogger, context: Record<string, unknown>): string {
  // Expected failures (bad data) carry a message for the planner; anything else is logged in
  // full and reported without internals.
  if (!(error instanceof ApiError)) return reportFault(log, error, context, 'The job');
  return error.fields ? `${error.message} ${JSON.stringify(error.fields)}` : error.message;
}

/** 'Started', or 'Started again' for a retry after the worker of an earlier attempt died. */
const startedMessage = sql`case when ${jobs.attempts} = 0 then 'Started' else 'Started again' end`;

export async function runJob(options: RunnerOptions, kind: string, jobId: number): Promise<void> {
  const { db, log } = options;
  const [row] = await db
    .update(jobs)
    .set({ status: 'running', started_at: new Date(), heartbeat_at: sql`now()`, attempts: sql`${jobs.attempts} + 1`, progress: 0, message: startedMessage })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')))
    .returning();
  if (!row) {
    // The queue gave it out again while an earlier run still holds it, or after it ended.
    log.warn({ jobId, kind }, 'job delivered while not queued: skipped');
    return;
  }
  const thisAttempt = and(eq(jobs.id, jobId), eq(jobs.attempts, row.attempts), eq(jobs.status, 'running'));
  const writes = statusWrites(log, jobId);
  let lastProgress = 0;
  const progress = async (percent: number, message?: string) => {
    const now = Date.now();
    if (now - lastProgress < PROGRESS_INTERVAL_MS && percent < 100) return;
    lastProgress = now;
    const clamped = Math.max(0, Math.min(99, Math.round(percent)));
    writes.push(() =>
      db
        .update(jobs)
        .set({ progress: clamped, heartbeat_at: sql`now()`, ...(message !== undefined && { message }) })
        .where(thisAttempt),
    );
  };
  const heartbeat = options.heartbeatMs
    ? setInterval(
        () =>
          writes.idle() &&
          writes.push(() =>
            db
              .update(jobs)
              .set({ heartbeat_at: sql`now()` })
              .where(thisAttempt),
          ),
        options.heartbeatMs,
      )
    : undefined;

  const settle = async (values: Partial<typeof jobs.$inferInsert>) => {
    clearInterval(heartbeat);
    await writes.drained();
    const settled = await db
      .update(jobs)
      .set({ ...values, finished_at: new Date() })
      .where(thisAttempt)
      .returning({ id: jobs.id });
    if (settled.length) return;
    const [now] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
    if (now?.status !== 'cancelled') {
      log.warn({ jobId, kind, attempt: row.attempts }, 'job ended after it was taken for dead: its outcome is not recorded');
    } else if (values.status === 'succeeded') {
      // Cancelled while it saved its answer (the cancel waited for the save): it stays cancelled, and says so.
      await db
        .update(jobs)
        .set({ message: 'Cancelled too late: its answer was saved', result: values.result })
        .where(and(eq(jobs.id, jobId), eq(jobs.status, 'cancelled')));
    }
  };
  try {
    const ctx: JobContext = {
      db,
      jobId,
      scenarioId: row.scenario_id,
      params: row.params,
      log,
      progress,
      enqueue: (next, params, enqueueOptions) => options.enqueue(next, row.scenario_id, params, enqueueOptions),
    };
    // The job's writes, and the jobs it asks for, are its starter's in the History.
    const result = await actingAs({ userId: row.created_by, jobId }, () => options.handlers[kind](ctx));
    await settle({ status: 'succeeded', progress: 100, message: 'Done', result });
  } catch (error) {
    const context = { jobId, kind, scenarioId: row.scenario_id, attempt: row.attempts };
    await settle({ status: 'failed', message: 'Failed', error: failureText(error, log, context) });
  }
}

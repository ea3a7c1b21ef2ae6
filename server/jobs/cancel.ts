// Cancelling jobs: a queued job is never started (the runner claims only queued rows) and a
// running one is marked at once; a handler that watches its row (the sizing search, between
// batches) stops, and one that writes the planner's rows checks it in the transaction that
// writes them (requireRunning), so a job cancelled before its save writes nothing. Its outcome
// is not recorded over 'cancelled'.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/database';
import { jobs } from '../db/schema';
import { ApiError } from '../errors';

/** Cancels the queued and running jobs `where` selects; answers the ids cancelled. */
export async function cancelJobs(ex: Executor, where: SQL): Promise<number[]> {
  const rows = await ex
    .update(jobs)
    .set({ status: 'cancelled', message: 'Cancelled', finished_at: sql`now()` })
    .where(and(where, inArray(jobs.status, ['queued', 'running'])))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/**
 * Inside a job's write transaction: refuses to go on when the job was cancelled, and holds its row
 * so a cancel arriving now waits for the save (the runner then says it came too late).
 */
export async function requireRunning(tx: Transaction, jobId: number): Promise<void> {
  const [row] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (row?.status !== 'running') throw new ApiError(409, 'job_cancelled', 'The job was cancelled before it saved its answer: nothing was written.');
}

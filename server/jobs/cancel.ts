// Cancelling jobs: a queued job is never started (the runner claims only queued rows) and a
// running one is marked at once; a handler that watches its row (the sizing search, between
// batches) stops, any other may finish, but its outcome is not recorded over 'cancelled'.
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { jobs } from '../db/schema';

/** Cancels the queued and running jobs `where` selects; answers the ids cancelled. */
export async function cancelJobs(ex: Executor, where: SQL): Promise<number[]> {
  const rows = await ex
    .update(jobs)
    .set({ status: 'cancelled', message: 'Cancelled', finished_at: sql`now()` })
    .where(and(where, inArray(jobs.status, ['queued', 'running'])))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

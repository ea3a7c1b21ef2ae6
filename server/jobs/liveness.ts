// Jobs whose worker died. A worker killed or crashed mid-run leaves its job's row 'running' and
// the queue's job 'active' (which also holds back the next job of that kind on the scenario).
// On a PostgreSQL server every process with a queue looks every heartbeat for rows whose
// heartbeat went stale, and for queued rows the queue never got; the embedded server, the only process of its folder, settles at start
// whatever its last run left running. Such a job runs again while the queue has retries left for
// it and fails with the reason otherwise: either way it never stays 'running'.
import { and, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { jobs } from '../db/schema';
import { newReference } from '../faults';
import type { JobRow } from './types';

export type Liveness = { boss: PgBoss; db: Database; log: FastifyBaseLogger };

/** A job is taken for dead after this many heartbeats without one. */
const MISSED_HEARTBEATS = 3;
/**
 * A queued row the queue does not hold after this long was written by a process that died
 * before handing it over (writing the row and queueing it take milliseconds).
 */
export const LOST_AFTER_MS = 60_000;

/** Running rows whose heartbeat is older than `staleMs` (all running rows when absent). */
function deadRows(staleMs?: number): SQL | undefined {
  const running = eq(jobs.status, 'running');
  if (staleMs === undefined) return running;
  const threshold = sql`now() - make_interval(secs => ${staleMs / 1000})`;
  return and(running, or(isNull(jobs.heartbeat_at), lt(jobs.heartbeat_at, threshold)));
}

/** Whether the queue will hand the job out again once its dead run is failed there. */
function runsAgain(job: PgBoss.JobWithMetadata<unknown> | null): boolean {
  if (!job) return false;
  return job.state === 'created' || job.state === 'retry' || (job.state === 'active' && job.retryCount < job.retryLimit);
}

/** Fails a job that will not run again, saying why, with a reference to the log line. */
async function failJob({ db, log }: Liveness, row: JobRow, reason: string): Promise<void> {
  const reference = newReference();
  const tries = row.attempts > 1 ? `${row.attempts} attempts, ` : '';
  await db
    .update(jobs)
    .set({ status: 'failed', message: 'Failed', error: `The job did not finish: ${reason} (${tries}reference ${reference}).`, finished_at: new Date() })
    .where(and(eq(jobs.id, row.id), eq(jobs.attempts, row.attempts), eq(jobs.status, row.status)));
  log.error({ jobId: row.id, kind: row.kind, scenarioId: row.scenario_id, attempt: row.attempts, reference }, `job failed: ${reason}`);
}

async function settle(liveness: Liveness, row: JobRow, reason: string): Promise<void> {
  const { boss, db, log } = liveness;
  const job = row.queue_id ? await boss.getJobById(row.kind, row.queue_id) : null;
  const again = runsAgain(job);
  // Queued again before the queue can hand it out, so the next run finds its row claimable.
  if (again) {
    const deadAttempt = and(eq(jobs.id, row.id), eq(jobs.attempts, row.attempts), eq(jobs.status, 'running'));
    await db
      .update(jobs)
      .set({ status: 'queued', progress: 0, message: `Queued again: ${reason}` })
      .where(deadAttempt);
  }
  if (job?.state === 'active') await boss.fail(row.kind, job.id, { message: reason });
  if (!again) return failJob(liveness, row, reason);
  log.warn({ jobId: row.id, kind: row.kind, scenarioId: row.scenario_id, attempt: row.attempts }, `job queued again: ${reason}`);
}

/**
 * Settles the running jobs whose heartbeat is older than `staleMs` (every running job when
 * absent) and answers how many. The rows are first claimed by renewing their heartbeat, so two
 * processes looking at once settle each job once.
 */
export async function settleDeadJobs(liveness: Liveness, reason: string, staleMs?: number): Promise<number> {
  const dead = await liveness.db
    .update(jobs)
    .set({ heartbeat_at: sql`now()` })
    .where(deadRows(staleMs))
    .returning();
  for (const row of dead) await settle(liveness, row, reason);
  return dead.length;
}

/**
 * Fails the queued jobs written before `before` that the queue holds no job for: a process that
 * died between writing the row and queueing it. Only where nobody else can be queueing at the same
 * time (the embedded server at start; its own rows, written from `before` on, wait to be queued).
 */
export async function settleLostJobs(liveness: Liveness, reason: string, before: Date): Promise<void> {
  const queued = await liveness.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), isNotNull(jobs.queue_id), lt(jobs.created_at, before)));
  for (const row of queued) {
    if (!(await liveness.boss.getJobById(row.kind, row.queue_id!))) await failJob(liveness, row, reason);
  }
}

/** Looks for dead jobs every heartbeat until stopped. */
export function watchForDeadJobs(liveness: Liveness, heartbeatMs: number): { stop(): void } {
  let looking = false;
  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      await settleDeadJobs(liveness, 'the worker running it stopped before it finished', heartbeatMs * MISSED_HEARTBEATS);
      await settleLostJobs(liveness, 'the process that asked for it stopped before queueing it', new Date(Date.now() - LOST_AFTER_MS));
    } catch (err) {
      liveness.log.error({ err }, 'could not look for jobs whose worker died');
    } finally {
      looking = false;
    }
  };
  void look();
  const timer = setInterval(() => void look(), heartbeatMs);
  return { stop: () => clearInterval(timer) };
}

// The job queue: pg-boss, one queue per job kind. With DATABASE_URL it lives in that PostgreSQL
// server (schema pgboss) and any number of `npm run worker` processes share the work. Embedded,
// pg-boss gets its own PGlite (DATA_DIR/queue) served to it through pglite-socket: a separate
// database, because the socket runs statements one at a time but not whole transactions, and
// pg-boss's statements must never land inside an open transaction of the app's.
// The `jobs` table in the app's database mirrors each job's status and progress for the API.
// A job whose worker dies is retried or failed (see liveness.ts).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { openPgliteFolder } from '../db/pgliteFolder';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { jobs } from '../db/schema';
import { reportFault } from '../faults';
import type { EnqueueOptions, JobHandler, JobRow } from './types';
import { runJob } from './runJob';
import { JOB_CONCURRENCY, JOB_EXPIRY_SECONDS } from './kinds';
import { settleDeadJobs, settleLostJobs, watchForDeadJobs } from './liveness';
import { currentActor } from '../db/actor';

export type JobQueue = {
  enqueue(kind: string, scenarioId: number, params?: Record<string, unknown>, options?: EnqueueOptions): Promise<JobRow>;
  /** Queues a job whose row insertJobRow wrote (while the queue was starting). */
  submit(row: JobRow, options?: EnqueueOptions): Promise<JobRow>;
  stop(): Promise<void>;
};

/** A job's row, queued under the id the queue will know it by, started by the planner asking (a job's: its starter). */
export async function insertJobRow(db: Database, kind: string, scenarioId: number, params: Record<string, unknown> = {}): Promise<JobRow> {
  const created_by = currentActor()?.userId ?? null;
  const [row] = await db.insert(jobs).values({ scenario_id: scenarioId, kind, params, message: 'Queued', queue_id: randomUUID(), created_by }).returning();
  return row;
}

export type QueueOptions = {
  db: Database;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  /** PostgreSQL server for pg-boss; without it an embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder of the embedded queue database; a temporary one when absent. */
  dataDir?: string;
  /** Run handlers in this process (false: only enqueue, e.g. an API behind separate workers). */
  work?: boolean;
  /** How often a running job reports it is alive (PostgreSQL; default 10 s). */
  heartbeatSeconds?: number;
  /** Runs of a job added after its worker died, before it is failed (default 1). */
  retries?: number;
};

/**
 * The embedded queue's database, in the data folder. Without one (tests, scripts) it gets a
 * temporary folder, removed on close: a folder starts as a copy of the build's bare cluster in
 * well under a second, where a cluster in memory runs initdb (seconds of CPU).
 */
async function embeddedQueueDatabase(dataDir?: string) {
  const temporary = dataDir ? null : mkdtempSync(join(tmpdir(), 'airport-planner-queue-'));
  const path = join(dataDir ?? temporary!, 'queue');
  mkdirSync(path, { recursive: true });
  const pglite = await openPgliteFolder(path, 'empty');
  const server = new PGLiteSocketServer({ db: pglite, port: 0, host: '127.0.0.1', maxConnections: 4 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
    async close() {
      await server.stop();
      await pglite.close();
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    },
  };
}

export async function startJobQueue(options: QueueOptions): Promise<JobQueue> {
  const { db, log } = options;
  // Rows written from now on are this process's own, queued once the queue is up.
  const startedAt = new Date();
  const embedded = options.databaseUrl ? null : await embeddedQueueDatabase(options.dataDir);
  const boss = new PgBoss({
    connectionString: options.databaseUrl ?? embedded!.url,
    max: embedded ? 2 : 4,
    // Expired or archived queue rows are pg-boss's own housekeeping; the jobs table keeps history.
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const kind of Object.keys(options.handlers)) {
    // One job of a kind at a time per scenario, however many workers share the queue: two runs
    // of one allocation would otherwise interleave their deletes and inserts. (Within one
    // process a kind's jobs already run one after another.) Queues made before this keep their
    // old policy unless updated.
    await boss.createQueue(kind, { name: kind, policy: 'singleton' });
    if ((await boss.getQueue(kind))?.policy !== 'singleton') await boss.updateQueue(kind, { name: kind, policy: 'singleton' });
  }

  // Embedded, this process is the folder's only one, so whatever is running was left by the
  // last one; on a server, other processes may be running jobs and only a silent one is dead.
  const heartbeatMs = embedded ? 0 : (options.heartbeatSeconds ?? 10) * 1000;
  const liveness = { boss, db, log };
  if (embedded) {
    await settleDeadJobs(liveness, 'the server stopped while it was running');
    await settleLostJobs(liveness, 'the server stopped before the job was queued', startedAt);
  }
  const watch = embedded ? null : watchForDeadJobs(liveness, heartbeatMs);
  const queue: JobQueue = {
    async enqueue(kind, scenarioId, params = {}, enqueueOptions = {}) {
      if (!options.handlers[kind]) throw new Error(`unknown job kind ${kind}`);
      return queue.submit(await insertJobRow(db, kind, scenarioId, params), enqueueOptions);
    },
    async submit(row, enqueueOptions = {}) {
      const { id: jobId, kind, scenario_id: scenarioId } = row;
      const { singletonKey = `scenario ${scenarioId}`, priority } = enqueueOptions;
      try {
        const expireInSeconds = JOB_EXPIRY_SECONDS[kind];
        await boss.send(
          kind,
          { jobId },
          {
            id: row.queue_id!,
            retryLimit: options.retries ?? 1,
            singletonKey,
            ...(priority !== undefined && { priority }),
            ...(expireInSeconds && { expireInSeconds }),
          },
        );
      } catch (error) {
        // The row must not wait for ever for a job the queue never took.
        const message = reportFault(log, error, { jobId, kind, scenarioId }, 'Queueing the job');
        await db.update(jobs).set({ status: 'failed', message: 'Failed', error: message, finished_at: new Date() }).where(eq(jobs.id, jobId));
        throw error;
      }
      return row;
    },
    async stop() {
      watch?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await embedded?.close();
    },
  };
  if (options.work !== false) {
    const runner = { db, log, handlers: options.handlers, heartbeatMs, enqueue: queue.enqueue };
    for (const kind of Object.keys(options.handlers)) {
      // pg-boss hands each of a kind's workers one job at a time.
      for (let k = 0; k < (JOB_CONCURRENCY[kind] ?? 1); k++) {
        await boss.work<{ jobId: number }>(kind, { pollingIntervalSeconds: 0.5 }, async ([job]) => runJob(runner, kind, job.data.jobId));
      }
    }
  }

  return queue;
}

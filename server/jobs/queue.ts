// The job queue: pg-boss, one queue per job kind. With DATABASE_URL it lives in that PostgreSQL
// server (schema pgboss) and any number of `npm run worker` processes share the work. Embedded,
// pg-boss gets its own PGlite (DATA_DIR/queue) served to it through pglite-socket: a separate
// database, because the socket runs statements one at a time but not whole transactions, and
// pg-boss's statements must never land inside an open transaction of the app's.
// The `jobs` table in the app's database mirrors each job's status and progress for the API.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import PgBoss from 'pg-boss';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { jobs } from '../db/schema';
import { ApiError } from '../errors';
import type { JobHandler } from './types';
import { reportFault } from '../faults';

export type JobRow = typeof jobs.$inferSelect;

export type JobQueue = {
  enqueue(kind: string, scenarioId: number, params?: Record<string, unknown>): Promise<JobRow>;
  stop(): Promise<void>;
};

export type QueueOptions = {
  db: Database;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  /** PostgreSQL server for pg-boss; without it an embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder of the embedded queue database; in memory when absent. */
  dataDir?: string;
  /** Run handlers in this process (false: only enqueue, e.g. an API behind separate workers). */
  work?: boolean;
};

/** Progress is written at most this often, so a fast loop does not flood the database. */
const PROGRESS_INTERVAL_MS = 250;

async function embeddedQueueDatabase(dataDir?: string) {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'queue');
    mkdirSync(path, { recursive: true });
  }
  const pglite = new PGlite(path);
  const server = new PGLiteSocketServer({ db: pglite, port: 0, host: '127.0.0.1', maxConnections: 4 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
    async close() {
      await server.stop();
      await pglite.close();
    },
  };
}

async function runJob(options: QueueOptions, kind: string, jobId: number): Promise<void> {
  const { db, log } = options;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!row || row.status !== 'queued') return;
  await db.update(jobs).set({ status: 'running', started_at: new Date(), message: 'Started' }).where(eq(jobs.id, jobId));
  // Progress never blocks the job: writes are chained in order and awaited only at the end.
  // (On PGlite a write outside the job's own open transaction would wait for that transaction,
  // which would be waiting for the write.)
  let lastWrite = 0;
  let writes = Promise.resolve();
  const progress = async (percent: number, message?: string) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_INTERVAL_MS && percent < 100) return;
    lastWrite = now;
    const clamped = Math.max(0, Math.min(99, Math.round(percent)));
    writes = writes
      .then(() => db.update(jobs).set({ progress: clamped, ...(message !== undefined && { message }) }).where(eq(jobs.id, jobId)))
      .then(() => undefined, (err) => log.warn({ err, jobId }, 'progress not recorded'));
  };
  try {
    const result = await options.handlers[kind]({ db, jobId, scenarioId: row.scenario_id, params: row.params, log, progress });
    await writes;
    await db
      .update(jobs)
      .set({ status: 'succeeded', progress: 100, message: 'Done', result, finished_at: new Date() })
      .where(eq(jobs.id, jobId));
  } catch (error) {
    // Expected failures (bad data) carry a message for the planner; anything else is logged
    // in full and reported without internals.
    const message = error instanceof ApiError ? error.message : reportFault(log, error, { jobId, kind, scenarioId: row.scenario_id }, 'The job');
    await writes;
    await db
      .update(jobs)
      .set({
        status: 'failed',
        message: 'Failed',
        error: error instanceof ApiError && error.fields ? `${message} ${JSON.stringify(error.fields)}` : message,
        finished_at: new Date(),
      })
      .where(eq(jobs.id, jobId));
  }
}

export async function startJobQueue(options: QueueOptions): Promise<JobQueue> {
  const embedded = options.databaseUrl ? null : await embeddedQueueDatabase(options.dataDir);
  const boss = new PgBoss({
    connectionString: options.databaseUrl ?? embedded!.url,
    max: embedded ? 2 : 4,
    // Expired or archived queue rows are pg-boss's own housekeeping; the jobs table keeps history.
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  await boss.start();
  for (const kind of Object.keys(options.handlers)) {
    // One job of a kind at a time per scenario, however many workers share the queue: two runs
    // of one allocation would otherwise interleave their deletes and inserts. (Within one
    // process a kind's jobs already run one after another.) Queues made before this keep their
    // old policy unless updated.
    await boss.createQueue(kind, { name: kind, policy: 'singleton' });
    if ((await boss.getQueue(kind))?.policy !== 'singleton') await boss.updateQueue(kind, { name: kind, policy: 'singleton' });
    if (options.work !== false) {
      await boss.work<{ jobId: number }>(kind, { pollingIntervalSeconds: 0.5 }, async ([job]) =>
        runJob(options, kind, job.data.jobId),
      );
    }
  }

  return {
    async enqueue(kind, scenarioId, params = {}) {
      if (!options.handlers[kind]) throw new Error(`unknown job kind ${kind}`);
      const [row] = await options.db.insert(jobs).values({ scenario_id: scenarioId, kind, params, message: 'Queued' }).returning();
      await boss.send(kind, { jobId: row.id }, { retryLimit: 0, singletonKey: `scenario ${scenarioId}` });
      return row;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await embedded?.close();
    },
  };
}

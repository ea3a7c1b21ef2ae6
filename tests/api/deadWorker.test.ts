// A job whose `npm run worker` process is killed mid-run does not stay 'running': the API's queue
// notices the missing heartbeat, queues it again for another worker while retries are left, and
// fails it with the reason after that (PostgreSQL only: workers share a server's queue). The
// embedded server settles at start what its last run left behind; that a killed server's job
// runs again after the restart is shown by durability.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { startWorkerProcess, type WorkerProcess } from '../support/workerProcess';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import type { JobRow } from '../../server/jobs/types';
import { LOST_AFTER_MS } from '../../server/jobs/liveness';
import { JOB_KINDS, jobHandlers } from '../../server/jobs/handlers';
import { jobs, projects, scenarios, users } from '../../server/db/schema';
import { seedJfkDesignDay } from '../../server/seed/jfkDesignDay';
import { APP_SETUP_MS, SERVER_STOP_MS } from '../support/waits';

const shared = Boolean(process.env.DATABASE_URL);
/** Short, so a dead worker is noticed in about three seconds. */
const HEARTBEAT_SECONDS = 1;

let database: TestDatabase;
let queue: JobQueue;
let scenarioId: number;
const logLines: Array<Record<string, unknown>> = [];
const workers: WorkerProcess[] = [];

/** `npm run worker` whose heartbeat is short. */
function startWorker(): WorkerProcess {
  const worker = startWorkerProcess(database.url!, { JOB_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) });
  workers.push(worker);
  return worker;
}

async function jobRow(id: number): Promise<JobRow> {
  return (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
}

/** Polls the job's row until `done` holds for it; fails naming its last state after `seconds`. */
async function waitForJob(id: number, what: string, done: (row: JobRow) => boolean, seconds: number): Promise<JobRow> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const row = await jobRow(id);
    if (done(row)) return row;
    if (Date.now() > deadline) throw new Error(`job ${id} not ${what} within ${seconds} s: ${row.status} '${row.message}' ${row.error ?? ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const running = (attempt: number) => (row: JobRow) => row.status === 'running' && row.attempts === attempt;
const queuedAgain = (row: JobRow) => row.status === 'queued' && row.message === 'Queued again: the worker running it stopped before it finished';

beforeAll(async () => {
  if (!shared) return;
  database = await openTestDatabase();
  const [user] = await database.db.insert(users).values({ email: 'w@example.com', passwordHash: 'x' }).returning();
  scenarioId = await seedJfkDesignDay(database.db, user.id, pino({ level: 'silent' }));
  // The API process: queues jobs and watches for dead ones, runs none itself.
  const log = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  queue = await startJobQueue({
    db: database.db,
    log: log as never,
    handlers: jobHandlers,
    databaseUrl: database.url!,
    work: false,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    retries: 1,
  });
}, APP_SETUP_MS);

afterAll(async () => {
  for (const w of workers) await w.kill();
  await queue?.stop();
  await database?.close();
  // The queue gives a job still running up to 10 s, as a server stopping does.
}, SERVER_STOP_MS);

describe.skipIf(!shared)('a job whose worker is killed', { timeout: 240_000 }, () => {
  it('is queued again and finishes on another worker', async () => {
    const first = startWorker();
    const job = await queue.enqueue(JOB_KINDS.allocateMakeup, scenarioId, { time_limit_s: 5 });
    await waitForJob(job.id, 'running', running(1), 60);
    await first.kill();

    await waitForJob(job.id, 'queued again', queuedAgain, 10 * HEARTBEAT_SECONDS);
    startWorker();
    const done = await waitForJob(job.id, 'finished', (row) => row.finished_at !== null, 180);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.attempts).toBe(2);
    expect(Number(done.result?.assigned)).toBeGreaterThan(0);
  });

  it('fails with the reason and a logged reference once its retries are spent', async () => {
    const job = await queue.enqueue(JOB_KINDS.allocateMakeup, scenarioId, { time_limit_s: 5 });
    await waitForJob(job.id, 'running', running(1), 60);
    await workers[workers.length - 1].kill();
    await waitForJob(job.id, 'queued again', queuedAgain, 10 * HEARTBEAT_SECONDS);
    const last = startWorker();
    await waitForJob(job.id, 'running again', running(2), 60);
    await last.kill();

    const failed = await waitForJob(job.id, 'failed', (row) => row.status === 'failed', 10 * HEARTBEAT_SECONDS);
    const reference = /^The job did not finish: the worker running it stopped before it finished \(2 attempts, reference ([0-9a-f]{8})\)\.$/.exec(
      failed.error ?? '',
    )?.[1];
    expect(reference, failed.error ?? '').toBeDefined();
    expect(logLines).toContainEqual(expect.objectContaining({ level: 50, reference, jobId: job.id, attempt: 2 }));
  });
});

describe.skipIf(!shared)('a job row whose process died before queueing it', { timeout: 60_000 }, () => {
  it('is failed by the processes watching the queue once it is clearly lost, saying why', async () => {
    const longAgo = new Date(Date.now() - LOST_AFTER_MS - 5_000);
    const row = (created_at: Date) => ({ scenario_id: scenarioId, kind: JOB_KINDS.allocateMakeup, queue_id: randomUUID(), message: 'Queued', created_at });
    const [lost, recent] = await database.db
      .insert(jobs)
      .values([row(longAgo), row(new Date())])
      .returning();
    const failed = await waitForJob(lost.id, 'failed', (r) => r.status === 'failed', 10 * HEARTBEAT_SECONDS);
    expect(failed.error).toMatch(/^The job did not finish: the process that asked for it stopped before queueing it \(reference [0-9a-f]{8}\)\.$/);
    // One being queued right now is left alone.
    expect((await jobRow(recent.id)).status).toBe('queued');
  });
});

describe('an embedded server starting again', () => {
  // Opens a database and starts an app on it.
  it('fails the jobs its last run left running or never queued, saying why', { timeout: APP_SETUP_MS }, async () => {
    const db = await openTestDatabase();
    try {
      const [user] = await db.db.insert(users).values({ email: 'e@example.com', passwordHash: 'x' }).returning();
      const [project] = await db.db.insert(projects).values({ name: 'E', owner_id: user.id }).returning();
      const [scenario] = await db.db.insert(scenarios).values({ project_id: project.id, name: 'E' }).returning();
      const left = (status: 'running' | 'queued', queue_id: string | null) => ({
        scenario_id: scenario.id,
        kind: 'test-kind',
        status,
        attempts: status === 'running' ? 1 : 0,
        queue_id,
      });
      const [wasRunning, neverQueued, olderThanQueueIds] = await db.db
        .insert(jobs)
        .values([left('running', randomUUID()), left('queued', randomUUID()), left('queued', null)])
        .returning();
      // No databaseUrl: the embedded queue, whose process owns its folder.
      const embedded = await startJobQueue({ db: db.db, log: pino({ level: 'silent' }) as never, handlers: { 'test-kind': async () => ({}) } });
      await embedded.stop();

      const error = async (id: number) => (await db.db.select().from(jobs).where(eq(jobs.id, id)))[0].error;
      expect(await error(wasRunning.id)).toMatch(/^The job did not finish: the server stopped while it was running \(reference [0-9a-f]{8}\)\.$/);
      expect(await error(neverQueued.id)).toMatch(/^The job did not finish: the server stopped before the job was queued \(reference [0-9a-f]{8}\)\.$/);
      // A row from before jobs kept their queue id cannot be checked: it is left to run.
      expect((await db.db.select().from(jobs).where(eq(jobs.id, olderThanQueueIds.id)))[0].status).toBe('queued');
    } finally {
      await db.close();
    }
  });
});

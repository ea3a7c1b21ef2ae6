// One sizing run shared by two `npm run worker` processes (issue 12, point 2; PostgreSQL only:
// the embedded queue lives in one process). The API process queues the sizing job and runs no
// jobs itself; the workers run the job and its parts, and the job's result names both worker
// processes among those that ran parts.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { startWorkerProcess, type WorkerProcess } from '../support/workerProcess';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import type { JobRow } from '../../server/jobs/types';
import { JOB_KINDS, jobHandlers } from '../../server/jobs/handlers';
import { jobs, projects, scenarios, sizingPlans, users } from '../../server/db/schema';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

const shared = Boolean(process.env.DATABASE_URL);

let database: TestDatabase;
let queue: JobQueue;
let scenarioId: number;
const children: WorkerProcess[] = [];

function startWorker() {
  children.push(startWorkerProcess(database.url!));
}

async function finished(id: number, seconds: number): Promise<JobRow> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    if (row.finished_at !== null) return row;
    if (Date.now() > deadline) throw new Error(`job ${id} not finished within ${seconds} s: ${row.status} '${row.message}'`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  if (!shared) return;
  database = await openTestDatabase();
  const [user] = await database.db.insert(users).values({ email: 'size@example.com', passwordHash: 'x' }).returning();
  const [project] = await database.db.insert(projects).values({ name: 'Sizing', owner_id: user.id }).returning();
  [{ id: scenarioId }] = await database.db.insert(scenarios).values({ project_id: project.id, name: 'Base' }).returning();
  // The API process: queues the job, runs none itself.
  queue = await startJobQueue({ db: database.db, log: pino({ level: 'silent' }), handlers: jobHandlers, databaseUrl: database.url!, work: false });
  startWorker();
  startWorker();
  // A database, and a job queue on it, on the PostgreSQL server.
}, APP_SETUP_MS);

afterAll(async () => {
  for (const child of children) await child.kill();
  await queue?.stop();
  await database?.close();
}, APP_CLOSE_MS);

/**
 * Eight desks, each fed by its own four hours of Poisson arrivals: one depth of eight parts, each
 * sized for a fraction of a second, so the two processes' four part loops all find work.
 */
function eightDesks() {
  const desks = Array.from({ length: 8 }, (_, i) => i);
  return {
    kind: 'network',
    seed: 5,
    sources: desks.map((i) => ({
      id: `pax${i}`,
      to: `desk${i}`,
      arrivals: { type: 'piecewise_poisson', interval_minutes: 60, rates_per_hour: [300, 600, 900, 400] },
    })),
    stations: desks.map((i) => ({
      id: `desk${i}`,
      size: { max_servers: 40, period_minutes: 30, target: { wait_minutes: 5, share: 0.9 } },
      service: { dist: 'exponential', mean_minutes: 2 },
    })),
  };
}

describe.skipIf(!shared)('a sizing run on two workers', { timeout: 240_000 }, () => {
  it('runs its simulations on both processes and saves one plan', async () => {
    const params = { document: eightDesks(), name: 'Two workers', settings: { share: 0.9, period_minutes: 30 } };
    const job = await queue.enqueue(JOB_KINDS.sizeToTarget, scenarioId, params);
    const done = await finished(job.id, 200);
    expect(done.status, done.error ?? '').toBe('succeeded');

    const result = done.result as { plan_id: number; parts: number; workers: Record<string, number> };
    const expected = children.map((c) => `${hostname()}:${c.pid}`).sort();
    expect(Object.keys(result.workers).sort()).toEqual(expected);
    expect(Object.values(result.workers).reduce((a, n) => a + n, 0)).toBe(result.parts);
    const saved = await database.db.select().from(sizingPlans).where(eq(sizingPlans.scenario_id, scenarioId));
    expect(saved.map((p) => p.id)).toEqual([result.plan_id]);
    // The parts' own rows are removed once read: the jobs list keeps the planner's job only.
    expect((await database.db.select().from(jobs).where(eq(jobs.scenario_id, scenarioId))).map((r) => r.kind)).toEqual([JOB_KINDS.sizeToTarget]);
  });
});

// The job queue shared by several worker processes (PostgreSQL only: the embedded queue lives in
// one process). Jobs of one kind on one scenario run one after another even when two workers
// are free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import { jobs, projects, scenarios, users } from '../../server/db/schema';
import type { JobHandler } from '../../server/jobs/types';
import { ApiError } from '../../server/errors';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

const shared = Boolean(process.env.DATABASE_URL);
let database: TestDatabase;
const queues: JobQueue[] = [];
const runs: Array<{ scenario: number; from: number; to: number }> = [];

/**
 * A job that works for 700 ms: longer than the workers' polling interval (0.5 s, queue.ts), so
 * the free worker asks for the next job while one runs, and a second job of the same scenario
 * handed out then would overlap it. The time is the job's work, not a wait for anything.
 */
const slow: JobHandler = async ({ scenarioId }) => {
  const from = Date.now();
  await new Promise((r) => setTimeout(r, 700));
  runs.push({ scenario: scenarioId, from, to: Date.now() });
  return {};
};

beforeAll(async () => {
  if (!shared) return;
  database = await openTestDatabase();
  const log = pino({ level: 'silent' });
  // Two workers on one queue, as `npm start` plus `npm run worker` would be.
  for (let i = 0; i < 2; i++) queues.push(await startJobQueue({ db: database.db, log, handlers: { 'test-slow': slow }, databaseUrl: database.url! }));
  // A database on the PostgreSQL server and two job queues on it.
}, APP_SETUP_MS);

afterAll(async () => {
  for (const q of queues) await q.stop();
  await database?.close();
}, APP_CLOSE_MS);

describe.skipIf(!shared)('jobs shared by two workers', () => {
  it('runs the jobs of one scenario one at a time', async () => {
    const [user] = await database.db.insert(users).values({ email: 'q@example.com', passwordHash: 'x' }).returning();
    const [project] = await database.db.insert(projects).values({ name: 'Q', owner_id: user.id }).returning();
    const [a, b] = await database.db
      .insert(scenarios)
      .values([
        { project_id: project.id, name: 'A' },
        { project_id: project.id, name: 'B' },
      ])
      .returning();
    const queued = [
      await queues[0].enqueue('test-slow', a.id),
      await queues[1].enqueue('test-slow', a.id),
      await queues[0].enqueue('test-slow', a.id),
      await queues[1].enqueue('test-slow', b.id),
    ];
    const deadline = Date.now() + 30_000;
    while (runs.length < queued.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

    const states = await Promise.all(queued.map(async (q) => (await database.db.select().from(jobs).where(eq(jobs.id, q.id)))[0].status));
    expect(states).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    const ofA = runs.filter((r) => r.scenario === a.id).sort((x, y) => x.from - y.from);
    expect(ofA).toHaveLength(3);
    for (let i = 1; i < ofA.length; i++) expect(ofA[i].from, 'a job of scenario A started before the previous one ended').toBeGreaterThanOrEqual(ofA[i - 1].to);
  });
});

describe('a job that fails', () => {
  // Opens a database and a job queue of its own.
  it("logs a fault under a reference the planner sees, and shows a refusal's own words", { timeout: APP_SETUP_MS }, async () => {
    const db = await openTestDatabase();
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const handlers: Record<string, JobHandler> = {
      'test-fault': async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'positions')");
      },
      'test-refusal': async () => {
        throw new ApiError(422, 'no_counters', 'The scenario has no check-in counters.');
      },
    };
    const queue = await startJobQueue({ db: db.db, log: log as never, handlers, ...(db.url && { databaseUrl: db.url }) });
    try {
      const [user] = await db.db.insert(users).values({ email: 'f@example.com', passwordHash: 'x' }).returning();
      const [project] = await db.db.insert(projects).values({ name: 'F', owner_id: user.id }).returning();
      const [scenario] = await db.db.insert(scenarios).values({ project_id: project.id, name: 'F' }).returning();
      const fault = await queue.enqueue('test-fault', scenario.id);
      const refusal = await queue.enqueue('test-refusal', scenario.id);
      const settled = async (id: number) => {
        for (let i = 0; i < 300; i++) {
          const [row] = await db.db.select().from(jobs).where(eq(jobs.id, id));
          if (row.status === 'failed' || row.status === 'succeeded') return row;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`job ${id} did not finish`);
      };
      const faultRow = await settled(fault.id);
      expect(faultRow.error).toMatch(/^The job failed unexpectedly \(reference [0-9a-f]{8}\)\. The error has been logged\.$/);
      expect(faultRow.error).not.toContain('positions');
      const reference = /reference ([0-9a-f]{8})/.exec(faultRow.error!)![1];
      expect(lines.find((l) => l.reference === reference)).toMatchObject({ jobId: fault.id, kind: 'test-fault', scenarioId: scenario.id });
      expect((await settled(refusal.id)).error).toBe('The scenario has no check-in counters.');
    } finally {
      await queue.stop();
      await db.close();
    }
  });
});

describe('jobs of one kind waiting together', () => {
  // Opens a database and a job queue of its own.
  it('are taken the higher priority first (a sizing run hands out its heaviest part first)', { timeout: APP_SETUP_MS }, async () => {
    const db = await openTestDatabase();
    const order: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const handlers: Record<string, JobHandler> = {
      'test-ordered': async ({ params }) => {
        if (params.name === 'gate') await gate;
        else order.push(String(params.name));
        return {};
      },
    };
    const queue = await startJobQueue({ db: db.db, log: pino({ level: 'silent' }), handlers, ...(db.url && { databaseUrl: db.url }) });
    try {
      const [user] = await db.db.insert(users).values({ email: 'o@example.com', passwordHash: 'x' }).returning();
      const [project] = await db.db.insert(projects).values({ name: 'O', owner_id: user.id }).returning();
      const [scenario] = await db.db.insert(scenarios).values({ project_id: project.id, name: 'O' }).returning();
      const enqueue = (name: string, priority?: number) => queue.enqueue('test-ordered', scenario.id, { name }, { singletonKey: name, priority });
      // The kind runs one job at a time: while the gate holds it, the rest wait together.
      const queued = [await enqueue('gate')];
      while ((await db.db.select().from(jobs).where(eq(jobs.id, queued[0].id)))[0].status !== 'running') await new Promise((r) => setTimeout(r, 50));
      queued.push(await enqueue('light', -2), await enqueue('middle', -1), await enqueue('heavy', 0));
      open();
      while (order.length < 3) await new Promise((r) => setTimeout(r, 50));
      expect(order).toEqual(['heavy', 'middle', 'light']);
    } finally {
      await queue.stop();
      await db.close();
    }
  });
});

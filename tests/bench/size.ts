// `npm run bench:size`: the demo day sized to target end to end on the server's job workers
// (issue 12): every check-in group and both security checkpoints, 95 % of each period's
// passengers within their target, 30-minute periods. The document is the one the Requirements
// screen sends: the demo seeded, its make-up and check-in allocations run through the API, the
// airport document built by the server from the stored scenario. It is then sized by a
// 'simulation-size' job with one `npm run worker` process, and again with two, on a fresh
// PostgreSQL database of the DATABASE_URL server (workers share a PostgreSQL queue; the embedded
// database has one process).
// Prints each run's wall time (from queueing the job to its plan saved), replications and
// parts per worker, the plan's position-hours beside today's, its periods by verdict, and the
// search's and the verification's time (summed over the threads that ran the parts, so the two
// are comparable: verification may at most double the sizing time the search alone took).
// A benchmark, not a test.
import { parseArgs } from 'node:util';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_PASSWORD } from '../support/app';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { startWorkerProcess, type WorkerProcess } from '../support/workerProcess';
import { seedJfkDesignDay } from '../../server/seed/jfkDesignDay';
import { startJobQueue } from '../../server/jobs/queue';
import { JOB_KINDS, jobHandlers } from '../../server/jobs/handlers';
import { jobs, projects, scenarios, sizingPlans, users } from '../../server/db/schema';
import { scenarioAirportDocument } from '../../server/scenarios/airportDocument';
import { DEFAULT_DOCUMENT_SETTINGS } from '../../common/scenario/documentSettings';
import { DEFAULT_SIZING, withSizing, type SizingDocument } from '../../common/scenario/sizingDocument';
import type { AirportSizingOutput } from '../../workers/sim/sizing/types';
import { loadAverage, machine } from './machine';

const { values: options } = parseArgs({ options: { workers: { type: 'string', default: '1,2' }, 'time-limit-s': { type: 'string', default: '20' } } });

if (!process.env.DATABASE_URL) {
  console.error('bench:size needs DATABASE_URL (a PostgreSQL server): its worker processes share a PostgreSQL job queue.');
  process.exit(2);
}

/** The demo day's airport document with the Requirements screen's default sizing settings. */
async function demoDocument(): Promise<SizingDocument> {
  const t = await createTestApp({ jobs: true });
  try {
    const user = await t.user('demo@example.com');
    const { access } = await t.login('demo@example.com', TEST_PASSWORD);
    const scenarioId = await seedJfkDesignDay(t.database.db, user.id, pino({ level: 'silent' }));
    const call = async (method: 'GET' | 'POST', url: string) => t.as(access, { method, url: `/api/${url}` });
    for (const kind of ['makeup', 'checkin']) {
      const started = await call('POST', `allocation/run/${kind}/?scenario_id=${scenarioId}&time_limit_s=${options['time-limit-s']}`);
      const job = await t.finished(access, started.json().id);
      if (job.status !== 'succeeded') throw new Error(`${kind} allocation: ${job.status} ${job.error}`);
    }
    // The scenario's document as the server (and the simulation screen) builds it, no plan applied.
    const { document } = await scenarioAirportDocument(t.database.db, scenarioId, { settings: DEFAULT_DOCUMENT_SETTINGS });
    return withSizing(document, DEFAULT_SIZING);
  } finally {
    await t.close();
  }
}

/** Queues the sizing job on an API-like queue that runs no jobs, and waits for its result. */
async function sizeOnWorkers(database: TestDatabase, scenarioId: number, document: SizingDocument) {
  const queue = await startJobQueue({ db: database.db, log: pino({ level: 'silent' }), handlers: jobHandlers, databaseUrl: database.url!, work: false });
  try {
    const t0 = performance.now();
    const { id } = await queue.enqueue(JOB_KINDS.sizeToTarget, scenarioId, { document, name: 'bench', settings: document.sizing });
    for (;;) {
      const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
      if (row.status === 'failed' || row.status === 'cancelled') throw new Error(`sizing ${row.status}: ${row.error}`);
      if (row.status === 'succeeded')
        return { ms: performance.now() - t0, result: row.result as { plan_id: number; replications: number; workers: Record<string, number> } };
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await queue.stop();
  }
}

const hours = (minutes: number) => (minutes / 60).toFixed(1);

function printPlan(plan: AirportSizingOutput) {
  const stations = Object.values(plan.stations);
  const byKind = new Map<string, { groups: number; sized: number; current: number; minimal: number }>();
  for (const s of stations) {
    const k = byKind.get(s.kind) ?? byKind.set(s.kind, { groups: 0, sized: 0, current: 0, minimal: 0 }).get(s.kind)!;
    k.groups += 1;
    k.sized += s.server_minutes;
    k.current += s.current_server_minutes;
    k.minimal += s.locally_minimal ? 1 : 0;
  }
  for (const [kind, k] of byKind) {
    console.log(`  ${kind}: ${k.groups} groups (${k.minimal} locally minimal), ${hours(k.sized)} position-hours sized, ${hours(k.current)} today`);
  }
  const status = stations.flatMap((s) => s.period_status);
  const count = (what: string) => status.filter((s) => s === what).length;
  console.log(
    `  periods: ${count('met')} met, ${count('too_close')} too close to call, ${count('missed')} missed; search ${(plan.search_ms / 1000).toFixed(1)} s, verification ${(plan.verify_ms / 1000).toFixed(1)} s (thread time), up to ${plan.replications} and ${plan.verification_replications} replications`,
  );
  const notes = stations.reduce((n, s) => n + s.notes.length, 0);
  const sized = stations.reduce((n, s) => n + s.server_minutes, 0);
  const current = stations.reduce((n, s) => n + s.current_server_minutes, 0);
  console.log(`  all: ${hours(sized)} position-hours sized, ${hours(current)} today; ${notes} notes`);
}

console.log(`Start: ${machine()}`);
const t0 = performance.now();
const document = await demoDocument();
console.log(`Demo document built (seed, allocations, airport document) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const database = await openTestDatabase();
const [user] = await database.db.insert(users).values({ email: 'bench@example.com', passwordHash: 'x' }).returning();
const [project] = await database.db.insert(projects).values({ name: 'Bench', owner_id: user.id }).returning();
const [scenario] = await database.db.insert(scenarios).values({ project_id: project.id, name: 'Demo day' }).returning();
const stops: WorkerProcess[] = [];
try {
  for (const count of options.workers.split(',').map(Number)) {
    while (stops.length < count) stops.push(startWorkerProcess(database.url!, {}, 'inherit'));
    const { ms, result } = await sizeOnWorkers(database, scenario.id, document);
    const [saved] = await database.db.select().from(sizingPlans).where(eq(sizingPlans.id, result.plan_id));
    const parts = Object.values(result.workers).join(' + ');
    console.log(
      `${count} worker${count > 1 ? 's' : ''}: sized in ${(ms / 1000).toFixed(1)} s, ${result.replications} replications, parts per worker ${parts} (load average ${loadAverage()})`,
    );
    printPlan(saved.plan as unknown as AirportSizingOutput);
  }
} finally {
  for (const stop of stops) await stop.kill('SIGTERM');
  await database.close();
}
console.log(`End: load average ${loadAverage()}`);

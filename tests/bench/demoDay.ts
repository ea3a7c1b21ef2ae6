// `npm run bench:demo`: the demo day end to end on a fresh embedded database, as a planner runs it:
// the seed, the make-up and check-in allocation jobs through the API, the airport document the
// server builds from the scenario (the Simulation screen's, tests/api/airportDocument.test.ts), and
// its simulation. Prints the figures README's
// "Demo day" quotes. Options: --counters-per airline|flight, --replications N, --time-limit-s N,
// --out FILE (also write the document, for `npm run sim -- run FILE`).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createTestApp, TEST_PASSWORD } from '../support/app';
import { seedJfkDesignDay } from '../../server/seed/jfkDesignDay';
import { scenarioAirportDocument } from '../../server/scenarios/airportDocument';
import { DEFAULT_DOCUMENT_SETTINGS } from '../../common/scenario/documentSettings';
import { summariseAllocationResult } from '../../src/features/allocation/model/jobSummary';
import { simulateSync } from '../../workers/sim/run';
import { loadAverage, machine } from './machine';

const { values: options } = parseArgs({
  options: {
    'counters-per': { type: 'string', default: 'airline' },
    replications: { type: 'string', default: '5' },
    'time-limit-s': { type: 'string', default: '30' },
    out: { type: 'string' },
  },
});

console.log(machine());
const t = await createTestApp({ jobs: true });
const user = await t.user('demo@example.com');
const { access } = await t.login('demo@example.com', TEST_PASSWORD);
const scenarioId = await seedJfkDesignDay(t.database.db, user.id, pino({ level: 'silent' }));

async function runJob(path: string): Promise<Record<string, unknown>> {
  const started = await t.as(access, { method: 'POST', url: `/api/${path}` });
  if (started.statusCode !== 202) throw new Error(`${path}: ${started.body}`);
  const job = await t.finished(access, started.json().id);
  if (job.status !== 'succeeded') throw new Error(`${path}: ${job.status} ${job.error}`);
  return job.result!;
}

const limit = options['time-limit-s'];
for (const [what, path] of [
  ['Make-up', `allocation/run/makeup/?scenario_id=${scenarioId}&time_limit_s=${limit}`],
  ['Check-in', `allocation/run/checkin/?scenario_id=${scenarioId}&time_limit_s=${limit}&counters_per=${options['counters-per']}`],
]) {
  const summary = summariseAllocationResult(await runJob(path))!;
  console.log(`${what}: ${summary.headline} · ${summary.details.join(' · ')}`);
}

const settings = { ...DEFAULT_DOCUMENT_SETTINGS, replications: Number(options.replications) };
const { document, notes } = await scenarioAirportDocument(t.database.db, scenarioId, { settings });
await t.close();

if (options.out) writeFileSync(options.out, JSON.stringify(document));
for (const note of notes) console.log(`Note: ${note}`);
const out = simulateSync(document, {}, { clock: () => performance.now() });
if (out.kind !== 'airport') throw new Error('expected an airport output');

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(
  `Passengers ${out.passengers}, missed check-in ${out.missed_passengers.toFixed(1)} (${pct(out.missed_passengers / out.passengers)}), ${document.replications} replications`,
);
const rows = Object.entries(out.queues).map(([id, q]) => ({
  queue: id,
  served: Math.round(q.served),
  'target (min)': q.los_target_minutes,
  'within target': pct(q.share_within_target),
  'mean wait (min)': q.wait_mean_minutes.toFixed(1),
  'p95 wait (min)': q.wait_percentiles_minutes.p95.toFixed(1),
  'longest queue': Math.round(q.queue_length_max),
  missed: q.missed.toFixed(1),
}));
console.table(rows);
for (const kind of ['checkin', 'security'] as const) {
  const queues = Object.values(out.queues).filter((q) => q.kind === kind);
  const served = queues.reduce((n, q) => n + q.served, 0);
  const weighted = (f: (q: (typeof queues)[number]) => number) => queues.reduce((n, q) => n + f(q) * q.served, 0) / served;
  console.log(
    `${kind}: ${Math.round(served)} served, ${pct(weighted((q) => q.share_within_target))} within target, mean wait ${weighted((q) => q.wait_mean_minutes).toFixed(1)} min`,
  );
}
const m = out.makeup;
console.log(
  `make-up: ${Math.round(m.bags)} bags, ${Math.round(m.unallocated_bags)} unallocated (no position), ${Math.round(m.early_bags)} early, ${Math.round(m.late_bags)} late`,
);
console.log(`Load average at the end ${loadAverage()}`);

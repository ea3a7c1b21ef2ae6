// `npm run bench:sim`: speed of the simulation engine on the two workloads of issue 5, for the
// README's performance section. Each workload runs in its own child process so its peak memory
// (maxRSS) is its own. Targets: >= 5 million events/s on M/M/c with 1,000,000 customers, and
// < 1.5 s per replication of a 1,000-departure airport design day. A benchmark, not a test.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { syntheticDesignDay } from '../../workers/sim/examples/syntheticDay';
import { prepare, replicationSteps, summarise, type ReplicationResult } from '../../workers/sim/run';
import { loadAverage, machine } from './machine';

const clock = () => performance.now();
const RUNS = 3;

function mmcDocument(count: number) {
  return {
    kind: 'network',
    seed: 1,
    sources: [{ id: 'arrivals', to: 'checkin', arrivals: { type: 'poisson', rate_per_hour: 100, count } }],
    stations: [{ id: 'checkin', servers: 10, service: { dist: 'exponential', mean_minutes: 5 } }],
    report: { wait_thresholds_minutes: [0, 1, 5, 10], bin_minutes: 15 },
  };
}

/** Runs replication r to the end; returns its result and the wall time of the whole replication. */
function timedReplication(p: ReturnType<typeof prepare>, r: number): { result: ReplicationResult; ms: number } {
  const t0 = clock();
  const steps = replicationSteps(p, r, clock);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return { result: step.value, ms: clock() - t0 };
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function memory() {
  return `peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}, heap used ${mb(process.memoryUsage().heapUsed)}`;
}

function benchMmc(): void {
  console.log('M/M/c: 100/h, 5 min, 10 servers, 1,000,000 customers (2,000,000 events) per run');
  timedReplication(prepare(mmcDocument(100_000)), 0); // warm-up: let the JIT compile the loop
  const p = prepare(mmcDocument(1_000_000));
  const rates: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const { result, ms } = timedReplication(p, r);
    const rate = result.raw.events / (result.raw.wallMs / 1000);
    rates.push(rate);
    console.log(
      `  run ${r + 1}: ${result.raw.events} events, loop ${result.raw.wallMs.toFixed(0)} ms (replication ${ms.toFixed(0)} ms), ` +
        `${(rate / 1e6).toFixed(2)} M events/s`,
    );
  }
  console.log(`  median ${(median(rates) / 1e6).toFixed(2)} M events/s (target >= 5); ${memory()}`);
}

function benchAirport(): void {
  const doc = syntheticDesignDay(1000, 1);
  const t0 = clock();
  const p = prepare(doc);
  const prepareMs = clock() - t0;
  if (p.kind !== 'airport') throw new Error('expected an airport document');
  const passengers = p.plan.sources.reduce((s, x) => s + x.passengers, 0);
  console.log(
    `Airport design day: ${doc.flights.length} departures, ${passengers} passengers, ${doc.resources.length} resources, ` +
      `${p.model.stations.length} stations; validate + compile ${prepareMs.toFixed(0)} ms (once per run)`,
  );
  const results: ReplicationResult[] = [];
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const { result, ms } = timedReplication(p, r);
    results.push(result);
    times.push(ms);
    const rate = result.raw.events / (result.raw.wallMs / 1000);
    console.log(
      `  replication ${r + 1}: ${ms.toFixed(0)} ms (event loop ${result.raw.wallMs.toFixed(0)} ms, ${result.raw.events} events, ` +
        `${(rate / 1e6).toFixed(2)} M events/s; bags ${result.bags!.bagsByFlight.reduce((a, b) => a + b, 0)})`,
    );
  }
  const t1 = clock();
  summarise(p, results);
  console.log(`  summary of ${RUNS} replications ${(clock() - t1).toFixed(0)} ms`);
  console.log(`  median ${median(times).toFixed(0)} ms per replication (target < 1500); ${memory()}`);
}

const which = process.argv[2];
if (which === 'mmc') benchMmc();
else if (which === 'airport') benchAirport();
else {
  const self = fileURLToPath(import.meta.url);
  console.log(machine());
  for (const part of ['mmc', 'airport']) {
    await new Promise<void>((resolve, reject) =>
      fork(self, [part], { stdio: 'inherit' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${part} exited ${code}`)))),
    );
  }
  console.log(`Load average at the end ${loadAverage()}`);
}

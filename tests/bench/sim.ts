// `npm run bench:sim`: speed of the simulation engine on the two workloads of issues 5 and 12, for
// the README's performance section, on both paths: the feed-forward path (station by station,
// what run.ts picks for these documents) and the event list (what runs networks with cycles or
// finite queues). Each workload runs in its own child process so its peak memory (maxRSS) is its
// own. Each replication prints its wall time and the CPU time of this process, since the machine
// is shared and the wall time depends on the other work. Targets (issue 12): <= 50 ms per
// replication of the 1,000-departure design day; M/M/c with 1,000,000 customers in <= 1/50 of
// SimPy's wall time on the same model, measured here when python3 can import simpy.
// A benchmark, not a test.
import { execFileSync, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { syntheticDesignDay } from '../../workers/sim/examples/syntheticDay';
import { FeedForwardReplication } from '../../workers/sim/feedForward';
import { bagsOf, prepare, replicationSeed, replicationSteps, summarise, type EngineName, type ReplicationResult } from '../../workers/sim/run';
import { loadAverage, machine } from './machine';

const clock = () => performance.now();
const cpuClock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const RUNS = 3;
/**
 * Airport replications per path: a replication takes a fifth of a second and the machine is shared,
 * so three left the median at the mercy of one slow run (the same code measured 166 to 239 ms).
 */
const AIRPORT_RUNS = 9;
const PATHS: EngineName[] = ['feed-forward', 'event list'];
const MMC = { ratePerHour: 100, meanMinutes: 5, servers: 10, customers: 1_000_000 };

function mmcDocument(count: number) {
  return {
    kind: 'network',
    seed: 1,
    sources: [{ id: 'arrivals', to: 'checkin', arrivals: { type: 'poisson', rate_per_hour: MMC.ratePerHour, count } }],
    stations: [{ id: 'checkin', servers: MMC.servers, service: { dist: 'exponential', mean_minutes: MMC.meanMinutes } }],
    report: { wait_thresholds_minutes: [0, 1, 5, 10], bin_minutes: 15 },
  };
}

/** Runs replication r to the end on one path; its result, wall and CPU time of the whole replication. */
function timedReplication(p: ReturnType<typeof prepare>, r: number, engine: EngineName) {
  const t0 = clock();
  const c0 = cpuClock();
  const steps = replicationSteps(p, r, clock, 1 << 15, engine);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return { result: step.value, ms: clock() - t0, cpuMs: cpuClock() - c0 };
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function memory() {
  return `peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}, heap used ${mb(process.memoryUsage().heapUsed)}`;
}

/** Which path ran: the one asked for, or the event list when the feed-forward path gave up. */
const ran = (asked: EngineName, result: ReplicationResult) => (result.engine === asked ? asked : `${result.engine} (feed-forward gave up)`);

/** The same M/M/c in SimPy, timed in Python, when SimPy is installed; null otherwise. */
function simpyWallMs(): number | null {
  const script = `
import random, time, simpy
def run(env, servers, n, rng):
    def customer(env):
        with servers.request() as req:
            yield req
            yield env.timeout(rng.expovariate(1 / ${MMC.meanMinutes}))
    for _ in range(n):
        yield env.timeout(rng.expovariate(${MMC.ratePerHour} / 60))
        env.process(customer(env))
env = simpy.Environment()
t0 = time.perf_counter()
env.process(run(env, simpy.Resource(env, capacity=${MMC.servers}), ${MMC.customers}, random.Random(1)))
env.run()
print((time.perf_counter() - t0) * 1000)
`;
  try {
    return Number(execFileSync('python3', ['-c', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    return null;
  }
}

function benchMmc(): void {
  console.log(`M/M/c: 100/h, 5 min, 10 servers, 1,000,000 customers (2,000,000 events) per run`);
  const warm = prepare(mmcDocument(100_000));
  for (const engine of PATHS) timedReplication(warm, 0, engine); // warm-up: let the JIT compile the loops
  const p = prepare(mmcDocument(MMC.customers));
  const wall: Record<string, number[]> = {};
  for (const engine of PATHS) {
    wall[engine] = [];
    for (let r = 0; r < RUNS; r++) {
      const { result, ms, cpuMs } = timedReplication(p, r, engine);
      wall[engine].push(ms);
      const rate = result.raw.events / (ms / 1000);
      console.log(
        `  ${ran(engine, result)}, run ${r + 1}: ${result.raw.events} events, ${ms.toFixed(0)} ms wall (CPU ${cpuMs.toFixed(0)} ms), ` +
          `${(rate / 1e6).toFixed(2)} M events/s`,
      );
    }
    const best = Math.min(...wall[engine]);
    console.log(
      `  ${engine}: median ${median(wall[engine]).toFixed(0)} ms, ${((MMC.customers * 2) / median(wall[engine]) / 1000).toFixed(2)} M events/s; ` +
        `best ${best.toFixed(0)} ms, ${((MMC.customers * 2) / best / 1000).toFixed(2)} M events/s`,
    );
  }
  const simpy = simpyWallMs();
  if (simpy === null) console.log('  SimPy: not installed here (python3 cannot import simpy), so no ratio measured');
  else {
    console.log(`  SimPy 1 run: ${simpy.toFixed(0)} ms wall`);
    for (const engine of PATHS) console.log(`  ${engine}: 1/${(simpy / median(wall[engine])).toFixed(0)} of SimPy's wall time (target 1/50)`);
  }
  console.log(`  ${memory()}`);
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
  // Warm-up, not counted: both paths share the handlers and the summary, so the first timed would
  // pay their JIT.
  summarise(
    p,
    PATHS.map((engine) => timedReplication(p, AIRPORT_RUNS, engine).result),
  );
  for (const engine of PATHS) {
    const results: ReplicationResult[] = [];
    const times: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < AIRPORT_RUNS; r++) {
      const { result, ms, cpuMs } = timedReplication(p, r, engine);
      results.push(result);
      times.push(ms);
      cpu.push(cpuMs);
      console.log(
        `  ${ran(engine, result)}, replication ${r + 1}: ${ms.toFixed(0)} ms wall (CPU ${cpuMs.toFixed(0)} ms; simulation ` +
          `${result.raw.wallMs.toFixed(0)} ms, ${result.raw.events} events; bags ${result.bags!.bagsByFlight.reduce((a, b) => a + b, 0)})`,
      );
    }
    const t1 = clock();
    summarise(p, results);
    console.log(`  ${engine}: summary of ${AIRPORT_RUNS} replications ${(clock() - t1).toFixed(0)} ms`);
    console.log(
      `  ${engine}: median ${median(times).toFixed(0)} ms wall, CPU ${median(cpu).toFixed(0)} ms per replication; ` +
        `best ${Math.min(...times).toFixed(0)} ms wall, CPU ${Math.min(...cpu).toFixed(0)} ms; ` +
        `slowest ${Math.max(...times).toFixed(0)} ms wall (target <= 50)`,
    );
  }
  airportPhases(p);
  console.log(`  ${memory()}`);
}

/**
 * Where a feed-forward replication's time goes, median over AIRPORT_RUNS: setting it up (streams,
 * state, the turn-up arrivals drawn), running the stations, its results, and the bags. Then the
 * stations again keeping only each wait (sizing's `onWait` runs: no histogram, thresholds, queue
 * series or busy time), which leaves what the engine's mechanics cost without the statistics.
 */
function airportPhases(p: ReturnType<typeof prepare>): void {
  if (p.kind !== 'airport') return;
  const phases = { 'set-up': [] as number[], stations: [] as number[], results: [] as number[], bags: [] as number[] };
  let visits = 0;
  for (let r = 0; r < AIRPORT_RUNS; r++) {
    const t0 = clock();
    const rep = new FeedForwardReplication(p.model, replicationSeed(p.seed, r), p.options);
    const t1 = clock();
    rep.advance(Infinity);
    const t2 = clock();
    const raw = rep.result(t2 - t1);
    const t3 = clock();
    visits = raw.stations.reduce((n, st) => n + st.arrivals, 0);
    bagsOf(p, raw);
    phases['set-up'].push(t1 - t0);
    phases.stations.push(t2 - t1);
    phases.results.push(t3 - t2);
    phases.bags.push(clock() - t3);
  }
  console.log(
    `  feed-forward, median of each part: ${Object.entries(phases)
      .map(([name, ms]) => `${name} ${median(ms).toFixed(1)} ms`)
      .join(', ')}; ` + `stations ${((median(phases.stations) * 1e6) / visits).toFixed(0)} ns per passenger's visit to a station (${visits} visits)`,
  );
  const waitsOnly: number[] = [];
  for (let r = 0; r < AIRPORT_RUNS; r++) {
    const rep = new FeedForwardReplication(p.model, replicationSeed(p.seed, r), { ...p.options, onWait: () => {} });
    const t0 = clock();
    rep.advance(Infinity);
    waitsOnly.push(clock() - t0);
  }
  console.log(
    `  feed-forward, stations keeping only the waits (no statistics): median ${median(waitsOnly).toFixed(1)} ms, ` +
      `${((median(waitsOnly) * 1e6) / visits).toFixed(0)} ns per visit`,
  );
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

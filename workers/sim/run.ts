// The one entry point for every caller (CLI, worker, tests, benchmark): validate a document of
// either kind, run replication r as a generator of progress between chunks of events, and
// summarise the replications into the output JSON. Callers only choose how to drive the chunks.
import { compileAirport, type AirportPlan } from './airport';
import { parseAirport, type AirportDocument } from './airportSchema';
import { countBags, summariseAirport, utilisationGroupOfPools, type BagsRaw } from './airportOutputs';
import type { ReplicationCore, ReplicationOptions } from './engine';
import { Replication } from './eventLoop';
import type { ReplicationRaw } from './measurements';
import { FeedForwardReplication } from './feedForward';
import { invalidField } from './errors';
import { buildModel, type Model } from './model';
import { parseNetwork, type NetworkDocument } from './network';
import { summarisePlayback } from './playbackOutput';
import { bandSteps } from './space';
import { perReplication, probabilityCI, runFigures, summariseWaits, utilisationSeries } from './summarise';
import { meanCI } from './confidence';

export interface Overrides {
  seed?: number;
  replications?: number;
}

interface PreparedBase {
  seed: number;
  replications: number;
  /** The network that runs: the document itself, or what the airport model compiled. */
  network: NetworkDocument;
  model: Model;
  options: ReplicationOptions;
}
export type Prepared =
  (PreparedBase & { kind: 'network'; doc: NetworkDocument }) | (PreparedBase & { kind: 'airport'; doc: AirportDocument; plan: AirportPlan });

/** Validates a document (overrides applied first, so they are validated too) and compiles it. */
export function prepare(input: unknown, overrides: Overrides = {}): Prepared {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalidField('', 'the document must be a JSON object');
  }
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  const merged = { ...input, ...defined } as { kind?: unknown };
  if (merged.kind === 'network') {
    const doc = parseNetwork(merged);
    return { kind: 'network', doc, network: doc, seed: doc.seed, replications: doc.replications, model: buildModel(doc), options: {} };
  }
  if (merged.kind === 'airport') {
    const doc = parseAirport(merged);
    const { network, plan } = compileAirport(doc);
    const model = buildModel(network);
    const utilisationOf = utilisationGroupOfPools(
      plan,
      model.stations.map((s) => s.pools.length),
    );
    return {
      kind: 'airport',
      doc,
      plan,
      network,
      seed: doc.seed,
      replications: doc.replications,
      model,
      options: {
        groupOf: plan.groupOf,
        logStations: plan.bagStations,
        utilisationOf,
        trace: doc.settings.playback,
        // Each queue's space bands as queue lengths: the engine rates its crowding moment by moment.
        queueLevels: plan.nodes.map((n) => bandSteps(n.space)),
      },
    };
  }
  throw invalidField('kind', 'must be "network" or "airport"');
}

/** Seed of replication r: a hash, so replications are independent and any worker can run any r. */
export function replicationSeed(seed: number, r: number): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(r + 1, 0x7feb352d)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

export interface ReplicationResult {
  raw: ReplicationRaw;
  bags?: BagsRaw;
  /** Which path ran it; both give the same results. */
  engine: EngineName;
}

export type EngineName = 'feed-forward' | 'event list';

/**
 * Replication r of a prepared document, one chunk of events per step; yields the share of the
 * run done so far and returns the measurements. `clock` (milliseconds) times the loop. A network
 * without cycles or finite queues runs station by station (feedForward.ts) unless `engine` says
 * 'event list'; should that path meet a tie it cannot order, the event list runs the replication
 * again, its time counted too.
 */
export function* replicationSteps(
  p: Prepared,
  r: number,
  clock: () => number,
  chunkEvents = 1 << 15,
  engine: EngineName = 'feed-forward',
): Generator<number, ReplicationResult, void> {
  const seed = replicationSeed(p.seed, r);
  let rep: ReplicationCore =
    engine === 'feed-forward' && p.model.feedForwardOrder !== null
      ? new FeedForwardReplication(p.model, seed, p.options)
      : new Replication(p.model, seed, p.options);
  let wallMs = 0;
  for (;;) {
    const t0 = clock();
    const done = rep.advance(chunkEvents);
    if (done && rep instanceof FeedForwardReplication && rep.gaveUp) {
      rep = new Replication(p.model, seed, p.options);
      wallMs += clock() - t0;
      continue;
    }
    wallMs += clock() - t0;
    if (done) break;
    yield rep.progress();
  }
  const ran: EngineName = rep instanceof FeedForwardReplication ? 'feed-forward' : 'event list';
  const raw = rep.result(wallMs);
  if (p.kind === 'network') return { raw, engine: ran };
  return { raw: { ...raw, departures: { source: new Int32Array(0), time: new Float64Array(0) } }, bags: bagsOf(p, raw), engine: ran };
}

/** The bags of an airport replication, drawn from the stream after the engine's (2 per source, 2 per station). */
export function bagsOf(p: Prepared & { kind: 'airport' }, raw: ReplicationRaw): BagsRaw {
  return countBags(p.plan, raw, 2 * p.model.sources.length + 2 * p.model.stations.length);
}

export interface Progress {
  /** 0 to 1 over all replications. */
  fraction: number;
  replicationsDone: number;
  replications: number;
}

export interface RunHooks {
  clock: () => number;
  onProgress?: (p: Progress) => void;
  progressEveryMs?: number;
}

/** Runs every replication in this thread (command line, tests, benchmark) and summarises. */
export function simulateSync(input: unknown, overrides: Overrides, hooks: RunHooks) {
  const p = prepare(input, overrides);
  const results: ReplicationResult[] = [];
  const every = hooks.progressEveryMs ?? 100;
  let last = hooks.clock();
  for (let r = 0; r < p.replications; r++) {
    const steps = replicationSteps(p, r, hooks.clock);
    let step = steps.next();
    while (!step.done) {
      if (hooks.onProgress && hooks.clock() - last >= every) {
        last = hooks.clock();
        hooks.onProgress({ fraction: (r + step.value) / p.replications, replicationsDone: r, replications: p.replications });
      }
      step = steps.next();
    }
    results.push(step.value);
  }
  hooks.onProgress?.({ fraction: 1, replicationsDone: p.replications, replications: p.replications });
  return summarise(p, results);
}

export type SimulationOutput = ReturnType<typeof summarise>;

/** The output JSON of a run from its replications (in replication order). */
export function summarise(p: Prepared, results: readonly ReplicationResult[]) {
  const reps = results.map((x) => x.raw);
  const head = { seed: p.seed, replications: reps.length, ...runFigures(reps), bin_minutes: p.model.binMinutes };
  const thresholds = Array.from(p.model.thresholds);
  if (p.kind === 'airport') {
    const playback = summarisePlayback(p.plan, reps);
    return {
      kind: 'airport' as const,
      ...head,
      ...summariseAirport(
        p.plan,
        reps,
        results.map((x) => x.bags!),
      ),
      ...(playback && { playback }),
    };
  }
  const mean = (f: (r: ReplicationRaw) => number) => perReplication(reps, f).mean;
  const stations = Object.fromEntries(
    p.model.stations.map((m, j) => {
      const lostShare = reps.map((r) => (r.stations[j].arrivals > 0 ? r.stations[j].lost / r.stations[j].arrivals : 0));
      const utilisation = (r: ReplicationRaw, pools: readonly number[]) => {
        const st = r.stations[j];
        const capacity = pools.reduce((a, k) => a + st.poolCapacity[k], 0);
        return capacity > 0 ? pools.reduce((a, k) => a + st.poolBusy[k], 0) / capacity : 0;
      };
      const all = m.pools.map((_, k) => k);
      const util = perReplication(reps, (r) => utilisation(r, all));
      // A station given by pools also reports each pool.
      const pools = p.doc.stations[j].pools && {
        pools: Object.fromEntries(
          m.pools.map((pool, k) => {
            const u = perReplication(reps, (r) => utilisation(r, [k]));
            return [pool.id, { utilisation: u.mean, utilisation_ci95: u.ci95 }];
          }),
        ),
      };
      return [
        m.id,
        {
          arrivals: mean((r) => r.stations[j].arrivals),
          served: mean((r) => r.stations[j].served),
          lost: mean((r) => r.stations[j].lost),
          p_lost: meanCI(lostShare).mean,
          p_lost_ci95: probabilityCI(lostShare),
          missed: mean((r) => r.stations[j].missed),
          ...summariseWaits(reps, j, [j], thresholds, p.model.binMinutes),
          utilisation: util.mean,
          utilisation_ci95: util.ci95,
          // A station's pools are utilisation group j (the engine's default grouping).
          utilisation_series: utilisationSeries(reps, [j]).values,
          ...pools,
        },
      ];
    }),
  );
  const exits = Object.fromEntries(p.model.exits.map((id, k) => [id, mean((r) => r.exits[k])]));
  return { kind: 'network' as const, ...head, stations, exits };
}

// One batch of replications of a sizing plan: the problem's network with each sized station's
// pools opened period by period as the plan says, run by the engine, counted per period as
// arrivals and arrivals within the target wait. Pure and synchronous: a worker thread runs it.
import type { OnWait } from '../engine';
import { Replication } from '../eventLoop';
import { FeedForwardReplication } from '../feedForward';
import { buildModel, type Model } from '../model';
import type { NetworkDocument, NetworkStation } from '../network';
import { replicationSeed } from '../run';
import { addTally, coverPeriod } from './tally';
import type { SizedStation, SizingBatch, SizingPlan, SizingProblem, SizingTally } from './types';

/**
 * Where the plan's last period ends: its servers stay open for whoever still waits (sizing runs
 * drop nobody); the run ends with its last service, long before.
 */
const FOREVER = 1e9;

/** Servers of pool k of a station given n in total, filled in pool order. */
function poolShare(pools: readonly { servers: number }[], k: number, n: number): number {
  let before = 0;
  for (let i = 0; i < k; i++) before += pools[i].servers;
  return Math.max(0, Math.min(pools[k].servers, n - before));
}

/** Each pool's opening schedule under a plan's servers per period of a station. */
export function poolSchedules(pools: readonly { servers: number }[], servers: readonly number[], period: number) {
  return pools.map((_, k) =>
    servers.map((n, p) => ({
      from_minutes: p * period,
      to_minutes: p === servers.length - 1 ? FOREVER : (p + 1) * period,
      servers: poolShare(pools, k, n),
    })),
  );
}

function scheduled(station: NetworkStation, servers: readonly number[], period: number): NetworkStation {
  const schedules = poolSchedules(station.pools!, servers, period);
  return { ...station, pools: station.pools!.map((pool, k) => ({ ...pool, schedule: schedules[k] })) };
}

/** The network a plan runs as: sized stations on their schedules, no deadline drops anybody. */
export function networkForPlan(problem: SizingProblem, plan: SizingPlan): NetworkDocument {
  const sized = new Map(problem.sized.map((s) => [s.id, s]));
  return {
    ...problem.network,
    stations: problem.network.stations.map((st) => {
      const s = sized.get(st.id);
      const plain = { ...st, enforces_deadline: false };
      return s ? scheduled(plain, plan[s.id] ?? [s.spec.max_servers], s.spec.period_minutes) : plain;
    }),
  };
}

/**
 * When each source's passengers' check-in closes (the network's sources in order; Infinity: never)
 * and which sized stations close it (`enforces_deadline`): made once per problem, since every
 * station run counts with it.
 */
export interface CheckinCloses {
  stations: ReadonlySet<string>;
  bySource: Float64Array;
}
const closesOfProblem = new WeakMap<SizingProblem, CheckinCloses>();

export function checkinCloses(problem: SizingProblem): CheckinCloses {
  let closes = closesOfProblem.get(problem);
  if (closes === undefined) {
    const stations = new Set(problem.network.stations.filter((st) => st.enforces_deadline).map((st) => st.id));
    closes = { stations, bySource: Float64Array.from(problem.network.sources, (s) => s.deadline_minutes ?? Infinity) };
    closesOfProblem.set(problem, closes);
  }
  return closes;
}

/**
 * Counts, per period of joining, the arrivals at each sized station who start service and those
 * within its target, into `tally`: the engine's `onWait` (the run then measures nothing else).
 * At a station that closes check-in, a passenger who would start at or after their close counts
 * as outside the target (the ordinary simulation turns them away: the plan failed them), and one
 * who comes after it is not counted (turned away whatever the plan).
 */
export function countWithin(model: Model, sized: readonly SizedStation[], tally: SizingTally, closes: CheckinCloses): OnWait {
  const index = new Map(model.stations.map((m, j) => [m.id, j]));
  const of = model.stations.map((): { counts: SizingTally[string]; period: number; limit: number; closes: boolean } | null => null);
  for (const s of sized) {
    of[index.get(s.id)!] = {
      counts: (tally[s.id] ??= { arrivals: [], within: [] }),
      period: s.spec.period_minutes,
      // Waits are differences of minutes: a wait equal to the target must not miss by rounding.
      limit: s.spec.target.wait_minutes + 1e-9,
      closes: closes.stations.has(s.id),
    };
  }
  const bySource = closes.bySource;
  return (station, joined, wait, source) => {
    const c = of[station];
    if (c === null) return;
    const close = c.closes ? bySource[source] : Infinity;
    if (joined >= close) return;
    const p = Math.floor(joined / c.period);
    coverPeriod(c.counts, p);
    c.counts.arrivals[p]++;
    if (wait <= c.limit && joined + wait < close) c.counts.within[p]++;
  };
}

// The model of the last plan a thread evaluated: batches of one plan come in runs.
let lastModel: { problem: SizingProblem; key: string; model: Model } | null = null;

function modelFor(problem: SizingProblem, plan: SizingPlan): Model {
  const key = JSON.stringify(plan);
  if (lastModel?.problem !== problem || lastModel.key !== key) {
    lastModel = { problem, key, model: buildModel(networkForPlan(problem, plan)) };
  }
  return lastModel.model;
}

/**
 * Replication r's tally: station by station where the network allows (feedForward.ts), else, or
 * when that path meets a tie it cannot order, by the event list; both give the same sample path.
 */
export function replicationTally(problem: SizingProblem, model: Model, r: number): SizingTally {
  const seed = replicationSeed(problem.seed, r);
  if (model.feedForwardOrder !== null) {
    const tally: SizingTally = {};
    const fast = new FeedForwardReplication(model, seed, { onWait: countWithin(model, problem.sized, tally, checkinCloses(problem)) });
    while (!fast.advance(1 << 20));
    if (!fast.gaveUp) return tally;
  }
  const tally: SizingTally = {};
  const rep = new Replication(model, seed, { onWait: countWithin(model, problem.sized, tally, checkinCloses(problem)) });
  while (!rep.advance(1 << 20));
  return tally;
}

/** Runs a batch's replications in this thread and answers their summed tally. */
export function evaluateBatchSync(problem: SizingProblem, batch: SizingBatch): SizingTally {
  const model = modelFor(problem, batch.plan);
  return batch.replications.reduce((sum, r) => addTally(sum, replicationTally(problem, model, r)), {} as SizingTally);
}

// Running the stations of one depth alone, the speed of sizing to target (issue 12). Who arrives
// at a station depends only on the stations before it; how long they wait, only on those
// arrivals, the station's own servers and its own random streams. So the arrivals at every
// station of a depth are recorded once per replication (the stations before it run, the rest do
// not), and each plan tried for one station runs that station alone on them: a few hundred
// passengers instead of the whole day's network. It is the whole network's sample path (the
// feed-forward path's argument, feedForward.ts; tested), so the counts are the whole network's.
import { Replication } from '../eventLoop';
import { FeedForwardReplication, type StationArrivals } from '../feedForward';
import { buildModel, scheduleSteps, type Model, type RouteTable } from '../model';
import { replicationSeed } from '../run';
import { stationDepths } from './depths';
import { checkinCloses, countWithin, networkForPlan, poolSchedules, replicationTally } from './evaluate';
import type { SizedStation, SizingPlan, SizingProblem, SizingTally } from './types';

/** One station's counts of one replication, per period: arrivals and those within target. */
export type StationTally = SizingTally[string];

/** The event list, recording who arrives at some stations: for when the fast path gives up. */
class Recording extends Replication {
  readonly seen = new Map<number, { time: number[]; birth: number[]; source: number[] }>();

  constructor(model: Model, seed: number, stations: readonly number[]) {
    super(model, seed);
    for (const j of stations) this.seen.set(j, { time: [], birth: [], source: [] });
  }

  protected override arrive(j: number, e: number): void {
    const log = this.seen.get(j);
    if (log !== undefined) {
      log.time.push(this.now);
      log.birth.push(this.birth[e]);
      log.source.push(this.source[e]);
    }
    super.arrive(j, e);
  }
}

const TO_EXIT: RouteTable = { to: Int32Array.of(-1), cum: Float64Array.of(Infinity) };

/** The runs of one depth's stations under a plan that settles every station before them. */
export class LayerRuns {
  private readonly model: Model;
  private readonly index: Map<string, number>;
  private readonly layer: number[];
  private readonly upstream: Set<number>;
  /** Per replication index (the search's from 0, verification's far beyond), its recorded arrivals. */
  private readonly arrivals = new Map<number, Map<number, StationArrivals>>();
  /** Per station, the one-station model of the servers it was last run with. */
  private readonly cut = new Map<number, { key: string; model: Model }>();

  constructor(
    readonly problem: SizingProblem,
    readonly plan: SizingPlan,
    depth: number,
  ) {
    this.model = buildModel(networkForPlan(problem, plan));
    this.index = new Map(this.model.stations.map((s, j) => [s.id, j]));
    const depths = stationDepths(problem.network);
    this.layer = problem.sized.filter((s) => s.depth === depth).map((s) => this.index.get(s.id)!);
    this.upstream = new Set([...depths].filter(([, d]) => d < depth).map(([id]) => this.index.get(id)!));
  }

  /** Replication r's arrivals at the layer's stations, recorded at the first ask. */
  private arrivalsOf(r: number): Map<number, StationArrivals> {
    let got = this.arrivals.get(r);
    if (got === undefined) this.arrivals.set(r, (got = this.record(replicationSeed(this.problem.seed, r))));
    return got;
  }

  private record(seed: number): Map<number, StationArrivals> {
    if (this.model.feedForwardOrder !== null) {
      const run = new FeedForwardReplication(this.model, seed, { only: this.upstream });
      while (!run.advance(1 << 20));
      const got = new Map<number, StationArrivals>();
      for (const j of this.layer) {
        const arrivals = run.gaveUp ? null : run.arrivalsAt(j);
        if (arrivals === null) break;
        got.set(j, arrivals);
      }
      if (got.size === this.layer.length) return got;
    }
    const rec = new Recording(this.model, seed, this.layer);
    while (!rec.advance(1 << 20));
    return new Map(
      [...rec.seen].map(([j, log]) => [j, { time: Float64Array.from(log.time), birth: Float64Array.from(log.birth), source: Int32Array.from(log.source) }]),
    );
  }

  /** Replication r's arrivals at each station of the layer, by station id. */
  arrivalCounts(r: number): Map<string, number> {
    return new Map([...this.arrivalsOf(r)].map(([j, a]) => [this.model.stations[j].id, a.time.length]));
  }

  /** The station alone, its servers per period as given, everything else as in the whole network. */
  private modelOf(j: number, station: SizedStation, servers: readonly number[]): Model {
    const key = servers.join(',');
    const kept = this.cut.get(j);
    if (kept?.key === key) return kept.model;
    const whole = this.model.stations[j];
    const schedules = poolSchedules(whole.pools, servers, station.spec.period_minutes);
    const pools = whole.pools.map((pool, k) => ({ ...pool, scheduled: true, ...scheduleSteps(schedules[k]) }));
    const model: Model = {
      sources: [],
      // Where its passengers go next changes nothing here.
      stations: [{ ...whole, pools, routes: TO_EXIT, sourceRoutes: null }],
      exits: ['next'],
      // Sizing reads only its own count of waits within target.
      thresholds: new Float64Array(0),
      binMinutes: this.model.binMinutes,
      arrivalSpan: this.model.arrivalSpan,
      feedForwardOrder: Int32Array.of(0),
    };
    this.cut.set(j, { key, model });
    return model;
  }

  /** Replication r's counts at a station of the layer with these servers per period. */
  tally(station: SizedStation, servers: readonly number[], r: number): StationTally {
    const j = this.index.get(station.id)!;
    const seed = replicationSeed(this.problem.seed, r);
    const model = this.modelOf(j, station, servers);
    const cutFrom = { sources: this.model.sources.length, stations: this.model.stations.length, station: [j] };
    const tally: SizingTally = {};
    const onWait = countWithin(model, [station], tally, checkinCloses(this.problem));
    const run = new FeedForwardReplication(model, seed, { arrivals: new Map([[0, this.arrivalsOf(r).get(j)!]]), cutFrom, onWait });
    while (!run.advance(1 << 20));
    if (!run.gaveUp) return tally[station.id] ?? { arrivals: [], within: [] };
    // Two arrivals at one time: the whole network's event list orders them.
    const whole = buildModel(networkForPlan(this.problem, { ...this.plan, [station.id]: [...servers] }));
    return replicationTally(this.problem, whole, r)[station.id] ?? { arrivals: [], within: [] };
  }
}

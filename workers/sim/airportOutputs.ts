// What the airport model reports beyond the network's statistics: bags at make-up positions
// (drawn per replication from the logged check-in completions), missed passengers per flight,
// utilisation per resource, and per queue the share of passengers within the level-of-service
// target. Everything is in design-day minutes and planners' names.
import type { AirportPlan } from './airport';
import type { ReplicationRaw } from './measurements';
import { Stream } from './random';
import { probabilityCI, sum, summariseWaits, thresholdKey, utilisationSeries, type CI, type UtilisationSeries, type WaitSummary } from './summarise';
import { meanCI } from './confidence';
import { summariseSpace, type SpaceOutput } from './space';

/** Bag figures of one replication. */
export interface BagsRaw {
  bagsByFlight: number[];
  earlyByFlight: number[];
  lateByFlight: number[];
  unallocated: number;
  /** Bags per make-up position per bin (network time): row k is position k, plan.makeupBins wide. */
  positionSeries: Float64Array;
  positionEarly: number[];
  positionLate: number[];
}

/**
 * Each passenger checking in drops floor(m) bags, plus one more with probability m - floor(m)
 * (m: bags per passenger), which reach make-up after the transport time. A bag before its
 * position opens is early (held, then released at opening); after it closes, late.
 */
export function countBags(plan: AirportPlan, raw: ReplicationRaw, streamIndex: number): BagsRaw {
  const rng = new Stream(raw.seed, streamIndex);
  const nFlights = plan.flights.length;
  const out: BagsRaw = {
    bagsByFlight: new Array(nFlights).fill(0),
    earlyByFlight: new Array(nFlights).fill(0),
    lateByFlight: new Array(nFlights).fill(0),
    unallocated: 0,
    positionSeries: new Float64Array(plan.positions.length * plan.makeupBins),
    positionEarly: plan.positions.map(() => 0),
    positionLate: plan.positions.map(() => 0),
  };
  const makeup = flatMakeup(plan);
  const series = out.positionSeries;
  const add = (position: number, t: number) => series[position * plan.makeupBins + Math.floor(t / plan.binMinutes)]++;
  const turn = new Int32Array(plan.sources.length);
  const { source, time } = raw.departures;
  // NOTE: inlined for performance: flat arrays, no iterator or closure per bag (some 160,000 bags
  // per replication of a 1,000-departure day).
  for (let k = 0; k < source.length; k++) {
    const i = source[k];
    const m = makeup.bagsPerPassenger[i];
    const bags = Math.floor(m) + (rng.uniform() < m - Math.floor(m) ? 1 : 0);
    const t = time[k] + plan.transportMinutes;
    const flight = makeup.flight[i];
    const first = makeup.first[i];
    const last = makeup.first[i + 1];
    for (let b = 0; b < bags; b++) {
      out.bagsByFlight[flight]++;
      if (first === last) {
        out.unallocated++;
        continue;
      }
      let open = 0;
      for (let a = first; a < last; a++) if (makeup.from[a] <= t && t <= makeup.to[a]) open++;
      if (open > 0) {
        // Several positions open at once for one segregation share its bags in turn.
        let skip = turn[i]++ % open;
        for (let a = first; a < last; a++) {
          if (makeup.from[a] <= t && t <= makeup.to[a] && skip-- === 0) {
            add(makeup.position[a], t);
            break;
          }
        }
      } else if (t > makeup.to[last - 1]) {
        out.lateByFlight[flight]++;
        out.positionLate[makeup.position[last - 1]]++;
      } else {
        let next = first;
        while (makeup.from[next] <= t) next++;
        out.earlyByFlight[flight]++;
        out.positionEarly[makeup.position[next]]++;
        add(makeup.position[next], makeup.from[next]);
      }
    }
  }
  return out;
}

/** The plan's sources' make-up allocations end to end: source i's are `first[i]` to `first[i + 1]`. */
function flatMakeup(plan: AirportPlan) {
  const n = plan.sources.length;
  const first = new Int32Array(n + 1);
  plan.sources.forEach((src, i) => (first[i + 1] = first[i] + src.makeup.length));
  const from = new Float64Array(first[n]);
  const to = new Float64Array(first[n]);
  const position = new Int32Array(first[n]);
  plan.sources.forEach((src, i) =>
    src.makeup.forEach((a, k) => {
      from[first[i] + k] = a.from;
      to[first[i] + k] = a.to;
      position[first[i] + k] = a.position;
    }),
  );
  return {
    first,
    from,
    to,
    position,
    flight: Int32Array.from(plan.sources, (src) => src.flight),
    bagsPerPassenger: Float64Array.from(plan.sources, (src) => src.bagsPerPassenger),
  };
}

const shift = <T>(values: T[], start: number) => ({ start_minutes: start, values });

/** The resources that serve at some station, in order of first use: the model's utilisation groups. */
export function servingResources(plan: AirportPlan): string[] {
  return [...new Set(plan.stationResources.flatMap((members) => members.map((m) => m.resource)))];
}

/**
 * The utilisation group of each pool of the compiled network (pools numbered station by station):
 * its resource's index in servingResources, or one extra group for the single closed pool of a
 * station no resource ever opens for.
 */
export function utilisationGroupOfPools(plan: AirportPlan, poolsPerStation: readonly number[]): number[] {
  const resources = servingResources(plan);
  const index = new Map(resources.map((r, i) => [r, i]));
  return poolsPerStation.flatMap((n, j) => {
    const members = plan.stationResources[j];
    return Array.from({ length: n }, (_, k) => (members.length > 0 ? index.get(members[k].resource)! : resources.length));
  });
}

/** A utilisation series cut to the bins where something was open, in design-day minutes. */
function trimmed(u: UtilisationSeries, plan: AirportPlan): TimedUtilisation {
  const first = u.values.findIndex((v) => v !== null);
  const last = u.values.findLastIndex((v) => v !== null);
  const cut = <T>(xs: T[]) => (first < 0 ? [] : xs.slice(first, last + 1));
  return { start_minutes: plan.origin + Math.max(0, first) * plan.binMinutes, values: cut(u.values), low: cut(u.low), high: cut(u.high) };
}

export type TimedUtilisation = UtilisationSeries & { start_minutes: number };

export interface AirportQueueOutput extends Omit<WaitSummary, 'queue_length_series' | 'queue_length_band' | 'wait_mean_series'> {
  kind: 'checkin' | 'security';
  resources: string[];
  arrivals: number;
  served: number;
  missed: number;
  los_target_minutes: number;
  share_within_target: number;
  share_within_target_ci95: CI;
  /** Mean queue length per bin with its 95% interval over replications (null with one). */
  queue_length_series: { start_minutes: number; values: number[]; low: (number | null)[]; high: (number | null)[] };
  wait_mean_series: { start_minutes: number; values: (number | null)[] };
  /** Busy over open time of the queue's resources per bin, where any was open. */
  utilisation_series: TimedUtilisation;
  /** Square metres per waiting passenger, rated per bin and moment by moment (space.ts); runs saved before it have none. */
  space?: SpaceOutput;
}

export interface AirportResourceOutput {
  utilisation: number;
  utilisation_ci95: CI;
  open_minutes: number;
  utilisation_series: TimedUtilisation;
}

export function summariseAirport(plan: AirportPlan, reps: readonly ReplicationRaw[], bags: readonly BagsRaw[]) {
  const seriesOf = utilisationSeriesOf(plan, reps);
  const { flights, missed } = summariseFlights(plan, reps, bags);
  return {
    passengers: sum(plan.flights.map((f) => f.passengers)),
    missed_passengers: missed.mean,
    missed_passengers_ci95: missed.ci95,
    queues: summariseQueues(plan, reps, seriesOf),
    resources: summariseResources(plan, reps, seriesOf),
    flights,
    makeup: summariseMakeup(plan, bags),
  };
}

/** The mean over replications of one figure each. */
const meanOf = (xs: readonly number[]) => sum(xs) / xs.length;

/** Busy over open time per bin of the pools that serve the named resources, trimmed to the day. */
function utilisationSeriesOf(plan: AirportPlan, reps: readonly ReplicationRaw[]) {
  const groupOf = new Map(servingResources(plan).map((r, i) => [r, i]));
  return (resources: readonly string[]) =>
    trimmed(
      utilisationSeries(
        reps,
        resources.flatMap((r) => (groupOf.has(r) ? [groupOf.get(r)!] : [])),
      ),
      plan,
    );
}

function summariseQueues(
  plan: AirportPlan,
  reps: readonly ReplicationRaw[],
  seriesOf: (resources: readonly string[]) => TimedUtilisation,
): Record<string, AirportQueueOutput> {
  const queues: Record<string, AirportQueueOutput> = {};
  plan.nodes.forEach((node, n) => {
    const { queue_length_band: band, ...w } = summariseWaits(reps, n, node.stations, plan.thresholds, plan.binMinutes);
    const key = thresholdKey(node.losTarget);
    const total = (f: 'arrivals' | 'served' | 'missed') => meanOf(reps.map((r) => node.stations.reduce((a, j) => a + r.stations[j][f], 0)));
    const k = plan.thresholds.indexOf(node.losTarget);
    const within = probabilityCI(
      reps.map((r) => {
        const served = node.stations.reduce((a, j) => a + r.stations[j].served, 0);
        return served > 0 ? 1 - r.groups[n].gt[k] / served : 1;
      }),
    );
    const queueLength = shift(w.queue_length_series, plan.origin);
    queues[node.id] = {
      kind: node.kind,
      resources: node.resources,
      arrivals: total('arrivals'),
      served: total('served'),
      missed: total('missed'),
      los_target_minutes: node.losTarget,
      share_within_target: 1 - w.p_wait_gt[key],
      share_within_target_ci95: within,
      ...w,
      queue_length_series: { ...queueLength, ...band },
      wait_mean_series: shift(w.wait_mean_series, plan.origin),
      utilisation_series: seriesOf(node.resources),
      space: summariseSpace(
        node.space,
        queueLength,
        reps.map((r) => r.groups[n].levels ?? missingLevels(node.id)),
        plan.binMinutes,
      ),
    };
  });
  return queues;
}

/** A replication run without the queue levels run.ts gives every airport run: a caller's mistake. */
function missingLevels(queue: string): never {
  throw new Error(`queue ${queue}: a replication without its crowding levels (run with prepare's options)`);
}

function summariseResources(
  plan: AirportPlan,
  reps: readonly ReplicationRaw[],
  seriesOf: (resources: readonly string[]) => TimedUtilisation,
): Record<string, AirportResourceOutput> {
  // Each resource is one pool of its stations (pool k of station j is stationResources[j][k]).
  const R = reps.length;
  const busy = new Map<string, number[]>();
  const open = new Map<string, number[]>();
  reps.forEach((r, i) => {
    plan.stationResources.forEach((members, j) => {
      members.forEach((m, k) => {
        if (!busy.has(m.resource)) {
          busy.set(m.resource, new Array(R).fill(0));
          open.set(m.resource, new Array(R).fill(0));
        }
        busy.get(m.resource)![i] += r.stations[j].poolBusy[k];
        open.get(m.resource)![i] += r.stations[j].poolCapacity[k];
      });
    });
  });
  const resources: Record<string, AirportResourceOutput> = {};
  for (const [id, b] of busy) {
    const o = open.get(id)!;
    const u = meanCI(b.map((x, i) => (o[i] > 0 ? x / o[i] : 0)));
    // Open time on the clock: a checkpoint's lanes open and close together.
    resources[id] = { utilisation: u.mean, utilisation_ci95: u.ci95, open_minutes: meanOf(o) / (plan.lanes[id] ?? 1), utilisation_series: seriesOf([id]) };
  }
  for (const r of plan.idleResources) {
    resources[r.resource] = { utilisation: 0, utilisation_ci95: null, open_minutes: r.openMinutes, utilisation_series: seriesOf([]) };
  }
  return resources;
}

/** Per flight: its passengers who missed check-in and its bags; and the day's missed passengers. */
function summariseFlights(plan: AirportPlan, reps: readonly ReplicationRaw[], bags: readonly BagsRaw[]) {
  const missedByFlight = reps.map((r) => {
    const m = new Array(plan.flights.length).fill(0);
    plan.sources.forEach((s, k) => (m[s.flight] += r.missedBySource[k]));
    return m;
  });
  const flights = plan.flights.map((f, i) => {
    const missed = meanCI(missedByFlight.map((m) => m[i]));
    return {
      id: f.id,
      airline: f.airline,
      std_minutes: f.std,
      passengers: f.passengers,
      missed: missed.mean,
      missed_ci95: missed.ci95,
      bags: meanOf(bags.map((b) => b.bagsByFlight[i])),
      early_bags: meanOf(bags.map((b) => b.earlyByFlight[i])),
      late_bags: meanOf(bags.map((b) => b.lateByFlight[i])),
    };
  });
  return { flights, missed: meanCI(missedByFlight.map(sum)) };
}

function summariseMakeup(plan: AirportPlan, bags: readonly BagsRaw[]) {
  const perRep = (f: (b: BagsRaw) => number) => meanCI(bags.map(f));
  const early = perRep((b) => sum(b.earlyByFlight));
  const late = perRep((b) => sum(b.lateByFlight));
  return {
    bags: perRep((b) => sum(b.bagsByFlight)).mean,
    early_bags: early.mean,
    early_bags_ci95: early.ci95,
    late_bags: late.mean,
    late_bags_ci95: late.ci95,
    unallocated_bags: perRep((b) => b.unallocated).mean,
    positions: plan.positions.map((p, k) => {
      const width = plan.makeupBins;
      const series = Array.from({ length: width }, (_, t) => meanOf(bags.map((b) => b.positionSeries[k * width + t])));
      // Only the bins between the first and the last bag: a position is busy a few hours a day.
      const first = series.findIndex((v) => v > 0);
      const last = series.findLastIndex((v) => v > 0);
      return {
        resource: p.resource,
        position: p.position,
        bags: sum(series),
        early_bags: meanOf(bags.map((b) => b.positionEarly[k])),
        late_bags: meanOf(bags.map((b) => b.positionLate[k])),
        bags_series: first < 0 ? shift([], plan.origin) : shift(series.slice(first, last + 1), plan.origin + first * plan.binMinutes),
      };
    }),
  };
}

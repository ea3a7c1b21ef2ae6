// Turns a validated network document into the indexed, immutable form the engine runs: ids become
// indices, routes cumulative probabilities, schedules step functions. Built once, shared by every
// replication (and by every worker, after structured cloning of the document).
import type { Arrivals, NetworkDocument } from './network';
import { makeSampler, type Sampler } from './random';

export enum ArrivalKind {
  Poisson = 0,
  Piecewise = 1,
  Times = 2,
  Profile = 3,
}

/** Where an entity goes next: a station index, or -1 - k for exit k; cumulative probabilities. */
export interface RouteTable {
  readonly to: Int32Array;
  readonly cum: Float64Array;
}

export interface SourceModel {
  readonly id: string;
  readonly kind: ArrivalKind;
  /** Poisson and profile: arrivals to generate. Times: the list's length. */
  readonly count: number;
  /** Poisson: mean minutes between arrivals. */
  readonly meanGap: number;
  /** Piecewise: interval length and rates per minute. */
  readonly interval: number;
  readonly rates: Float64Array;
  /** Times: sorted arrival minutes. */
  readonly times: Float64Array;
  /** Profile: start, bin width and cumulative normalised shares (last one is 1). */
  readonly profileStart: number;
  readonly profileBin: number;
  readonly profileCum: Float64Array;
  /**
   * Profile: for each of cum.length equal slices of [0, 1), the first bin whose cumulative share
   * exceeds the slice's start, so a draw finds its bin in a step or two instead of a bisection.
   */
  readonly profileGuide: Int32Array;
  readonly routes: RouteTable;
  readonly deadline: number;
}

/** Identical servers of a station: their number, service time and opening schedule. */
export interface PoolModel {
  readonly id: string;
  readonly servers: number;
  readonly service: Sampler;
  readonly scheduled: boolean;
  /** Step function of the number of servers: from breakTimes[i] on, breakCaps[i] servers. */
  readonly breakTimes: Float64Array;
  readonly breakCaps: Int32Array;
}

export interface StationModel {
  readonly id: string;
  /** One pool for a station given by servers and service; several when given by pools. */
  readonly pools: readonly PoolModel[];
  /** Waiting places; Infinity when unlimited. */
  readonly queueCapacity: number;
  readonly routes: RouteTable;
  /** Routes that replace `routes` for entities of some sources (by source index); null if none. */
  readonly sourceRoutes: Map<number, RouteTable> | null;
  readonly enforcesDeadline: boolean;
}

export interface Model {
  readonly sources: readonly SourceModel[];
  readonly stations: readonly StationModel[];
  /** Names of the network's exits: route targets that are not stations. */
  readonly exits: readonly string[];
  readonly thresholds: Float64Array;
  readonly binMinutes: number;
  /** Minutes from 0 to the last arrival any source can make (a Poisson source's expected last). */
  readonly arrivalSpan: number;
  /**
   * Stations in an order in which every route leads forward (each station after all that can
   * send to it), when the network can run station by station (feedForward.ts): no cycle in any
   * route and no finite queue. Null otherwise: the event list runs it.
   */
  readonly feedForwardOrder: Int32Array | null;
}

function routeTable(routes: readonly { to: string; p: number }[], index: Map<string, number>, exits: string[]): RouteTable {
  const to = new Int32Array(routes.length);
  const cum = new Float64Array(routes.length);
  let acc = 0;
  routes.forEach((r, i) => {
    const station = index.get(r.to);
    if (station !== undefined) to[i] = station;
    else {
      if (!exits.includes(r.to)) exits.push(r.to);
      to[i] = -1 - exits.indexOf(r.to);
    }
    acc += r.p;
    cum[i] = acc;
  });
  // The last branch takes whatever rounding leaves, so a draw never falls off the end.
  if (routes.length > 0) cum[routes.length - 1] = Infinity;
  return { to, cum };
}

function arrivalFields(a: Arrivals) {
  const none = new Float64Array(0);
  const base = {
    count: 0,
    meanGap: 0,
    interval: 0,
    rates: none,
    times: none,
    profileStart: 0,
    profileBin: 0,
    profileCum: none,
    profileGuide: new Int32Array(0),
  };
  switch (a.type) {
    case 'poisson':
      return { ...base, kind: ArrivalKind.Poisson, count: a.count, meanGap: 60 / a.rate_per_hour };
    case 'piecewise_poisson':
      return {
        ...base,
        kind: ArrivalKind.Piecewise,
        interval: a.interval_minutes,
        rates: Float64Array.from(a.rates_per_hour, (r) => r / 60),
      };
    case 'times': {
      const times = Float64Array.from(a.minutes).sort();
      return { ...base, kind: ArrivalKind.Times, count: times.length, times };
    }
    case 'profile': {
      const total = a.shares.reduce((s, v) => s + v, 0);
      let acc = 0;
      const cum = Float64Array.from(a.shares, (v) => (acc += v) / total);
      cum[cum.length - 1] = 1;
      return {
        ...base,
        kind: ArrivalKind.Profile,
        count: a.count,
        profileStart: a.start_minutes,
        profileBin: a.bin_minutes,
        profileCum: cum,
        profileGuide: guideTable(cum),
      };
    }
  }
}

/** profileGuide of a cumulative profile (see SourceModel). */
function guideTable(cum: Float64Array): Int32Array {
  const n = cum.length;
  const guide = new Int32Array(n);
  for (let g = 0, b = 0; g < n; g++) {
    while (cum[b] <= g / n) b++;
    guide[g] = b;
  }
  return guide;
}

/** Breakpoints of an opening schedule; after the last one (always a close) it never reopens. */
export function scheduleSteps(schedule: readonly { from_minutes: number; to_minutes: number; servers: number }[]) {
  const times: number[] = [];
  const caps: number[] = [];
  for (const iv of [...schedule].sort((a, b) => a.from_minutes - b.from_minutes)) {
    if (times.length > 0 && times[times.length - 1] === iv.from_minutes) caps[caps.length - 1] = iv.servers;
    else {
      times.push(iv.from_minutes);
      caps.push(iv.servers);
    }
    times.push(iv.to_minutes);
    caps.push(0);
  }
  return { breakTimes: Float64Array.from(times), breakCaps: Int32Array.from(caps) };
}

function lastArrival(s: SourceModel): number {
  switch (s.kind) {
    case ArrivalKind.Poisson:
      return s.count * s.meanGap;
    case ArrivalKind.Piecewise:
      return s.rates.length * s.interval;
    case ArrivalKind.Times:
      return s.times.length ? s.times[s.times.length - 1] : 0;
    case ArrivalKind.Profile:
      return s.profileStart + s.profileCum.length * s.profileBin;
  }
}

/** Kahn's topological order over every station route and per-source route; null on a cycle. */
function feedForwardOrder(stations: readonly StationModel[]): Int32Array | null {
  if (stations.some((s) => s.queueCapacity !== Infinity)) return null;
  const n = stations.length;
  const next = stations.map((s) => {
    const to = new Set<number>();
    for (const table of [s.routes, ...(s.sourceRoutes?.values() ?? [])]) for (const j of table.to) if (j >= 0) to.add(j);
    return [...to];
  });
  const indegree = new Int32Array(n);
  for (const list of next) for (const j of list) indegree[j]++;
  const order = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let j = 0; j < n; j++) if (indegree[j] === 0) order[tail++] = j;
  while (head < tail) for (const j of next[order[head++]]) if (--indegree[j] === 0) order[tail++] = j;
  return tail === n ? order : null;
}

export function buildModel(doc: NetworkDocument): Model {
  const stationIndex = new Map(doc.stations.map((s, i) => [s.id, i]));
  const exits: string[] = [];
  const sources = doc.sources.map((s): SourceModel => ({
    id: s.id,
    ...arrivalFields(s.arrivals),
    routes: routeTable(s.routes ?? [{ to: s.to!, p: 1 }], stationIndex, exits),
    deadline: s.deadline_minutes ?? Infinity,
  }));
  const sourceRoutes = doc.stations.map(() => new Map<number, RouteTable>());
  doc.sources.forEach((s, i) => {
    for (const [station, routes] of Object.entries(s.routes_after ?? {})) {
      sourceRoutes[stationIndex.get(station)!].set(i, routeTable(routes, stationIndex, exits));
    }
  });
  const stations = doc.stations.map((s, j): StationModel => ({
    id: s.id,
    pools: (s.pools ?? [{ id: s.id, servers: s.servers!, service: s.service!, schedule: s.schedule }]).map((p) => ({
      id: p.id,
      servers: p.servers,
      service: makeSampler(p.service),
      scheduled: p.schedule !== undefined,
      ...scheduleSteps(p.schedule ?? []),
    })),
    queueCapacity: s.queue_capacity ?? Infinity,
    routes: routeTable(s.routes, stationIndex, exits),
    sourceRoutes: sourceRoutes[j].size > 0 ? sourceRoutes[j] : null,
    enforcesDeadline: s.enforces_deadline,
  }));
  return {
    sources,
    stations,
    exits,
    thresholds: Float64Array.from(doc.report.wait_thresholds_minutes),
    binMinutes: doc.report.bin_minutes,
    arrivalSpan: Math.max(0, ...sources.map(lastArrival)),
    feedForwardOrder: feedForwardOrder(stations),
  };
}

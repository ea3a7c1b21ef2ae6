// The airport model compiler: a scenario document becomes a queueing network plus a plan that
// maps the network back to planners' terms (queues, resources, flights, make-up positions).
//
// Each passenger source is one flight segregation, arriving by its turn-up profile and routed
// through queues by the movement graph. Counters serve a passenger only while an allocation opens
// them for the passenger's flight, else its airline, else everyone; so each queue becomes one
// station per such group, its servers following the allocations, and routing after a queue is per
// source. Security outputs are one station each, a security resource a pool of as many servers as
// it has lanes (its positions).
import {
  DEFAULT_LOS_MINUTES,
  DEFAULT_SERVICE_MINUTES,
  type AirportDocument,
  type AirportFlight,
} from './airportSchema';
import type { NetworkDocument, NetworkSource, NetworkStation } from './network';

type NetworkRoute = NetworkStation['routes'][number];

type Allocation = AirportDocument['resource_allocations'][number];

/** A resource's share of a station: the intervals (network minutes) it is open there. */
export interface StationResource {
  resource: string;
  /** Sorted, disjoint; null when always open. */
  intervals: [number, number][] | null;
}

export interface PlanNode {
  id: string;
  kind: 'checkin' | 'security';
  resources: string[];
  losTarget: number;
  stations: number[];
}

export interface PlanSource {
  flight: number;
  segregation: string;
  passengers: number;
  bagsPerPassenger: number;
  /** Make-up allocations of this segregation (network minutes), sorted by opening. */
  makeup: { position: number; from: number; to: number }[];
}

export interface AirportPlan {
  /** Design-day minute at network time 0. */
  origin: number;
  binMinutes: number;
  transportMinutes: number;
  thresholds: number[];
  nodes: PlanNode[];
  /** Report group (node index) of each station. */
  groupOf: number[];
  stationResources: StationResource[][];
  /** Resources of the graph that no passenger can use (allocated to others only): minutes open. */
  idleResources: { resource: string; openMinutes: number }[];
  /** Servers of each resource that has more than one (a security resource's lanes). */
  lanes: Record<string, number>;
  /** Stations whose completions drop bags. */
  bagStations: number[];
  sources: PlanSource[];
  flights: { id: string; airline: string; std: number; passengers: number }[];
  positions: { resource: string; position: number }[];
  /** Bins of the make-up series: up to the last make-up close. */
  makeupBins: number;
}

/** Passengers of a flight: its own figure, else seats times load factor. */
function passengersOf(f: AirportFlight, defaultLoadFactor: number): number {
  return f.passengers ?? Math.round(f.seats! * (f.load_factor ?? defaultLoadFactor));
}

/** Splits n into integers proportional to shares, largest remainders first; the total stays n. */
export function apportion(n: number, shares: readonly number[]): number[] {
  const total = shares.reduce((a, b) => a + b, 0);
  const exact = shares.map((s) => (n * s) / total);
  const out = exact.map(Math.floor);
  let left = n - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k++, left--) out[order[k][1]]++;
  return out;
}

/** Union of intervals, sorted and disjoint. */
function union(intervals: [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function idleResources(nodes: PlanNode[], used: StationResource[][], allocationsOn: Map<string, Allocation[]>) {
  const serving = new Set(used.flat().map((m) => m.resource));
  const idle = [...new Set(nodes.flatMap((n) => n.resources))].filter((r) => !serving.has(r));
  return idle.map((resource) => ({
    resource,
    openMinutes: union((allocationsOn.get(resource) ?? []).map((a): [number, number] => [a.from_minutes, a.to_minutes])).reduce(
      (s, [a, b]) => s + b - a,
      0,
    ),
  }));
}

export function compileAirport(doc: AirportDocument): { network: NetworkDocument; plan: AirportPlan } {
  const s = doc.settings;
  const bin = s.bin_minutes;
  const resourceById = new Map(doc.resources.map((r) => [r.id, r]));
  const profileById = new Map(doc.turnup_profiles.map((p) => [p.id, p]));

  // Network time starts at the bin edge before the first turn-up or opening, so times are >= 0.
  let first = Infinity;
  for (const f of doc.flights) first = Math.min(first, f.std_minutes - profileById.get(f.turnup_profile)!.earliest_minutes);
  for (const a of [...doc.resource_allocations, ...doc.makeup_allocations]) first = Math.min(first, a.from_minutes);
  const origin = Math.floor(first / bin) * bin;

  const allocationsOn = new Map<string, Allocation[]>();
  for (const a of doc.resource_allocations) {
    const list = allocationsOn.get(a.resource);
    if (list) list.push(a);
    else allocationsOn.set(a.resource, [a]);
  }

  const stations: NetworkStation[] = [];
  const groupOf: number[] = [];
  const stationResources: StationResource[][] = [];
  const bagStations: number[] = [];
  const stationKey = new Map<string, number>();

  // Queues first, then outputs: node n < queues.length is flow.queues[n].
  const nodes: PlanNode[] = [
    ...doc.flow.queues.map((node) => ({ node, kind: 'checkin' as const })),
    ...doc.flow.outputs.map((node) => ({ node, kind: 'security' as const })),
  ].map(({ node, kind }) => ({
    id: node.id,
    kind,
    resources: node.resources,
    losTarget: node.los_target_minutes ?? Math.max(...node.resources.map((r) => DEFAULT_LOS_MINUTES[resourceById.get(r)!.type])),
    stations: [],
  }));
  const nodeIndex = new Map(nodes.map((n, i) => [n.id, i]));
  // Each node's allocations by whom they open the resources for: a flight, an airline, everyone.
  const nodeAllocations = nodes.map((n) => {
    const byKey = new Map<string, Allocation[]>();
    let count = 0;
    for (const a of n.resources.flatMap((r) => allocationsOn.get(r) ?? [])) {
      const key = a.flight !== undefined ? `flight ${a.flight}` : a.airline !== undefined ? `airline ${a.airline}` : 'common';
      const list = byKey.get(key);
      if (list) list.push(a);
      else byKey.set(key, [a]);
      count++;
    }
    return { byKey, count };
  });

  /** The station that serves `flight` at node n, created on first use. */
  const stationFor = (n: number, flight: AirportFlight): number => {
    const node = nodes[n];
    const { byKey, count } = nodeAllocations[n];
    let key = [`flight ${flight.id}`, `airline ${flight.airline}`, 'common'].find((k) => byKey.has(k));
    let open: Allocation[] | null = key === undefined ? null : byKey.get(key)!;
    if (key === undefined && count === 0) key = 'common';
    else if (key === undefined) {
      // Counters exist but none ever opens for this flight: its passengers can only miss.
      key = `flight ${flight.id}`;
      open = [];
    }
    const full = `${node.id} / ${key}`;
    const known = stationKey.get(full);
    if (known !== undefined) return known;

    const members: StationResource[] = open
      ? [...new Set(open.map((a) => a.resource))].map((r) => ({
          resource: r,
          intervals: union(open.filter((a) => a.resource === r).map((a): [number, number] => [a.from_minutes - origin, a.to_minutes - origin])),
        }))
      : node.resources.map((r) => ({ resource: r, intervals: null }));
    const serversOf = (id: string) => {
      const r = resourceById.get(id)!;
      return r.type === 'security' ? r.positions : 1;
    };
    const serviceOf = (id: string) => {
      const r = resourceById.get(id)!;
      return { dist: r.service_dist, mean_minutes: r.mean_service_minutes ?? DEFAULT_SERVICE_MINUTES[r.type], cv: r.service_cv ?? s.service_cv };
    };
    // Each resource is a pool with its own speed and its own opening times: one server for a
    // counter, one per lane for a security resource (its positions); a group no counter ever
    // opens for is a station closed from the start.
    const servers: Pick<NetworkStation, 'servers' | 'service' | 'schedule' | 'pools'> =
      members.length > 0
        ? {
            pools: members.map((m) => {
              const lanes = serversOf(m.resource);
              return {
                id: m.resource,
                servers: lanes,
                service: serviceOf(m.resource),
                schedule: m.intervals?.map(([a, b]) => ({ from_minutes: a, to_minutes: b, servers: lanes })),
              };
            }),
          }
        : { servers: 1, service: serviceOf(node.resources[0]), schedule: [] };
    const j = stations.length;
    stations.push({ id: full, ...servers, queue_capacity: null, routes: [], enforces_deadline: node.kind === 'checkin' });
    groupOf.push(n);
    stationResources.push(members);
    node.stations.push(j);
    stationKey.set(full, j);
    const types = node.resources.map((r) => resourceById.get(r)!.type);
    if (node.kind === 'checkin' && (doc.flow.queues[n].checks_bags ?? types.some((t) => t !== 'kiosk'))) {
      bagStations.push(j);
    }
    return j;
  };

  /**
   * Routes of one flight's passengers after each check-in station they can reach: the next queue's
   * station depends on the flight (its counters), so routing is per source, not per station.
   */
  const routesAfter = (flight: AirportFlight, n: number, j: number, out: Record<string, NetworkRoute[]>) => {
    const id = stations[j].id;
    if (nodes[n].kind !== 'checkin' || id in out) return;
    const p = new Map<string, number>();
    out[id] = [];
    for (const e of doc.flow.queues[n].to) {
      const m = nodeIndex.get(e.node)!;
      const k = stationFor(m, flight);
      p.set(stations[k].id, (p.get(stations[k].id) ?? 0) + e.proportion / 100);
      routesAfter(flight, m, k, out);
    }
    out[id] = [...p].map(([to, q]) => ({ to, p: q }));
  };

  const sources: NetworkSource[] = [];
  const planSources: PlanSource[] = [];
  const bagRule = (airline: string, segregation: string) =>
    doc.bag_rules.find((r) => (r.airline ?? airline) === airline && (r.segregation ?? segregation) === segregation)
      ?.bags_per_passenger ?? s.bags_per_passenger;

  doc.flights.forEach((f, fi) => {
    const profile = profileById.get(f.turnup_profile)!;
    const pax = passengersOf(f, s.default_load_factor);
    const counts = apportion(pax, f.segregations.map((g) => g.share));
    const close = f.std_minutes - (f.checkin_close_minutes ?? s.checkin_close_minutes) - origin;
    f.segregations.forEach((g, gi) => {
      const split = doc.flow.splits.find((x) => x.airline === f.airline && x.segregation === g.name)!;
      const p = new Map<string, number>();
      const after: Record<string, NetworkRoute[]> = {};
      for (const e of split.to) {
        const n = nodeIndex.get(e.node)!;
        const j = stationFor(n, f);
        p.set(stations[j].id, (p.get(stations[j].id) ?? 0) + e.proportion / 100);
        routesAfter(f, n, j, after);
      }
      sources.push({
        id: `${f.id} ${g.name}`,
        routes: [...p].map(([to, q]) => ({ to, p: q })),
        routes_after: after,
        arrivals: {
          type: 'profile',
          count: counts[gi],
          start_minutes: f.std_minutes - profile.earliest_minutes - origin,
          bin_minutes: profile.bin_minutes,
          shares: profile.shares,
        },
        deadline_minutes: Math.max(0, close),
      });
      planSources.push({
        flight: fi,
        segregation: g.name,
        passengers: counts[gi],
        bagsPerPassenger: bagRule(f.airline, g.name),
        makeup: [],
      });
    });
  });

  const positions: AirportPlan['positions'] = [];
  const positionIndex = new Map<string, number>();
  const sourceIndex = new Map(planSources.map((p, i) => [`${doc.flights[p.flight].id}\u0000${p.segregation}`, i]));
  for (const m of doc.makeup_allocations) {
    const key = `${m.resource}\u0000${m.position}`;
    if (!positionIndex.has(key)) {
      positionIndex.set(key, positions.length);
      positions.push({ resource: m.resource, position: m.position });
    }
    planSources[sourceIndex.get(`${m.flight}\u0000${m.segregation}`)!].makeup.push({
      position: positionIndex.get(key)!,
      from: m.from_minutes - origin,
      to: m.to_minutes - origin,
    });
  }
  for (const p of planSources) p.makeup.sort((a, b) => a.from - b.from);

  const thresholds = [...new Set([...s.wait_thresholds_minutes, ...nodes.map((n) => n.losTarget)])].sort((a, b) => a - b);
  const network: NetworkDocument = {
    kind: 'network',
    seed: doc.seed,
    replications: doc.replications,
    sources,
    stations,
    report: { wait_thresholds_minutes: thresholds, bin_minutes: bin },
  };
  return {
    network,
    plan: {
      origin,
      binMinutes: bin,
      transportMinutes: s.bag_transport_minutes,
      thresholds,
      nodes,
      groupOf,
      stationResources,
      idleResources: idleResources(nodes, stationResources, allocationsOn),
      lanes: Object.fromEntries(doc.resources.filter((r) => r.type === 'security' && r.positions > 1).map((r) => [r.id, r.positions])),
      bagStations,
      sources: planSources,
      flights: doc.flights.map((f) => ({ id: f.id, airline: f.airline, std: f.std_minutes, passengers: passengersOf(f, s.default_load_factor) })),
      positions,
      makeupBins: Math.floor(doc.makeup_allocations.reduce((m, a) => Math.max(m, a.to_minutes - origin), 0) / bin) + 1,
    },
  };
}

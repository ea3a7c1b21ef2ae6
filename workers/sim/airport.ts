// The airport model compiler: a scenario document becomes a queueing network plus a plan that
// maps the network back to planners' terms (queues, resources, flights, make-up positions).
//
// Each passenger source is one flight segregation, arriving by its turn-up profile and routed
// through queues by the movement graph. Counters serve a passenger only while an allocation opens
// them for the passenger's flight, else its airline, else everyone; so each queue becomes one
// station per such group, its servers following the allocations, and routing after a queue is per
// source. Security outputs are one station each, a security resource a pool of as many servers as
// it has lanes (its positions).
import { DEFAULT_LOS_MINUTES, DEFAULT_SERVICE_MINUTES, type AirportDocument, type AirportFlight } from './airportSchema';
import type { NetworkDocument, NetworkSource, NetworkStation } from './network';
import { nodeSpaces, type NodeSpace } from './space';

type NetworkRoute = NetworkStation['routes'][number];

type Allocation = AirportDocument['resource_allocations'][number];

/** A resource's share of a station: the intervals (network minutes) it is open there. */
interface StationResource {
  resource: string;
  /** Sorted, disjoint; null when always open. */
  intervals: [number, number][] | null;
}

interface PlanNode {
  id: string;
  kind: 'checkin' | 'security';
  resources: string[];
  losTarget: number;
  stations: number[];
  space: NodeSpace;
}

interface PlanSource {
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
    openMinutes: union((allocationsOn.get(resource) ?? []).map((a): [number, number] => [a.from_minutes, a.to_minutes])).reduce((s, [a, b]) => s + b - a, 0),
  }));
}

type Resource = AirportDocument['resources'][number];

/** A resource's service time: its own, else its type's default, with the scenario's variability. */
export function resourceService(doc: AirportDocument, r: Resource) {
  return { dist: r.service_dist, mean_minutes: r.mean_service_minutes ?? DEFAULT_SERVICE_MINUTES[r.type], cv: r.service_cv ?? doc.settings.service_cv };
}

/** Servers of a resource: one for a counter, one per lane for a security resource. */
export function resourceServers(r: Resource): number {
  return r.type === 'security' ? r.positions : 1;
}

/**
 * Network time starts at the bin edge before the first turn-up or opening, so times are >= 0
 * (a lane schedule neither moves it nor opens before it).
 */
function networkOrigin(doc: AirportDocument, profileById: Map<string, AirportDocument['turnup_profiles'][number]>): number {
  const scheduled = new Set(doc.resources.filter((r) => r.lane_schedule !== undefined).map((r) => r.id));
  let first = Infinity;
  for (const f of doc.flights) first = Math.min(first, f.std_minutes - profileById.get(f.turnup_profile)!.earliest_minutes);
  for (const a of doc.resource_allocations) if (!scheduled.has(a.resource)) first = Math.min(first, a.from_minutes);
  for (const a of doc.makeup_allocations) first = Math.min(first, a.from_minutes);
  return Math.floor(first / doc.settings.bin_minutes) * doc.settings.bin_minutes;
}

/**
 * Allocations by resource. A security resource with a lane schedule opens by it instead: its
 * intervals (any number of lanes, even none) stand for its allocations.
 */
function allocationsByResource(doc: AirportDocument): Map<string, Allocation[]> {
  const scheduled = new Set(doc.resources.filter((r) => r.lane_schedule !== undefined).map((r) => r.id));
  const allocationsOn = new Map<string, Allocation[]>();
  const add = (a: Allocation) => {
    const list = allocationsOn.get(a.resource);
    if (list) list.push(a);
    else allocationsOn.set(a.resource, [a]);
  };
  for (const a of doc.resource_allocations) if (!scheduled.has(a.resource)) add(a);
  for (const r of doc.resources) for (const iv of r.lane_schedule ?? []) add({ resource: r.id, from_minutes: iv.from_minutes, to_minutes: iv.to_minutes });
  return allocationsOn;
}

/** Queues first, then outputs: node n < queues.length is flow.queues[n]. */
function planNodes(doc: AirportDocument, resourceById: Map<string, Resource>): PlanNode[] {
  const spaces = nodeSpaces(
    doc,
    doc.flights.map((f) => passengersOf(f, doc.settings.default_load_factor)),
  );
  return [...doc.flow.queues.map((node) => ({ node, kind: 'checkin' as const })), ...doc.flow.outputs.map((node) => ({ node, kind: 'security' as const }))].map(
    ({ node, kind }, n) => ({
      id: node.id,
      kind,
      resources: node.resources,
      losTarget: node.los_target_minutes ?? Math.max(...node.resources.map((r) => DEFAULT_LOS_MINUTES[resourceById.get(r)!.type])),
      stations: [],
      space: spaces[n],
    }),
  );
}

/** Each node's allocations by whom they open the resources for: a flight, an airline, everyone. */
function allocationGroups(nodes: PlanNode[], allocationsOn: Map<string, Allocation[]>) {
  return nodes.map((n) => {
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
}

/**
 * The servers of a station: each resource a pool with its own speed and opening times, one
 * server for a counter, one per lane for a security resource (its positions), opened by its
 * allocations or its lane schedule; a group no counter ever opens for is closed from the start.
 */
function stationServers(
  doc: AirportDocument,
  members: StationResource[],
  node: PlanNode,
  resourceById: Map<string, Resource>,
  origin: number,
): Pick<NetworkStation, 'servers' | 'service' | 'schedule' | 'pools'> {
  const serviceOf = (id: string) => resourceService(doc, resourceById.get(id)!);
  if (members.length === 0) return { servers: 1, service: serviceOf(node.resources[0]), schedule: [] };
  return {
    pools: members.map((m) => {
      const r = resourceById.get(m.resource)!;
      const lanes = resourceServers(r);
      const schedule = r.lane_schedule
        ? r.lane_schedule
            .map((iv) => ({ from_minutes: Math.max(0, iv.from_minutes - origin), to_minutes: iv.to_minutes - origin, servers: iv.lanes }))
            .filter((iv) => iv.to_minutes > iv.from_minutes)
        : m.intervals?.map(([a, b]) => ({ from_minutes: a, to_minutes: b, servers: lanes }));
      return { id: m.resource, servers: lanes, service: serviceOf(m.resource), schedule };
    }),
  };
}

/**
 * The network's stations, created as passengers need them: one per node and group of the
 * allocations that serve a flight there (its own, its airline's, everyone's).
 */
class StationTable {
  readonly stations: NetworkStation[] = [];
  readonly groupOf: number[] = [];
  readonly stationResources: StationResource[][] = [];
  readonly bagStations: number[] = [];
  private readonly stationKey = new Map<string, number>();
  private readonly groups: ReturnType<typeof allocationGroups>;
  private readonly nodeIndex: Map<string, number>;

  constructor(
    private readonly doc: AirportDocument,
    readonly nodes: PlanNode[],
    private readonly resourceById: Map<string, Resource>,
    allocationsOn: Map<string, Allocation[]>,
    private readonly origin: number,
  ) {
    this.groups = allocationGroups(nodes, allocationsOn);
    this.nodeIndex = new Map(nodes.map((n, i) => [n.id, i]));
  }

  node(id: string): number {
    return this.nodeIndex.get(id)!;
  }

  /** The station that serves `flight` at node n, created on first use. */
  stationFor(n: number, flight: AirportFlight): number {
    const node = this.nodes[n];
    const { byKey, count } = this.groups[n];
    let key = [`flight ${flight.id}`, `airline ${flight.airline}`, 'common'].find((k) => byKey.has(k));
    let open: Allocation[] | null = key === undefined ? null : byKey.get(key)!;
    if (key === undefined && count === 0) key = 'common';
    else if (key === undefined) {
      // Counters exist but none ever opens for this flight: its passengers can only miss.
      key = `flight ${flight.id}`;
      open = [];
    }
    const full = `${node.id} / ${key}`;
    const known = this.stationKey.get(full);
    if (known !== undefined) return known;

    const origin = this.origin;
    const members: StationResource[] = open
      ? [...new Set(open.map((a) => a.resource))].map((r) => ({
          resource: r,
          intervals: union(open.filter((a) => a.resource === r).map((a): [number, number] => [a.from_minutes - origin, a.to_minutes - origin])),
        }))
      : node.resources.map((r) => ({ resource: r, intervals: null }));
    const j = this.stations.length;
    this.stations.push({
      id: full,
      ...stationServers(this.doc, members, node, this.resourceById, origin),
      queue_capacity: null,
      routes: [],
      enforces_deadline: node.kind === 'checkin',
    });
    this.groupOf.push(n);
    this.stationResources.push(members);
    node.stations.push(j);
    this.stationKey.set(full, j);
    const types = node.resources.map((r) => this.resourceById.get(r)!.type);
    if (node.kind === 'checkin' && (this.doc.flow.queues[n].checks_bags ?? types.some((t) => t !== 'kiosk'))) {
      this.bagStations.push(j);
    }
    return j;
  }

  /**
   * Routes of one flight's passengers after each check-in station they can reach: the next queue's
   * station depends on the flight (its counters), so routing is per source, not per station.
   */
  routesAfter(flight: AirportFlight, n: number, j: number, out: Record<string, NetworkRoute[]>): void {
    const id = this.stations[j].id;
    if (this.nodes[n].kind !== 'checkin' || id in out) return;
    out[id] = [];
    out[id] = this.routesTo(flight, this.doc.flow.queues[n].to, out);
  }

  /** Routes to the stations serving `flight` at the nodes of `edges` (percentages), and beyond. */
  routesTo(flight: AirportFlight, edges: readonly { node: string; proportion: number }[], out: Record<string, NetworkRoute[]>): NetworkRoute[] {
    const p = new Map<string, number>();
    for (const e of edges) {
      const m = this.node(e.node);
      const k = this.stationFor(m, flight);
      p.set(this.stations[k].id, (p.get(this.stations[k].id) ?? 0) + e.proportion / 100);
      this.routesAfter(flight, m, k, out);
    }
    return [...p].map(([to, q]) => ({ to, p: q }));
  }
}

/** One passenger source per flight segregation, arriving by its turn-up profile. */
function flightSources(doc: AirportDocument, table: StationTable, profileById: Map<string, AirportDocument['turnup_profiles'][number]>, origin: number) {
  const s = doc.settings;
  const sources: NetworkSource[] = [];
  const planSources: PlanSource[] = [];
  const bagRule = (airline: string, segregation: string) =>
    doc.bag_rules.find((r) => (r.airline ?? airline) === airline && (r.segregation ?? segregation) === segregation)?.bags_per_passenger ?? s.bags_per_passenger;

  doc.flights.forEach((f, fi) => {
    const profile = profileById.get(f.turnup_profile)!;
    const pax = passengersOf(f, s.default_load_factor);
    const counts = apportion(
      pax,
      f.segregations.map((g) => g.share),
    );
    const close = f.std_minutes - (f.checkin_close_minutes ?? s.checkin_close_minutes) - origin;
    f.segregations.forEach((g, gi) => {
      const split = doc.flow.splits.find((x) => x.airline === f.airline && x.segregation === g.name)!;
      const after: Record<string, NetworkRoute[]> = {};
      sources.push({
        id: `${f.id} ${g.name}`,
        routes: table.routesTo(f, split.to, after),
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
  return { sources, planSources };
}

/** Make-up positions in use and each source's make-up allocations (network minutes). */
function makeupPositions(doc: AirportDocument, planSources: PlanSource[], origin: number): AirportPlan['positions'] {
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
  return positions;
}

export function compileAirport(doc: AirportDocument): { network: NetworkDocument; plan: AirportPlan } {
  const s = doc.settings;
  const bin = s.bin_minutes;
  const resourceById = new Map(doc.resources.map((r) => [r.id, r]));
  const profileById = new Map(doc.turnup_profiles.map((p) => [p.id, p]));
  const origin = networkOrigin(doc, profileById);
  const allocationsOn = allocationsByResource(doc);
  const nodes = planNodes(doc, resourceById);
  const table = new StationTable(doc, nodes, resourceById, allocationsOn, origin);
  const { sources, planSources } = flightSources(doc, table, profileById, origin);
  const positions = makeupPositions(doc, planSources, origin);

  const thresholds = [...new Set([...s.wait_thresholds_minutes, ...nodes.map((n) => n.losTarget)])].sort((a, b) => a - b);
  const network: NetworkDocument = {
    kind: 'network',
    seed: doc.seed,
    replications: doc.replications,
    sources,
    stations: table.stations,
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
      groupOf: table.groupOf,
      stationResources: table.stationResources,
      idleResources: idleResources(nodes, table.stationResources, allocationsOn),
      lanes: Object.fromEntries(doc.resources.filter((r) => r.type === 'security' && r.positions > 1).map((r) => [r.id, r.positions])),
      bagStations: table.bagStations,
      sources: planSources,
      flights: doc.flights.map((f) => ({ id: f.id, airline: f.airline, std: f.std_minutes, passengers: passengersOf(f, s.default_load_factor) })),
      positions,
      makeupBins: Math.floor(doc.makeup_allocations.reduce((m, a) => Math.max(m, a.to_minutes - origin), 0) / bin) + 1,
    },
  };
}

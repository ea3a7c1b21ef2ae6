// The scenario's API data turned into the airport document the simulation engine runs
// (docs/simulation.md, "The airport document"): departures with their segregations and turn-up
// profiles, resources with service times, counter allocations as opening windows, make-up
// allocations, bag rules and the passenger flow. Pure, so the same document is exported, saved
// with a run and tested. Times are minutes of the design day in the airport's local time.
import type { components } from '../../../../openapi/schema';
import { DEFAULT_BAGS_PER_PASSENGER, type AirportDocument } from '../../../../workers/sim/airportSchema';
import { matchesFlight, type FlightFacts } from '../../../../server/rules/matchFlight';
import { graphToSimulationFlow } from '../../flows/model/graphToSimulationFlow';
import { parseFlowDocument } from '../../flows/model/flowDocument';
import { isBusinessSegregation, type Process, type SimulationSettings } from './settings';

type Schemas = components['schemas'];

/** The engine's input as the client writes it (defaults left to the engine). */
export type AirportInput = {
  kind: 'airport';
  name?: string;
  design_date?: string;
  seed: number;
  replications: number;
  settings: Partial<AirportDocument['settings']>;
  turnup_profiles: AirportDocument['turnup_profiles'];
  flights: Array<Omit<AirportDocument['flights'][number], 'seats' | 'load_factor'> & { seats?: number; load_factor?: number }>;
  resources: Array<Omit<AirportDocument['resources'][number], 'service_dist' | 'positions'> & { positions?: number }>;
  resource_allocations: AirportDocument['resource_allocations'];
  flow: {
    splits: AirportDocument['flow']['splits'];
    queues: Array<Omit<AirportDocument['flow']['queues'][number], 'checks_bags'>>;
    outputs: AirportDocument['flow']['outputs'];
  };
  bag_rules: AirportDocument['bag_rules'];
  makeup_allocations: AirportDocument['makeup_allocations'];
};

export type SimulationApiData = {
  /** counter_share: percent of passengers who check in at a staffed counter (the rest go straight to security). */
  scenario: Pick<Schemas['Scenario'], 'name' | 'design_date' | 'counter_share'>;
  /** The airport's IANA time zone; the design day runs from its local midnight. */
  timeZone: string;
  flights: Schemas['Flight'][];
  segregations: Schemas['Segregation'][];
  airlines: Schemas['Airline'][];
  aircraft: Schemas['Aircraft'][];
  turnupProfiles: Schemas['TurnupProfile'][];
  resources: Schemas['Resource'][];
  zones: Schemas['Zone'][];
  resourceAllocations: Schemas['ResourceAllocation'][];
  baggageAllocations: Schemas['BaggageAllocation'][];
  /** The bags-per-allocation rules; `match` is the rule's flight criteria (server/rules/matchFlight). */
  bagRules: Array<Pick<Schemas['BagsPerAllocationRule'], 'id' | 'priority' | 'bags_per_passenger'> & { match: object }>;
  /** The saved passenger movement graph (the flow editor's flow.json), if the scenario has one. */
  flowGraph: unknown;
};

export type BuiltDocument = {
  document: AirportInput;
  /** The process of each queue and output, for the level-of-service table. */
  processes: Record<string, Process>;
  /** Which flow the passengers follow: the saved graph, or the default flow. */
  flowSource: 'graph' | 'default';
  /** Plain words on what the builder had to decide (flights left out, zones shared, the flow). */
  notes: string[];
};

const CHECKIN = new Set(['fullservice', 'kiosk', 'bagdrop']);
const MAKEUP = new Set(['makeup_carousel', 'makeup_lateral', 'makeup_chute']);

/** Wall-clock minutes of the design day in a time zone (the evening before is negative). */
export function designDayClock(timeZone: string, designDate: string): (iso: string) => number {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const base = Date.parse(`${designDate}T00:00:00Z`);
  return (iso) => {
    const p = Object.fromEntries(format.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
    const days = Math.round((Date.parse(`${p.year}-${p.month}-${p.day}T00:00:00Z`) - base) / 86_400_000);
    return days * 1440 + Number(p.hour) * 60 + Number(p.minute) + Number(p.second) / 60;
  };
}

/** Names made unique by a suffix, so the document's ids read as the planner's names. */
function uniqueNamer() {
  const used = new Set<string>();
  return (name: string) => {
    const base = name.trim() || 'unnamed';
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base} (${n})`;
    used.add(candidate);
    return candidate;
  };
}

/** Shares rescaled to total exactly 100 (the API allows a segregation set that does not). */
function toHundred(shares: number[]): number[] {
  const total = shares.reduce((a, b) => a + b, 0);
  return total > 0 ? shares.map((s) => (s * 100) / total) : shares.map(() => 100 / shares.length);
}

function queueProcess(types: Set<string>, segregations: Set<string>): Process {
  if (types.has('fullservice')) {
    const business = segregations.size > 0 && [...segregations].every(isBusinessSegregation);
    return business ? 'business' : 'economy';
  }
  return types.has('bagdrop') ? 'bagdrop' : 'kiosk';
}

export function buildAirportDocument(data: SimulationApiData, settings: SimulationSettings): BuiltDocument {
  const notes: string[] = [];
  const departures = data.flights.filter((f) => f.direction === 'departure');
  const firstDate = [...departures].sort((a, b) => a.scheduled.localeCompare(b.scheduled))[0]?.scheduled;
  const designDate =
    data.scenario.design_date ??
    (firstDate ? new Intl.DateTimeFormat('en-CA', { timeZone: data.timeZone }).format(new Date(firstDate)) : '1970-01-01');
  const minutes = designDayClock(data.timeZone, designDate);

  const airlineCode = new Map(data.airlines.map((a) => [a.id, a.code]));
  const aircraftOf = new Map(data.aircraft.map((a) => [a.id, a]));
  const zoneById = new Map(data.zones.map((z) => [z.id, z]));

  // Turn-up profiles: the flight's own, else the first matching its airline and sector.
  const profileName = uniqueNamer();
  const profileId = new Map(data.turnupProfiles.map((p) => [p.id, profileName(p.name)]));
  const profileFor = (f: Schemas['Flight'], airline: string) => {
    if (f.turnup_profile_id !== null && profileId.has(f.turnup_profile_id)) return profileId.get(f.turnup_profile_id)!;
    const match = data.turnupProfiles.find(
      (p) => (p.airline_code === null || p.airline_code === airline) && (p.sector === null || p.sector === f.sector),
    );
    return match ? profileId.get(match.id)! : undefined;
  };

  const segregationsOf = new Map<number, Schemas['Segregation'][]>();
  for (const s of data.segregations) segregationsOf.set(s.flight_id, [...(segregationsOf.get(s.flight_id) ?? []), s]);

  const flightName = uniqueNamer();
  const flightId = new Map<number, string>();
  const builtFlight = new Map<number, AirportInput['flights'][number]>();
  const flights: AirportInput['flights'] = [];
  const facts = new Map<number, FlightFacts>();
  let noProfile = 0;
  for (const f of departures) {
    const airline = airlineCode.get(f.airline_id) ?? `airline ${f.airline_id}`;
    const turnup = profileFor(f, airline);
    if (!turnup) {
      noProfile++;
      continue;
    }
    const id = flightName(`${airline} ${f.flight_number}${f.suffix}`);
    flightId.set(f.id, id);
    const own = segregationsOf.get(f.id) ?? [];
    const shares = toHundred(own.map((s) => s.share));
    const std = minutes(f.scheduled);
    const built: AirportInput['flights'][number] = {
      id,
      airline,
      std_minutes: std,
      ...(f.passengers !== null ? { passengers: f.passengers } : { seats: Math.max(1, f.seats), load_factor: f.load_factor }),
      turnup_profile: turnup,
      segregations: own.length ? own.map((s, i) => ({ name: s.name, share: shares[i] })) : [{ name: 'ALL', share: 100 }],
    };
    flights.push(built);
    builtFlight.set(f.id, built);
    const aircraft = f.aircraft_id !== null ? aircraftOf.get(f.aircraft_id) : undefined;
    const local = ((std % 1440) + 1440) % 1440;
    facts.set(f.id, {
      airline_code: airline,
      flight_number: Number.parseInt(f.flight_number, 10) || 0,
      other_airport: f.destination,
      sector: f.sector,
      body: aircraft?.body ?? null,
      aircraft_type: aircraft?.iata ?? '',
      weekday: ((new Date(`${designDate}T00:00:00Z`).getUTCDay() + 6 + Math.floor(std / 1440)) % 7) + 1,
      minute_of_day: local,
    });
  }
  if (noProfile) notes.push(`${noProfile} departures left out: no turn-up profile applies to them.`);

  // Resources: the engine wants minutes; the API stores seconds.
  const resourceName = uniqueNamer();
  const resourceId = new Map(data.resources.map((r) => [r.id, resourceName(r.name)]));
  const resources: AirportInput['resources'] = data.resources.map((r) => ({
    id: resourceId.get(r.id)!,
    name: r.name,
    type: r.resource_type,
    ...(r.service_mean_seconds ? { mean_service_minutes: r.service_mean_seconds / 60 } : {}),
    ...(r.service_cv !== null ? { service_cv: r.service_cv } : {}),
    // Make-up: segregations held at once; security: lanes, parallel servers of one queue.
    ...(MAKEUP.has(r.resource_type) || r.resource_type === 'security' ? { positions: Math.max(1, r.positions) } : {}),
  }));
  const typeOf = new Map(data.resources.map((r) => [r.id, r.resource_type]));

  const resourceAllocations: AirportInput['resource_allocations'] = [];
  let skippedAllocations = 0;
  for (const a of data.resourceAllocations) {
    const type = typeOf.get(a.resource_id);
    if (!type || MAKEUP.has(type)) continue;
    const window = { resource: resourceId.get(a.resource_id)!, from_minutes: minutes(a.start), to_minutes: minutes(a.end) };
    if (type === 'security') resourceAllocations.push(window);
    else if (a.flight_id !== null) {
      const flight = flightId.get(a.flight_id);
      if (flight) resourceAllocations.push({ ...window, flight });
      else skippedAllocations++;
    } else if (a.airline_id !== null) resourceAllocations.push({ ...window, airline: airlineCode.get(a.airline_id) ?? '' });
    else resourceAllocations.push(window);
  }
  if (skippedAllocations) notes.push(`${skippedAllocations} counter allocations of flights not simulated were left out.`);

  const segregationName = new Map(data.segregations.map((s) => [s.id, s.name]));
  const makeupAllocations: AirportInput['makeup_allocations'] = [];
  for (const b of data.baggageAllocations) {
    const flight = flightId.get(b.flight_id);
    const segregation = segregationName.get(b.segregation_id);
    if (!flight || !segregation || !MAKEUP.has(typeOf.get(b.resource_id) ?? '')) continue;
    makeupAllocations.push({
      flight,
      segregation,
      resource: resourceId.get(b.resource_id)!,
      position: b.position_index,
      from_minutes: minutes(b.start),
      to_minutes: minutes(b.end),
    });
  }

  // Bag rules match on more than the engine's airline and segregation: each flight segregation
  // takes its first matching rule, and the engine gets the passenger-weighted mean per pair.
  const rules = [...data.bagRules].sort((a, b) => a.priority - b.priority || a.id - b.id);
  const bagSums = new Map<string, { airline: string; segregation: string; bags: number; weight: number }>();
  for (const f of departures) {
    const flight = builtFlight.get(f.id);
    if (!flight) continue;
    const weight = flight.passengers ?? Math.round((flight.seats ?? 0) * (flight.load_factor ?? 0));
    for (const s of flight.segregations) {
      const rule = rules.find((r) => matchesFlight(r.match as Parameters<typeof matchesFlight>[0], { ...facts.get(f.id)!, segregation_name: s.name }));
      if (!rule) continue;
      const key = `${flight.airline}\u0000${s.name}`;
      const sum = bagSums.get(key) ?? { airline: flight.airline, segregation: s.name, bags: 0, weight: 0 };
      const w = Math.max(weight * (s.share / 100), 1e-9);
      sum.bags += rule.bags_per_passenger * w;
      sum.weight += w;
      bagSums.set(key, sum);
    }
  }
  const fromGraph = graphFlow(data, resourceId, resources, flights, settings, notes);
  const built = fromGraph ?? defaultFlow(data, departures, flightId, resourceId, flights, settings, notes);
  const { processes } = built;
  const { flow, bagsFactor } = withCounterShare(built.flow, data.scenario.counter_share, notes);
  // The bag rules count bags per departing passenger and every hold bag is checked at a counter,
  // so the passengers who use one carry the bags of those who do not.
  const bagRules = [...bagSums.values()].map((s) => ({
    airline: s.airline,
    segregation: s.segregation,
    bags_per_passenger: Math.round(((s.bags * bagsFactor) / s.weight) * 1000) / 1000,
  }));
  const closed = flightsWithoutCounters(flights, flow, resourceAllocations);
  if (closed.length) {
    notes.push(
      `${closed.length} of ${flights.length} departures have no counter open for them at their first check-in queue (no allocation for the flight, its airline or everyone): their passengers can only miss check-in. Run the check-in allocation or allocate counters.`,
    );
  }

  return {
    document: {
      kind: 'airport',
      name: data.scenario.name,
      design_date: designDate,
      seed: settings.seed,
      replications: settings.replications,
      settings: { bin_minutes: 5, ...(bagsFactor !== 1 && { bags_per_passenger: Math.round(DEFAULT_BAGS_PER_PASSENGER * bagsFactor * 1000) / 1000 }) },
      turnup_profiles: data.turnupProfiles.map((p) => ({
        id: profileId.get(p.id)!,
        bin_minutes: p.bin_minutes,
        earliest_minutes: p.earliest_minutes,
        shares: p.shares,
      })),
      flights,
      resources,
      resource_allocations: resourceAllocations,
      flow,
      bag_rules: bagRules,
      makeup_allocations: makeupAllocations,
    },
    processes,
    flowSource: fromGraph ? 'graph' : 'default',
    notes,
  };
}

/**
 * The scenario's counter share applied to every split: that percentage of each split's passengers
 * keeps its way to the check-in queues (proportions scaled), the rest goes straight to security,
 * evenly over the outputs. Answers the factor on bags per passenger for those who reach a counter.
 */
export function withCounterShare(flow: AirportInput['flow'], counterShare: number, notes: string[]): { flow: AirportInput['flow']; bagsFactor: number } {
  if (counterShare >= 100) return { flow, bagsFactor: 1 };
  if (flow.outputs.length === 0) {
    notes.push(`Passengers at counters is ${counterShare} %, but the flow has no security output for the others to go to: every passenger checks in at a counter.`);
    return { flow, bagsFactor: 1 };
  }
  const online = (100 - counterShare) / flow.outputs.length;
  const splits = flow.splits.map((split) => {
    const to = new Map<string, number>();
    for (const e of split.to) to.set(e.node, (to.get(e.node) ?? 0) + (e.proportion * counterShare) / 100);
    for (const o of flow.outputs) to.set(o.id, (to.get(o.id) ?? 0) + online);
    return { ...split, to: [...to].map(([node, proportion]) => ({ node, proportion })) };
  });
  const bagsFactor = 100 / counterShare;
  notes.push(
    `${counterShare} % of each departure's passengers check in at a counter (the scenario's “Passengers at counters”); the other ${100 - counterShare} % check in online or at a kiosk without hold baggage and go straight to security (${flow.outputs.map((o) => o.name ?? o.id).join(', ')}). The counter passengers carry all the hold bags: ${Math.round(bagsFactor * 100) / 100} times the bags per passenger of the bag rules.`,
  );
  return { flow: { ...flow, splits }, bagsFactor };
}

/** Flights whose first check-in queue has allocated counters, none of them open to the flight. */
export function flightsWithoutCounters(
  flights: AirportInput['flights'],
  flow: AirportInput['flow'],
  allocations: AirportInput['resource_allocations'],
): string[] {
  const queues = new Map(flow.queues.map((q) => [q.id, q]));
  const byResource = new Map<string, AirportInput['resource_allocations']>();
  for (const a of allocations) byResource.set(a.resource, [...(byResource.get(a.resource) ?? []), a]);
  return flights
    .filter((f) =>
      f.segregations.some((s) => {
        const split = flow.splits.find((x) => x.airline === f.airline && x.segregation === s.name);
        return split?.to.some((e) => {
          const queue = queues.get(e.node);
          if (!queue) return false;
          const windows = queue.resources.flatMap((r) => byResource.get(r) ?? []);
          return windows.length > 0 && !windows.some((a) => a.flight === f.id || (a.flight === undefined && (a.airline === undefined || a.airline === f.airline)));
        });
      }),
    )
    .map((f) => f.id);
}

/** LoS targets and processes for a flow's queues (by their resources' types and segregations). */
function withTargets(
  flow: Omit<AirportInput['flow'], 'queues' | 'outputs'> & { queues: Array<Omit<AirportInput['flow']['queues'][number], 'los_target_minutes'>>; outputs: Array<Omit<AirportInput['flow']['outputs'][number], 'los_target_minutes'>> },
  typeOf: (resource: string) => string | undefined,
  settings: SimulationSettings,
): { flow: AirportInput['flow']; processes: Record<string, Process> } {
  const segregationsOf = new Map<string, Set<string>>();
  const visit = (node: string, segregation: string, seen: Set<string>) => {
    if (seen.has(node)) return;
    seen.add(node);
    segregationsOf.set(node, (segregationsOf.get(node) ?? new Set()).add(segregation));
    for (const e of flow.queues.find((q) => q.id === node)?.to ?? []) visit(e.node, segregation, seen);
  };
  for (const s of flow.splits) for (const e of s.to) visit(e.node, s.segregation, new Set());
  const processes: Record<string, Process> = {};
  const queues = flow.queues.map((q) => {
    const process = queueProcess(new Set(q.resources.map((r) => typeOf(r) ?? '')), segregationsOf.get(q.id) ?? new Set());
    processes[q.id] = process;
    return { ...q, los_target_minutes: settings.losTargets[process] };
  });
  const outputs = flow.outputs.map((o) => {
    processes[o.id] = 'security';
    return { ...o, los_target_minutes: settings.losTargets.security };
  });
  return { flow: { splits: flow.splits, queues, outputs }, processes };
}

/**
 * The saved flow graph through the flow editor's converter, when it covers every airline and
 * segregation of the day's flights; otherwise null, with the reason in the notes.
 */
function graphFlow(
  data: SimulationApiData,
  resourceId: Map<number, string>,
  resources: AirportInput['resources'],
  flights: AirportInput['flights'],
  settings: SimulationSettings,
  notes: string[],
): { flow: AirportInput['flow']; processes: Record<string, Process> } | null {
  if (data.flowGraph === null || data.flowGraph === undefined) return null;
  let converted: ReturnType<typeof graphToSimulationFlow>;
  try {
    converted = graphToSimulationFlow(parseFlowDocument(data.flowGraph), { resourceKey: (id) => resourceId.get(id) ?? `resource ${id}` });
  } catch (caught) {
    notes.push(`The saved flow graph could not be read (${caught instanceof Error ? caught.message : String(caught)}); the default flow is used.`);
    return null;
  }
  const { flow, resourceService, problems } = converted;
  const covered = new Set(flow.splits.map((s) => `${s.airline}\u0000${s.segregation}`));
  const missing = [...new Set(flights.flatMap((f) => f.segregations.map((s) => `${f.airline} ${s.name}`).filter((_, i) => !covered.has(`${f.airline}\u0000${f.segregations[i].name}`))))];
  if (missing.length > 0 || problems.length > 0) {
    const why = missing.length > 0 ? `it has no split for ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}` : problems[0];
    notes.push(`The saved flow graph is incomplete (${why}); the default flow is used.`);
    return null;
  }
  for (const r of resources) Object.assign(r, resourceService[r.id] ?? {});
  const typeOf = new Map(resources.map((r) => [r.id, r.type]));
  // Splits of airlines without flights today would only be noise in the document.
  const flown = new Set(flights.map((f) => f.airline));
  return withTargets({ ...flow, splits: flow.splits.filter((s) => flown.has(s.airline)) }, (r) => typeOf.get(r), settings);
}

/**
 * The flow without a saved graph: each airline and segregation goes to one queue of the check-in
 * resources of its flights' zone (the zone most of the airline's flights use when they differ),
 * then to security, split evenly over the security outputs (checkpoints).
 */
function defaultFlow(
  data: SimulationApiData,
  departures: Schemas['Flight'][],
  flightId: Map<number, string>,
  resourceId: Map<number, string>,
  flights: AirportInput['flights'],
  settings: SimulationSettings,
  notes: string[],
): { flow: AirportInput['flow']; processes: Record<string, Process> } {
  const checkinByZone = new Map<number, Schemas['Resource'][]>();
  for (const r of data.resources) {
    if (CHECKIN.has(r.resource_type)) checkinByZone.set(r.zone_id, [...(checkinByZone.get(r.zone_id) ?? []), r]);
  }
  const ordered = (rs: Schemas['Resource'][]) => [...rs].sort((a, b) => a.display_order - b.display_order || a.id - b.id);
  const security = ordered(data.resources.filter((r) => r.resource_type === 'security'));
  const outputs = security.map((r) => ({ id: resourceId.get(r.id)!, name: r.name, resources: [resourceId.get(r.id)!] }));
  const toSecurity = outputs.map((o) => ({ node: o.id, proportion: 100 / outputs.length }));

  // Zone votes per airline: the zone of most of its flights.
  const fallbackZone = [...checkinByZone.keys()].sort((a, b) => a - b)[0];
  const votes = new Map<string, Map<number, number>>();
  const byId = new Map(flights.map((f) => [f.id, f]));
  for (const f of departures) {
    const id = flightId.get(f.id);
    if (!id) continue;
    const zone = f.zone_id !== null && checkinByZone.has(f.zone_id) ? f.zone_id : fallbackZone;
    if (zone === undefined) continue;
    const airline = byId.get(id)!.airline;
    const count = votes.get(airline) ?? new Map<number, number>();
    count.set(zone, (count.get(zone) ?? 0) + 1);
    votes.set(airline, count);
  }
  const zoneOfAirline = new Map<string, number>();
  for (const [airline, count] of votes) {
    const best = [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    zoneOfAirline.set(airline, best[0][0]);
    if (best.length > 1) {
      const zoneName = data.zones.find((z) => z.id === best[0][0])?.name ?? '';
      notes.push(`${airline} has flights in ${best.length} check-in zones; all its passengers queue in ${zoneName}.`);
    }
  }

  const queueName = uniqueNamer();
  const queueOfZone = new Map<number, string>();
  const splits: AirportInput['flow']['splits'] = [];
  const seen = new Set<string>();
  for (const f of flights) {
    const zone = zoneOfAirline.get(f.airline);
    for (const s of f.segregations) {
      const key = `${f.airline}\u0000${s.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (zone === undefined) {
        if (toSecurity.length) splits.push({ airline: f.airline, segregation: s.name, to: toSecurity });
        continue;
      }
      if (!queueOfZone.has(zone)) queueOfZone.set(zone, queueName(data.zones.find((z) => z.id === zone)?.name ?? `Zone ${zone}`));
      const queue = queueOfZone.get(zone)!;
      splits.push({ airline: f.airline, segregation: s.name, to: [{ node: queue, proportion: 100 }] });
    }
  }

  const queues = [...queueOfZone].map(([zone, id]) => ({
    id,
    name: id,
    resources: ordered(checkinByZone.get(zone)!).map((r) => resourceId.get(r.id)!),
    to: toSecurity,
  }));
  const typeOf = new Map(data.resources.map((r) => [resourceId.get(r.id)!, r.resource_type]));
  return withTargets({ splits, queues, outputs }, (r) => typeOf.get(r), settings);
}

// The passenger flow part of the airport document: the saved flow graph (through the flow
// editor's converter) or the default flow, the level-of-service targets and process of each queue,
// the scenario's share of passengers at counters, and the departures no counter is open for.
import { airlineZones } from './airlineZones';
import type { components } from '../../openapi/schema';
import { graphToSimulationFlow } from './graphToSimulationFlow';
import { parseFlowDocument } from './flowDocument';
import type { AirportInput, SimulationApiData } from './documentInput';
import { isBusinessSegregation, type DocumentSettings, type Process } from './documentSettings';
import { uniqueNamer } from './uniqueNamer';

type Schemas = components['schemas'];

const CHECKIN = new Set(['fullservice', 'kiosk', 'bagdrop']);

export type BuiltFlow = { flow: AirportInput['flow']; processes: Record<string, Process> };

function queueProcess(types: Set<string>, segregations: Set<string>): Process {
  if (types.has('fullservice')) {
    const business = segregations.size > 0 && [...segregations].every(isBusinessSegregation);
    return business ? 'business' : 'economy';
  }
  return types.has('bagdrop') ? 'bagdrop' : 'kiosk';
}

/**
 * The scenario's counter share applied to every split: that percentage of each split's passengers
 * keeps its way to the check-in queues (proportions scaled), the rest goes straight to security,
 * evenly over the outputs. Answers the factor on bags per passenger for those who reach a counter.
 */
export function withCounterShare(flow: AirportInput['flow'], counterShare: number, notes: string[]): { flow: AirportInput['flow']; bagsFactor: number } {
  if (counterShare >= 100) return { flow, bagsFactor: 1 };
  if (flow.outputs.length === 0) {
    notes.push(
      `Passengers at counters is ${counterShare} %, but the flow has no security output for the others to go to: every passenger checks in at a counter.`,
    );
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
          return (
            windows.length > 0 && !windows.some((a) => a.flight === f.id || (a.flight === undefined && (a.airline === undefined || a.airline === f.airline)))
          );
        });
      }),
    )
    .map((f) => f.id);
}

/** LoS targets and processes for a flow's queues (by their resources' types and segregations). */
function withTargets(
  flow: Omit<AirportInput['flow'], 'queues' | 'outputs'> & {
    queues: Array<Omit<AirportInput['flow']['queues'][number], 'los_target_minutes'>>;
    outputs: Array<Omit<AirportInput['flow']['outputs'][number], 'los_target_minutes'>>;
  },
  typeOf: (resource: string) => string | undefined,
  settings: DocumentSettings,
): BuiltFlow {
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
export function graphFlow(
  data: SimulationApiData,
  resourceId: Map<number, string>,
  resources: AirportInput['resources'],
  flights: AirportInput['flights'],
  settings: DocumentSettings,
  notes: string[],
): BuiltFlow | null {
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
  const missing = [
    ...new Set(
      flights.flatMap((f) => f.segregations.map((s) => `${f.airline} ${s.name}`).filter((_, i) => !covered.has(`${f.airline}\u0000${f.segregations[i].name}`))),
    ),
  ];
  if (missing.length > 0 || problems.length > 0) {
    // What the flows screen says too: a split that leads nowhere, before segregations it does not know.
    const list = (items: string[]) => `${items.slice(0, 3).join('; ')}${items.length > 3 ? `; and ${items.length - 3} more` : ''}`;
    const why = problems.length > 0 ? list(problems) : `it has no split for ${list(missing)}`;
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
export function defaultFlow(
  data: SimulationApiData,
  departures: Schemas['Flight'][],
  flightId: Map<number, string>,
  resourceId: Map<number, string>,
  flights: AirportInput['flights'],
  settings: DocumentSettings,
  notes: string[],
): BuiltFlow {
  const checkinByZone = new Map<number, Schemas['Resource'][]>();
  for (const r of data.resources) {
    if (CHECKIN.has(r.resource_type)) checkinByZone.set(r.zone_id, [...(checkinByZone.get(r.zone_id) ?? []), r]);
  }
  const ordered = (rs: Schemas['Resource'][]) => [...rs].sort((a, b) => a.display_order - b.display_order || a.id - b.id);
  const security = ordered(data.resources.filter((r) => r.resource_type === 'security'));
  const outputs = security.map((r) => ({ id: resourceId.get(r.id)!, name: r.name, resources: [resourceId.get(r.id)!] }));
  const toSecurity = outputs.map((o) => ({ node: o.id, proportion: 100 / outputs.length }));

  const byId = new Map(flights.map((f) => [f.id, f]));
  const departing = departures.flatMap((f) => {
    const id = flightId.get(f.id);
    return id ? [{ airline: byId.get(id)!.airline, zone: f.zone_id }] : [];
  });
  const zoneOfAirline = new Map<string, number>();
  for (const [airline, choice] of airlineZones(departing, [...checkinByZone.keys()])) {
    zoneOfAirline.set(airline, choice.zone);
    if (choice.zones > 1) {
      const zoneName = data.zones.find((z) => z.id === choice.zone)?.name ?? '';
      notes.push(`${airline} has flights in ${choice.zones} check-in zones; all its passengers queue in ${zoneName}.`);
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

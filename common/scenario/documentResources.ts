// The terminal part of the airport document: resources with service times in minutes, counter
// and security allocations as opening windows, make-up allocations, and the security lanes'
// opening schedule from the scenario's applied sizing plan.
import type { AirportInput, AppliedPlan, SimulationApiData } from './documentInput';
import { uniqueNamer } from './uniqueNamer';

const MAKEUP = new Set(['makeup_carousel', 'makeup_lateral', 'makeup_chute']);

type LaneWindow = { from_minutes: number; to_minutes: number; lanes: number };

export type BuiltResources = {
  resources: AirportInput['resources'];
  /** API resource id to the document's resource id. */
  resourceId: Map<number, string>;
  typeOf: Map<number, string>;
};

export function buildResources(data: SimulationApiData): BuiltResources {
  const resourceName = uniqueNamer();
  const resourceId = new Map(data.resources.map((r) => [r.id, resourceName(r.name)]));
  // The engine wants minutes; the API stores seconds.
  const resources: AirportInput['resources'] = data.resources.map((r) => ({
    id: resourceId.get(r.id)!,
    name: r.name,
    type: r.resource_type,
    ...(r.service_mean_seconds ? { mean_service_minutes: r.service_mean_seconds / 60 } : {}),
    ...(r.service_cv !== null ? { service_cv: r.service_cv } : {}),
    ...(r.queue_area_m2 !== null ? { queue_area_m2: r.queue_area_m2 } : {}),
    // Make-up: segregations held at once; security: lanes, parallel servers of one queue.
    ...(MAKEUP.has(r.resource_type) || r.resource_type === 'security' ? { positions: Math.max(1, r.positions) } : {}),
  }));
  return { resources, resourceId, typeOf: new Map(data.resources.map((r) => [r.id, r.resource_type])) };
}

/** Counter allocations open a resource for a flight, an airline or everyone; security ones for everyone. */
export function buildResourceAllocations(
  data: SimulationApiData,
  { resourceId, typeOf }: BuiltResources,
  flightId: Map<number, string>,
  minutes: (iso: string) => number,
  notes: string[],
): AirportInput['resource_allocations'] {
  const airlineCode = new Map(data.airlines.map((a) => [a.id, a.code]));
  const windows: AirportInput['resource_allocations'] = [];
  let skipped = 0;
  for (const a of data.resourceAllocations) {
    const type = typeOf.get(a.resource_id);
    if (!type || MAKEUP.has(type)) continue;
    const window = { resource: resourceId.get(a.resource_id)!, from_minutes: minutes(a.start), to_minutes: minutes(a.end) };
    if (type === 'security') windows.push(window);
    else if (a.flight_id !== null) {
      const flight = flightId.get(a.flight_id);
      if (flight) windows.push({ ...window, flight });
      else skipped++;
    } else if (a.airline_id !== null) windows.push({ ...window, airline: airlineCode.get(a.airline_id) ?? '' });
    else windows.push(window);
  }
  if (skipped) notes.push(`${skipped} counter allocations of flights not simulated were left out.`);
  return windows;
}

export function buildMakeupAllocations(
  data: SimulationApiData,
  { resourceId, typeOf }: BuiltResources,
  flightId: Map<number, string>,
  minutes: (iso: string) => number,
): AirportInput['makeup_allocations'] {
  const segregationName = new Map(data.segregations.map((s) => [s.id, s.name]));
  const allocations: AirportInput['makeup_allocations'] = [];
  for (const b of data.baggageAllocations) {
    const flight = flightId.get(b.flight_id);
    const segregation = segregationName.get(b.segregation_id);
    if (!flight || !segregation || !MAKEUP.has(typeOf.get(b.resource_id) ?? '')) continue;
    allocations.push({
      flight,
      segregation,
      resource: resourceId.get(b.resource_id)!,
      position: b.position_index,
      from_minutes: minutes(b.start),
      to_minutes: minutes(b.end),
    });
  }
  return allocations;
}

/** One checkpoint's lanes per period as windows, equal neighbouring periods merged. */
function laneWindows(lanes: readonly number[], originMinute: number, periodMinutes: number): LaneWindow[] {
  const windows: LaneWindow[] = [];
  lanes.forEach((n, i) => {
    const from = originMinute + i * periodMinutes;
    const last = windows[windows.length - 1];
    if (last && last.lanes === n && last.to_minutes === from) last.to_minutes = from + periodMinutes;
    else windows.push({ from_minutes: from, to_minutes: from + periodMinutes, lanes: n });
  });
  return windows;
}

/**
 * The applied plan's security stations as lane schedules of the security resources. A station is
 * (the group of) a security output (its lanes fill its resources in order, each up to its positions: the plan
 * never opens more than the checkpoint has) or a security resource itself. Answers the resources
 * with their schedules; notes what was applied.
 */
export function withLaneSchedules(
  resources: AirportInput['resources'],
  outputs: AirportInput['flow']['outputs'],
  plan: AppliedPlan | null | undefined,
  notes: string[],
): AirportInput['resources'] {
  if (!plan) return resources;
  const byId = new Map(resources.map((r) => [r.id, r]));
  const schedules = new Map<string, LaneWindow[]>();
  let applied = 0;
  for (const [id, station] of Object.entries(plan.stations)) {
    if (station.kind !== 'security') continue;
    // The engine names a checkpoint's station "<output> / common" (security opens for everyone).
    const output = outputs.find((o) => id === o.id || id.startsWith(`${o.id} / `));
    const members = (output?.resources ?? (byId.get(id)?.type === 'security' ? [id] : [])).filter((r) => byId.has(r));
    if (members.length === 0) continue;
    applied++;
    const left = [...station.servers];
    for (const member of members) {
      const room = byId.get(member)!.positions ?? 1;
      const own = left.map((n) => Math.min(n, room));
      own.forEach((n, i) => (left[i] -= n));
      schedules.set(member, laneWindows(own, plan.origin_minute, station.period_minutes));
    }
  }
  if (applied) notes.push(`Security lanes open as the applied sizing plan says (${applied} checkpoint${applied === 1 ? '' : 's'}).`);
  return resources.map((r) => {
    const schedule = schedules.get(r.id);
    return schedule ? { ...r, lane_schedule: schedule } : r;
  });
}

/**
 * A zone's queue area, where the scenario gives one, shared equally by the queues and security
 * outputs whose resources all stand in it (the others keep their resources' areas).
 */
export function withZoneAreas(flow: AirportInput['flow'], data: SimulationApiData, resourceId: Map<number, string>): AirportInput['flow'] {
  const zoneOf = new Map(data.resources.map((r) => [resourceId.get(r.id)!, r.zone_id]));
  const areaOf = new Map(data.zones.flatMap((z) => (z.queue_area_m2 !== null ? [[z.id, z.queue_area_m2] as const] : [])));
  const zoneOfNode = (n: { resources: readonly string[] }) => {
    const zones = new Set(n.resources.map((r) => zoneOf.get(r)));
    const [zone] = zones;
    return zones.size === 1 && zone !== undefined && areaOf.has(zone) ? zone : undefined;
  };
  const nodes = [...flow.queues, ...flow.outputs];
  const sharing = new Map<number, number>();
  for (const n of nodes) {
    const zone = zoneOfNode(n);
    if (zone !== undefined) sharing.set(zone, (sharing.get(zone) ?? 0) + 1);
  }
  const withArea = <N extends { resources: string[] }>(n: N): N => {
    const zone = zoneOfNode(n);
    return zone === undefined ? n : { ...n, area_m2: areaOf.get(zone)! / sharing.get(zone)! };
  };
  return { ...flow, queues: flow.queues.map(withArea), outputs: flow.outputs.map(withArea) };
}

// Containers and bag flow from the make-up allocation (pure, tested): containers per flight and
// segregation by container type (the aircraft's, AKE when it has none), the containers closing
// out of make-up per hour and zone, and the bags flowing into make-up per 5 minutes, each
// position's bags spread evenly over its window.
import { clockLabel, dayClock } from '../../../../workers/report/time';
import type { ReportBaggageAllocation, ReportDay, ReportResource, ReportZone } from '../../../../workers/report/types';

const DEFAULT_CONTAINER = 'AKE';

export type ContainerSources = {
  day: ReportDay;
  zones: ReportZone[];
  resources: ReportResource[];
  flights: { id: number; airline_id: number; flight_number: string; scheduled: string; aircraft_id: number | null }[];
  airlines: { id: number; code: string }[];
  aircraft: { id: number; container_type: string }[];
  segregations: { id: number; flight_id: number; name: string }[];
  allocations: ReportBaggageAllocation[];
};

export type ContainerRow = {
  key: string;
  flight: string;
  std: number;
  segregation: string;
  containerType: string;
  zone: string;
  positions: number;
  bags: number;
  containers: number;
  /** Make-up close (the window's end), minutes of the design day. */
  close: number;
};

export function containerRows(s: ContainerSources): ContainerRow[] {
  const clock = dayClock(s.day.designDate, s.day.timeZone);
  const flights = new Map(s.flights.map((f) => [f.id, f]));
  const codes = new Map(s.airlines.map((a) => [a.id, a.code]));
  const types = new Map(s.aircraft.map((a) => [a.id, a.container_type.trim()]));
  const segregations = new Map(s.segregations.map((g) => [g.id, g]));
  const zoneOfResource = new Map(s.resources.map((r) => [r.id, r.zone_id]));
  const zoneNames = new Map(s.zones.map((z) => [z.id, z.name]));
  const rows = new Map<number, ContainerRow>();
  for (const a of s.allocations) {
    const row = rows.get(a.segregation_id);
    if (row) {
      row.positions += 1;
      row.bags += a.bags;
      row.containers += a.containers;
      row.close = Math.max(row.close, clock.toMinutes(a.end));
      continue;
    }
    const flight = flights.get(a.flight_id);
    const type = flight?.aircraft_id != null ? types.get(flight.aircraft_id) : undefined;
    const zoneId = zoneOfResource.get(a.resource_id);
    rows.set(a.segregation_id, {
      key: String(a.segregation_id),
      flight: flight ? `${codes.get(flight.airline_id) ?? '?'} ${flight.flight_number}` : `Flight ${a.flight_id}`,
      std: flight ? clock.toMinutes(flight.scheduled) : clock.toMinutes(a.end),
      segregation: segregations.get(a.segregation_id)?.name ?? `#${a.segregation_id}`,
      containerType: type || DEFAULT_CONTAINER,
      zone: (zoneId !== undefined ? zoneNames.get(zoneId) : undefined) ?? 'Unknown zone',
      positions: 1,
      bags: a.bags,
      containers: a.containers,
      close: clock.toMinutes(a.end),
    });
  }
  return [...rows.values()].sort((a, b) => a.std - b.std || a.flight.localeCompare(b.flight) || a.segregation.localeCompare(b.segregation));
}

export type HourTotals = {
  zones: string[];
  /** One row per hour with containers closing in it: [hour start, containers per zone (zones order), total]. */
  hours: { hour: number; label: string; byZone: number[]; total: number }[];
  byZone: number[];
  byType: { type: string; containers: number }[];
  total: number;
};

/** Containers per hour of make-up close and per zone, with the totals. */
export function containerTotals(rows: readonly ContainerRow[]): HourTotals {
  const zones = [...new Set(rows.map((r) => r.zone))].sort();
  const hours = new Map<number, number[]>();
  const types = new Map<string, number>();
  for (const r of rows) {
    const hour = Math.floor(r.close / 60) * 60;
    const cells = hours.get(hour) ?? new Array<number>(zones.length).fill(0);
    cells[zones.indexOf(r.zone)] += r.containers;
    hours.set(hour, cells);
    types.set(r.containerType, (types.get(r.containerType) ?? 0) + r.containers);
  }
  const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
  return {
    zones,
    hours: [...hours.entries()]
      .sort(([a], [b]) => a - b)
      .map(([hour, byZone]) => ({ hour, label: `${clockLabel(hour)}–${clockLabel(hour + 60)}`, byZone, total: sum(byZone) })),
    byZone: zones.map((z) => sum(rows.filter((r) => r.zone === z).map((r) => r.containers))),
    byType: [...types.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([type, containers]) => ({ type, containers })),
    total: sum(rows.map((r) => r.containers)),
  };
}

export type BagFlow = { slotMinutes: number; from: number; zones: string[]; /** bags per slot, per zone */ series: number[][] };

/** Bags arriving in make-up per slot and zone, each allocation's bags spread evenly over its window. */
export function bagFlow(s: Pick<ContainerSources, 'day' | 'zones' | 'resources' | 'allocations'>, slotMinutes = 5): BagFlow {
  const clock = dayClock(s.day.designDate, s.day.timeZone);
  const zoneOfResource = new Map(s.resources.map((r) => [r.id, r.zone_id]));
  const zoneNames = new Map(s.zones.map((z) => [z.id, z.name]));
  const windows = s.allocations.map((a) => {
    const zoneId = zoneOfResource.get(a.resource_id);
    return {
      zone: (zoneId !== undefined ? zoneNames.get(zoneId) : undefined) ?? 'Unknown zone',
      start: clock.toMinutes(a.start),
      end: clock.toMinutes(a.end),
      bags: a.bags,
    };
  });
  const zones = [...new Set(windows.map((w) => w.zone))].sort();
  if (windows.length === 0) return { slotMinutes, from: 0, zones, series: [] };
  const from = Math.floor(Math.min(...windows.map((w) => w.start)) / 60) * 60;
  const to = Math.ceil(Math.max(...windows.map((w) => w.end)) / 60) * 60;
  const count = Math.max(1, Math.ceil((to - from) / slotMinutes));
  const series = zones.map(() => new Array<number>(count).fill(0));
  for (const w of windows) {
    const length = w.end - w.start;
    if (length <= 0) continue;
    const row = series[zones.indexOf(w.zone)];
    for (let i = Math.floor((w.start - from) / slotMinutes); i < count && from + i * slotMinutes < w.end; i++) {
      const lo = Math.max(w.start, from + i * slotMinutes);
      const hi = Math.min(w.end, from + (i + 1) * slotMinutes);
      if (hi > lo) row[i] += (w.bags * (hi - lo)) / length;
    }
  }
  return { slotMinutes, from, zones, series };
}

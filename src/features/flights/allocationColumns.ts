// The flights grid's allocation columns (pure apart from the column definitions, tested): per
// flight, where its segregations are made up (resource and positions per segregation), the
// make-up window, bags, containers and whether the allocation is locked, from the baggage
// allocations the make-up job (or a Gantt move) wrote; once the job has placed anything, the
// segregations it left without a position are named and their bags counted apart.
import type { ColDef } from 'ag-grid-community';
import { clockLabel, type DayClock } from '../../../workers/report/time';

export type FlightAllocationFields = {
  /** "Y: Carousel 1 P2, P3 · J: Chute 1 P1"; empty when not allocated. */
  makeup: string;
  makeup_window: string;
  bags_allocated: number | null;
  /** Bags of its segregations without a make-up position. */
  bags_not_placed: number | null;
  containers: number | null;
  /** "yes", "no" or "partly" (some positions locked); empty when not allocated. */
  allocation_locked: string;
};

export const NO_ALLOCATION: FlightAllocationFields = {
  makeup: '',
  makeup_window: '',
  bags_allocated: null,
  bags_not_placed: null,
  containers: null,
  allocation_locked: '',
};

type Row = {
  flight_id: number;
  segregation_id: number;
  resource_id: number;
  position_index: number;
  start: string;
  end: string;
  bags: number;
  containers: number;
  locked: boolean;
};

export function flightAllocations(
  rows: readonly Row[],
  resources: readonly { id: number; name: string }[],
  segregations: readonly { id: number; name: string; flight_id: number; bags: number }[],
  clock: Pick<DayClock, 'toMinutes'>,
): Map<number, FlightAllocationFields> {
  const resourceName = new Map(resources.map((r) => [r.id, r.name]));
  const segregationName = new Map(segregations.map((s) => [s.id, s.name]));
  const byFlight = new Map<number, Row[]>();
  for (const row of rows) byFlight.set(row.flight_id, [...(byFlight.get(row.flight_id) ?? []), row]);
  const out = new Map<number, FlightAllocationFields>();
  for (const [flightId, list] of byFlight) {
    const perSegregation = new Map<number, Row[]>();
    for (const row of list) perSegregation.set(row.segregation_id, [...(perSegregation.get(row.segregation_id) ?? []), row]);
    const makeup = [...perSegregation.entries()]
      .map(([segregationId, held]) => {
        const places = new Map<number, number[]>();
        for (const r of held) places.set(r.resource_id, [...(places.get(r.resource_id) ?? []), r.position_index + 1]);
        const where = [...places.entries()].map(
          ([id, positions]) =>
            `${resourceName.get(id) ?? `#${id}`} ${positions
              .sort((a, b) => a - b)
              .map((p) => `P${p}`)
              .join(', ')}`,
        );
        return `${segregationName.get(segregationId) ?? `#${segregationId}`}: ${where.join(' + ')}`;
      })
      .sort()
      .join(' · ');
    const start = Math.min(...list.map((r) => clock.toMinutes(r.start)));
    const end = Math.max(...list.map((r) => clock.toMinutes(r.end)));
    const locked = list.filter((r) => r.locked).length;
    out.set(flightId, {
      makeup,
      makeup_window: `${clockLabel(start)}–${clockLabel(end)}`,
      bags_allocated: list.reduce((n, r) => n + r.bags, 0),
      bags_not_placed: 0,
      containers: list.reduce((n, r) => n + r.containers, 0),
      allocation_locked: locked === 0 ? 'no' : locked === list.length ? 'yes' : 'partly',
    });
  }
  if (rows.length > 0) markNotPlaced(out, rows, segregations);
  return out;
}

/** The segregations with bags and no position: named in the make-up column, their bags counted. */
function markNotPlaced(
  out: Map<number, FlightAllocationFields>,
  rows: readonly Row[],
  segregations: readonly { id: number; name: string; flight_id: number; bags: number }[],
) {
  const placed = new Set(rows.map((r) => r.segregation_id));
  for (const s of segregations) {
    if (placed.has(s.id) || s.bags <= 0) continue;
    const fields = out.get(s.flight_id) ?? { ...NO_ALLOCATION, bags_allocated: 0, containers: 0 };
    const note = `${s.name}: not placed`;
    out.set(s.flight_id, { ...fields, makeup: fields.makeup ? `${fields.makeup} · ${note}` : note, bags_not_placed: (fields.bags_not_placed ?? 0) + s.bags });
  }
}

export function allocationColumns<T extends FlightAllocationFields>(): ColDef<T>[] {
  return [
    {
      field: 'makeup' as ColDef<T>['field'],
      headerName: 'Make-up positions',
      width: 240,
      headerTooltip: 'Per segregation: the make-up resource and positions',
    },
    { field: 'makeup_window' as ColDef<T>['field'], headerName: 'Make-up window', width: 140 },
    {
      field: 'bags_allocated' as ColDef<T>['field'],
      headerName: 'Bags placed',
      width: 115,
      filter: 'agNumberColumnFilter',
      headerTooltip: 'Bags on make-up positions',
    },
    {
      field: 'bags_not_placed' as ColDef<T>['field'],
      headerName: 'Bags not placed',
      width: 140,
      filter: 'agNumberColumnFilter',
      headerTooltip: 'Bags of segregations the make-up allocation found no position for (the Make-up Gantt shows them to place by hand)',
      cellClassRules: { 'grid-cell--warning': (p) => Number(p.value) > 0 },
    },
    { field: 'containers' as ColDef<T>['field'], headerName: 'Containers', width: 115, filter: 'agNumberColumnFilter' },
    { field: 'allocation_locked' as ColDef<T>['field'], headerName: 'Locked', width: 95 },
  ];
}

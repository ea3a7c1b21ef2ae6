// The make-up Gantt as an SVG file for a report: one row per make-up position grouped by
// resource and zone, one bar per baggage allocation in its airline's colour, conflicts outlined.
import { ganttLookups } from './ganttLookups';
import { clashingIds, laneKey, makeupLanes } from './lanes';
import { designDayLabel } from './time';
import { ganttSvg, type SvgBar } from './svg';
import { dayDomain } from './time';
import type { MakeupGanttData } from './types';

export function renderMakeupGanttSvg(data: MakeupGanttData): string {
  const { clock, flights, codes, colour } = ganttLookups(data);
  const { lanes, groups } = makeupLanes(data.zones, data.resources);
  const laneOf = new Map(lanes.map((l, i) => [l.key, i]));
  const segregations = new Map(data.segregations.map((s) => [s.id, s]));
  const placed = data.allocations.map((a) => ({
    row: a,
    id: a.id,
    lane: laneOf.get(laneKey(a.resource_id, a.position_index)) ?? -1,
    start: clock.toMinutes(a.start),
    end: clock.toMinutes(a.end),
  }));
  const clashing = clashingIds(placed, data.bufferMinutes ?? 0);
  const bars: SvgBar[] = placed.map(({ row, id, lane, start, end }) => {
    const flight = flights.get(row.flight_id);
    const code = flight ? (codes.get(flight.airline_id) ?? '') : '';
    const name = flight ? `${code} ${flight.flight_number}` : `Flight ${row.flight_id}`;
    const seg = segregations.get(row.segregation_id)?.name ?? '';
    return {
      lane,
      span: 1,
      start,
      end,
      fill: colour(code),
      label: `${name} ${seg}`.trim(),
      title: `${name} ${seg}: ${row.bags} bags, ${row.containers} containers${row.locked ? ', locked' : ''}`,
      clash: clashing.has(id),
      locked: row.locked,
    };
  });
  return ganttSvg({
    title: data.title ?? 'Baggage make-up allocation',
    subtitle: `${designDayLabel(data.day)} · ${lanes.length} make-up positions · ${bars.length} allocations`,
    lanes,
    groups,
    domain: dayDomain(placed),
    bars,
  });
}

// The check-in counter Gantt as an SVG file for a report: one row per counter grouped by zone
// (island), one bar per counter allocation in the airline's colour, conflicts outlined.
import { ganttLookups } from './ganttLookups';
import { clashingIds, counterLanes, laneKey } from './lanes';
import { designDayLabel } from './time';
import { ganttSvg, type SvgBar } from './svg';
import { dayDomain } from './time';
import type { CheckinGanttData } from './types';

export function renderCheckinGanttSvg(data: CheckinGanttData): string {
  const { clock, flights, codes, colour } = ganttLookups(data);
  const { lanes, groups } = counterLanes(data.zones, data.resources);
  const laneOf = new Map(lanes.map((l, i) => [l.key, i]));
  const placed = data.allocations.map((a) => ({
    row: a,
    id: a.id,
    lane: laneOf.get(laneKey(a.resource_id, 0)) ?? -1,
    start: clock.toMinutes(a.start),
    end: clock.toMinutes(a.end),
  }));
  const clashing = clashingIds(placed);
  const bars: SvgBar[] = placed.map(({ row, id, lane, start, end }) => {
    const flight = row.flight_id === null ? undefined : flights.get(row.flight_id);
    const code = codes.get(flight?.airline_id ?? row.airline_id ?? -1) ?? '';
    const label = flight ? `${code} ${flight.flight_number}` : `${code} common`;
    return {
      lane,
      span: 1,
      start,
      end,
      fill: colour(code),
      label,
      title: `${label}${row.locked ? ', locked' : ''}`,
      clash: clashing.has(id),
      locked: row.locked,
    };
  });
  return ganttSvg({
    title: data.title ?? 'Check-in counter allocation',
    subtitle: `${designDayLabel(data.day)} · ${lanes.length} counters · ${bars.length} counter allocations`,
    lanes,
    groups,
    domain: dayDomain(placed),
    bars,
  });
}

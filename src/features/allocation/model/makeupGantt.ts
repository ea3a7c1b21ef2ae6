// API rows to the make-up Gantt (pure, tested): a lane per make-up position, a bar per baggage
// allocation in its airline's primary colour, clashes on a position with the clearing buffer, and
// an overload flag on a position fed more bags an hour than it can load.
import { ganttLookups } from '../../../../workers/report/ganttLookups';
import { clashingIds, laneKey, makeupLanes } from '../../../../workers/report/lanes';
import { clockLabel, dayDomain } from '../../../../workers/report/time';
import type { MakeupGanttData } from '../../../../workers/report/types';
import type { GanttBar, GanttModel } from './ganttModel';

export type MakeupOptions = { bufferMinutes: number; maxBagsPerHour: number };

export const bagsPerHour = (bags: number, start: number, end: number) => (end > start ? (bags * 60) / (end - start) : Infinity);

export function buildMakeupGantt(data: MakeupGanttData, { bufferMinutes, maxBagsPerHour }: MakeupOptions): GanttModel {
  const { clock, flights, codes, colour } = ganttLookups(data);
  const { lanes, groups } = makeupLanes(data.zones, data.resources);
  const laneOf = new Map(lanes.map((l, i) => [l.key, i]));
  const segregations = new Map(data.segregations.map((s) => [s.id, s]));

  const bars: GanttBar[] = data.allocations.map((a) => {
    const flight = flights.get(a.flight_id);
    const code = flight ? (codes.get(flight.airline_id) ?? '') : '';
    const name = flight ? `${code} ${flight.flight_number}` : `Flight ${a.flight_id}`;
    const segregation = segregations.get(a.segregation_id)?.name ?? `#${a.segregation_id}`;
    const lane = laneOf.get(laneKey(a.resource_id, a.position_index)) ?? -1;
    const start = clock.toMinutes(a.start);
    const end = clock.toMinutes(a.end);
    const where = lane >= 0 ? `${lanes[lane].resourceName} ${lanes[lane].label}` : `resource #${a.resource_id}, position ${a.position_index + 1}`;
    return {
      id: a.id,
      rowIds: [a.id],
      lane,
      span: 1,
      start,
      end,
      colour: colour(code),
      airline: code,
      label: `${name} ${segregation}`,
      details: [
        `${name} · segregation ${segregation}`,
        `${a.bags} bags · ${a.containers} container${a.containers === 1 ? '' : 's'}`,
        `${clockLabel(start)}–${clockLabel(end)} · ${where}`,
        ...(flight ? [`STD ${clockLabel(clock.toMinutes(flight.scheduled))}`] : []),
      ],
      clash: false,
      overload: bagsPerHour(a.bags, start, end) > maxBagsPerHour,
      locked: a.locked,
    };
  });
  const clashing = clashingIds(bars, bufferMinutes);
  for (const bar of bars) bar.clash = clashing.has(bar.id);
  return { lanes, groups, bars, domain: dayDomain(bars), buffer: bufferMinutes, offChart: bars.filter((b) => b.lane < 0).length };
}

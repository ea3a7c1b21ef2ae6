// API rows to the check-in counter Gantt (pure, tested): a lane per counter grouped by zone
// (island), and one bar per block, the counters next to each other in one island opened for the
// same flight (or airline) over the same window; counters used twice at once are clashes.
import { ganttLookups } from '../../../../workers/report/ganttLookups';
import { clashingIds, counterLanes, laneKey } from '../../../../workers/report/lanes';
import { clockLabel, dayDomain } from '../../../../workers/report/time';
import type { CheckinGanttData, ReportResourceAllocation } from '../../../../workers/report/types';
import type { GanttBar, GanttModel } from './ganttModel';

export function buildCheckinGantt(data: CheckinGanttData): GanttModel {
  const { clock, flights, codes, colour } = ganttLookups(data);
  const { lanes, groups } = counterLanes(data.zones, data.resources);
  const laneOf = new Map(lanes.map((l, i) => [l.key, i]));

  // Rows of one owner and window, by lane; runs of adjacent lanes in one zone become one block.
  const owners = new Map<string, { lane: number; row: ReportResourceAllocation }[]>();
  const offChart: ReportResourceAllocation[] = [];
  for (const row of data.allocations) {
    const lane = laneOf.get(laneKey(row.resource_id, 0));
    if (lane === undefined) {
      offChart.push(row);
      continue;
    }
    const key = `${row.flight_id ?? `a${row.airline_id}`}|${row.start}|${row.end}|${lanes[lane].zoneId}`;
    const list = owners.get(key);
    if (list) list.push({ lane, row });
    else owners.set(key, [{ lane, row }]);
  }
  const blocks: { lane: number; rows: ReportResourceAllocation[] }[] = [];
  for (const list of owners.values()) {
    list.sort((a, b) => a.lane - b.lane);
    let current: { lane: number; rows: ReportResourceAllocation[] } | null = null;
    for (const item of list) {
      if (current && current.lane + current.rows.length === item.lane) current.rows.push(item.row);
      else blocks.push((current = { lane: item.lane, rows: [item.row] }));
    }
  }
  for (const row of offChart) blocks.push({ lane: -1, rows: [row] });

  const bars: GanttBar[] = blocks.map(({ lane, rows }) => {
    const first = rows[0];
    const flight = first.flight_id === null ? undefined : flights.get(first.flight_id);
    const code = codes.get(flight?.airline_id ?? first.airline_id ?? -1) ?? '';
    // A common check-in bar is labelled by the airline code alone: a half-hour phase is narrow.
    const name = flight ? `${code} ${flight.flight_number}` : code;
    const start = clock.toMinutes(first.start);
    const end = clock.toMinutes(first.end);
    const where = lane >= 0 ? `${lanes[lane].zoneName}, ${lanes[lane].label}${rows.length > 1 ? `–${lanes[lane + rows.length - 1].label}` : ''}` : `counter #${first.resource_id}`;
    return {
      id: first.id,
      rowIds: rows.map((r) => r.id),
      lane,
      span: rows.length,
      start,
      end,
      colour: colour(code),
      airline: code,
      label: name,
      details: [
        flight ? name : `${code} common check-in`,
        `${rows.length} counter${rows.length === 1 ? '' : 's'} · ${where}`,
        `${clockLabel(start)}–${clockLabel(end)}${flight ? ` · STD ${clockLabel(clock.toMinutes(flight.scheduled))}` : ''}`,
      ],
      clash: false,
      overload: false,
      locked: rows.every((r) => r.locked),
    };
  });
  const clashing = clashingIds(bars, 0);
  for (const bar of bars) bar.clash = clashing.has(bar.id);
  return { lanes, groups, bars, domain: dayDomain(bars), buffer: 0, offChart: offChart.length };
}
